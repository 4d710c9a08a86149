import * as v from 'valibot';
import '../src/main.css';
import { HostToWebview } from '@roundtable/core/protocol';
import { it } from 'vitest';
import { MarkdownBlocks } from '../src/markdown/MarkdownBlocks';
import { renderMarkdown } from '../src/markdown/renderMarkdown';
import { AppHarness, pageRoot } from '../src/testing/AppHarness';
import { countRenders } from '../src/testing/counters';
import { priorMessages, viewMessage, viewState } from '../src/testing/fixtures';
import { nextFrame, untilFrame } from '../src/testing/frames';
import { describeInChromium } from '../src/testing/inChromium';
import { longReply, streamPieces } from '../src/testing/longReply';
import { type FirstStateRun, formatFirstStateReport, type ParseRun, type ResyncRun } from './firstStateReport';
import { inNextFrame } from './inNextFrame';

// `pnpm bench`, in headless Chromium: how long the first `view/state` of a thread of 10, 1,000 and 10,000 messages
// takes to apply and render, against the goal (at most 1.2x the 10-message figure); what a resync of the thread shown
// re-renders; and how much Markdown a streamed reply parses per character, in large and small batches (goal: 2x).
// Printed, never asserted.

const SIZES = [10, 1_000, 10_000] as const;
const SAMPLES = 7;

const messageCount = () => document.querySelectorAll('[data-testid="message"]').length;

/** Mounts the app waiting for its first state, lets it settle, and measures the frame that applies and renders it. */
async function firstState(
  size: number,
): Promise<{ frame: number; validation: number; whole: number; rendered: number }> {
  const h = new AppHarness();
  try {
    h.mount(undefined, undefined, pageRoot());
    const state = h.host.state(viewState({}, priorMessages(size)));
    for (let frame = 0; frame < 5; frame++) await nextFrame();
    const sample = await inNextFrame(() => h.transport.emit(state), performance.now());
    const rendered = messageCount();
    // A large state's whole thread follows its newest messages (see HostMessageDispatcher): when is it all there?
    await untilFrame(() => h.chat?.replica.order.peek().length === size, 'the whole thread in the replica');
    const whole = performance.now() - sample.start;
    // What validating all of it alone takes (the transport's schema), in a frame of its own, after the rest.
    await nextFrame();
    const validating = performance.now();
    v.parse(HostToWebview, state);
    const validation = performance.now() - validating;
    return { frame: sample.frame, validation, whole, rendered };
  } finally {
    h.dispose();
  }
}

async function firstStates(): Promise<FirstStateRun[]> {
  // Warms up the JIT and the Markdown renderer, so the first measured size does not pay for them.
  for (let i = 0; i < 3; i++) await firstState(1_000);
  const runs: FirstStateRun[] = SIZES.map((messages) => ({
    messages,
    frames: [],
    validations: [],
    wholes: [],
    rendered: 0,
  }));
  // Interleaved, so a slow moment of the machine does not fall on one size only.
  for (let i = 0; i < SAMPLES; i++) {
    for (const run of runs) {
      const { frame, validation, whole, rendered } = await firstState(run.messages);
      run.frames.push(frame);
      run.validations.push(validation);
      run.wholes.push(whole);
      run.rendered = rendered;
    }
  }
  return runs;
}

/** A full state for the thread already shown, equal but for one message's text: what does it render? */
async function resync(size: number): Promise<ResyncRun> {
  const h = new AppHarness();
  try {
    h.mount(undefined, undefined, pageRoot());
    const messages = priorMessages(size);
    h.emit(h.host.state(viewState({}, messages)));
    for (let frame = 0; frame < 5; frame++) await nextFrame();
    const changed = messages.map((m) => (m.id === messages.at(-1)?.id ? viewMessage({ ...m, content: 'Edited.' }) : m));
    const state = h.host.state(viewState({}, changed));
    const renders = countRenders();
    let frame: number;
    try {
      frame = (await inNextFrame(() => h.transport.emit(state), performance.now())).frame;
    } finally {
      renders.stop();
    }
    const bubbles = (renders.byName.get('MessageBubble') ?? 0) + (renders.byName.get('ReviewBubble') ?? 0);
    return { messages: size, bubbles, components: renders.total, frame };
  } finally {
    h.dispose();
  }
}

/** Streams `reply` through a message's Markdown model in `pieces`, counting the characters parsed. */
function parsed(reply: string, pieces: readonly string[], batches: string): ParseRun {
  let parsedChars = 0;
  const model = new MarkdownBlocks((text) => {
    parsedChars += text.length;
    return renderMarkdown(text);
  });
  let text = '';
  for (const piece of pieces) {
    text += piece;
    model.update(text, false);
  }
  model.update(text, true);
  return { batches, replyChars: reply.length, parsedChars };
}

function cut(text: string, size: number): string[] {
  return Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));
}

describeInChromium('pnpm bench: first state, resync and Markdown parsed, in Chromium', () => {
  it('first state of 10, 1,000 and 10,000 messages; a resync of 1,000; a reply in large and small batches', async () => {
    const { commands } = await import('vitest/browser');
    const first = await firstStates();
    const resyncRun = await resync(1_000);
    const reply = longReply(20_000);
    const parse = [
      parsed(reply, streamPieces(reply), 'the host’s batches (20-79 chars)'),
      parsed(reply, cut(reply, 8), '8 chars'),
      parsed(reply, cut(reply, 2), '2 chars'),
    ];
    await commands.report(
      formatFirstStateReport({
        first,
        resync: resyncRun,
        parse,
        browser: navigator.userAgent.match(/HeadlessChrome\/[\d.]+|Chrome\/[\d.]+/)?.[0] ?? navigator.userAgent,
        viewport: `${innerWidth}×${innerHeight}`,
      }),
    );
  });
});
