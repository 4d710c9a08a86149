/** Resolves in the next animation frame, after the callbacks queued before it (the list's scroll-follow runs there). */
export function nextFrame(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Waits, frame by frame, until `condition` holds: a wait on what the page does, never on a fixed delay. Fails
 * after `maxFrames` frames (about 16.7 ms each) with `what` in the message.
 */
export async function untilFrame(condition: () => boolean, what: string, maxFrames = 600): Promise<void> {
  for (let frame = 0; frame < maxFrames; frame++) {
    if (condition()) return;
    await nextFrame();
  }
  if (!condition()) throw new Error(`still waiting after ${maxFrames} frames for ${what}`);
}
