import '../src/main.css';
import { it } from 'vitest';
import { isNearBottom } from '../src/components/scroll';
import { AppHarness, LIVE, pageRoot } from '../src/testing/AppHarness';
import { priorMessages, turnPlan, viewMessage, viewState } from '../src/testing/fixtures';
import { nextFrame, untilFrame } from '../src/testing/frames';
import { describeInChromium } from '../src/testing/inChromium';
import { longReply, streamPieces } from '../src/testing/longReply';
import type { MomentJs } from './buildFirstTranscript';
import { type FrameSample, formatReport } from './frameReport';
import { inNextFrame } from './inNextFrame';

// `pnpm bench`, in headless Chromium: what a frame costs while a reply of about 20,000 tokens (80,000 characters,
// a code block every few hundred) streams into a thread with 10 and with 1,000 earlier messages, one piece (a 50 ms
// batch of the host's) per frame, with the real stylesheets; then while three such replies (an Independent turn's)
// stream at once into the thread of 10, one piece of each per frame; and the first-transcript JS of a fresh build.
// Printed, never asserted: timings depend on the machine and what else it runs.
//
// Frame time: from a frame's start (its requestAnimationFrame timestamp, where the piece is applied, or the end of the
// previous frame if that ran late) until the main thread is free again after that frame (a task posted from the
// frame runs after its style, layout and paint): the scripts, style, layout and paint recording the piece costs, plus
// anything else the frame ran (the list following the output). Raster and compositing run on other threads and are
// not in it. The rAF interval (from one frame's timestamp to the next) is what the user sees: 16.7 ms when no frame
// is dropped.

declare module 'vitest/browser' {
  interface BrowserCommands {
    firstTranscriptJs: () => Promise<MomentJs>;
    report: (text: string) => Promise<void>;
  }
}

const REPLY = longReply(80_000);
const PIECES = streamPieces(REPLY);
const WARM_UP_PIECES = 300;

const SEATS = ['claude', 'gpt', 'gemini'];

/**
 * Mounts the app on the page showing a busy thread of `prior` finished messages, an Independent turn's question and
 * its three replies streaming at once (ids `live-claude`, …), empty so far.
 */
function openThreeAtOnce(h: AppHarness, prior: number): string[] {
  h.mount(undefined, undefined, pageRoot());
  const plan = turnPlan({
    id: 'bench-plan',
    mode: 'independent',
    question: 'bench-question',
    steps: [{ kind: 'answer', seats: SEATS, reads: 'blind', names: 'labelled', concurrency: SEATS.length }],
  });
  const question = viewMessage({ id: 'bench-question', role: 'user', speaker: 'user', content: 'All of you, please.' });
  const thread = { busy: true, mode: 'independent' as const, plans: [plan] };
  h.emit(h.host.state(viewState({ thread }, [...priorMessages(prior), question])));
  return SEATS.map((speaker, i) => {
    const id = `live-${speaker}`;
    const step = { plan: plan.id, index: 0 };
    h.emit(h.host.added(viewMessage({ id, speaker, content: '', status: 'streaming', step }), prior + 1 + i));
    return id;
  });
}

/**
 * Streams `pieces` into a thread of `prior` messages, one per frame, as the webview gets them (no `act`): into one
 * reply, or (`replies` 3) into each of an Independent turn's three replies, one piece of each in every frame.
 */
async function streamFrames(prior: number, pieces: readonly string[], replies: 1 | 3 = 1): Promise<FrameSample[]> {
  const h = new AppHarness();
  try {
    let live = [LIVE];
    if (replies === 1) h.openStreamingThread(prior);
    else live = openThreeAtOnce(h, prior);
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]');
    if (!list) throw new Error('no message list');
    await untilFrame(() => isNearBottom(list), 'the list to start at the bottom');
    for (let frame = 0; frame < 10; frame++) await nextFrame();
    const samples: FrameSample[] = [];
    let offset = 0;
    let end = performance.now();
    for (const piece of pieces) {
      const at = offset;
      const sample = await inNextFrame(() => {
        for (const id of live) h.transport.emit(h.host.appended(id, piece, at));
      }, end);
      samples.push(sample);
      end = sample.end;
      offset += piece.length;
    }
    for (const id of live) h.emit(h.host.status(id, 'complete'));
    return samples;
  } finally {
    h.dispose();
  }
}

describeInChromium('pnpm bench: frame time while a long reply streams, in Chromium', () => {
  it('with 10 and with 1,000 earlier messages, three at once with 10; and the first-transcript JS', async () => {
    // Imported here: the module exists only in browser mode, and without Chromium this file loads in happy-dom.
    const { commands } = await import('vitest/browser');
    // Warms up the JIT, the Markdown renderer and the highlighter's chunk, so neither measured run pays for them.
    await streamFrames(10, PIECES.slice(0, WARM_UP_PIECES));
    const short = await streamFrames(10, PIECES);
    const long = await streamFrames(1_000, PIECES);
    const together = await streamFrames(10, PIECES, 3);
    const size = await commands.firstTranscriptJs();
    await commands.report(
      formatReport({
        reply: REPLY,
        pieces: PIECES.length,
        runs: [
          { prior: 10, replies: 1, samples: short },
          { prior: 1_000, replies: 1, samples: long },
          { prior: 10, replies: 3, samples: together },
        ],
        size,
        browser: navigator.userAgent.match(/HeadlessChrome\/[\d.]+|Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent,
        viewport: `${innerWidth}×${innerHeight}`,
      }),
    );
  });
});
