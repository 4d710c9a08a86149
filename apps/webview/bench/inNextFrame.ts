import type { FrameSample } from './frameReport';

/**
 * Applies `work` at the start of the next frame; resolves once the main thread has finished that frame. A frame
 * starts at its requestAnimationFrame timestamp, or when the previous frame ended if that ran late (the timestamp is
 * when the frame was due, so a late frame would otherwise be counted twice).
 */
export function inNextFrame(work: () => void, previousEnd: number): Promise<FrameSample & { end: number }> {
  return new Promise((resolve) => {
    requestAnimationFrame((due) => {
      const start = Math.max(due, previousEnd);
      work();
      let scripted = start;
      // Queued after Preact's render (a microtask the piece scheduled), so it marks the end of the frame's scripts.
      queueMicrotask(() => {
        scripted = performance.now();
      });
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        const end = performance.now();
        resolve({ start: due, script: scripted - start, frame: end - start, end });
      };
      channel.port2.postMessage(undefined);
    });
  });
}
