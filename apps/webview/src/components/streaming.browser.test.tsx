import '../main.css';
import { fireEvent, screen } from '@testing-library/preact';
import { expect, it } from 'vitest';
import { highlightStats } from '../markdown/highlightCode';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { AppHarness, LIVE, messageEl } from '../testing/AppHarness';
import { countingRenderer, countRenders } from '../testing/counters';
import { nextFrame, untilFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { longReply, streamPieces } from '../testing/longReply';
import { GROUP_SIZE } from './messageGroups';
import { isNearBottom } from './scroll';

// A reply of about 20,000 tokens (80,000 characters) with a code block every few hundred characters streams, in the
// pieces the host posts every 50 ms, into a thread with 10 and with 1,000 earlier messages, in real Chromium with the
// real stylesheet, one frame per piece. Everything is counted, nothing timed. The user follows the output for the
// first half, scrolls up to read during the third quarter, and jumps back to the latest for the last.

const REPLY = longReply(80_000);
const PIECES = streamPieces(REPLY);
const FENCES = REPLY.split('```ts').length - 1;
const SCROLL_UP_AT = Math.floor(PIECES.length / 2);
const JUMP_BACK_AT = Math.floor((PIECES.length * 3) / 4);

interface Run {
  markdownChars: number;
  longestParse: number;
  /** Components rendered while each piece was applied. */
  rendersPerPiece: number[];
  /** Components rendered when the participants change, which re-renders every message: the counter's control. */
  rendersOnTableChange: number;
  /** Messages in the page at the end (the list renders the newest ones only). */
  messagesInPage: number;
  /** Per piece, in the phases where the user is at the bottom: did the list show the end after the frame? */
  atBottom: boolean[];
  scrollTopGrewBy: number;
  /** Per piece while scrolled up: how far the list moved, and whether Jump to latest was offered. */
  movedWhileUp: number[];
  jumpShownWhileUp: boolean[];
  grewWhileUp: number;
  /** Boxes under the list (message groups), and how many of them the browser skipped, off screen, at the end. */
  groups: number;
  groupsSkipped: number;
  /** The reply's runs of finished blocks, and how many of them the browser skipped at the end. */
  runs: number;
  runsSkipped: number;
  codeBlocks: number;
  highlighted: number;
  tokenized: number;
  shownText: string;
}

const jumpButton = () => screen.queryByTestId('jump-latest');

async function streamInto(prior: number): Promise<Run> {
  const h = new AppHarness();
  const { counter, markdown } = countingRenderer();
  const before = { ...highlightStats };
  try {
    h.openStreamingThread(prior, markdown);
    const list = screen.getByTestId('message-list');
    await untilFrame(() => isNearBottom(list), 'the list to start at the bottom');
    counter.chars = 0;
    counter.calls = [];
    const renders = countRenders();
    const run: Run = {
      markdownChars: 0,
      longestParse: 0,
      rendersPerPiece: [],
      rendersOnTableChange: 0,
      messagesInPage: 0,
      atBottom: [],
      scrollTopGrewBy: 0,
      movedWhileUp: [],
      jumpShownWhileUp: [],
      grewWhileUp: 0,
      groups: 0,
      groupsSkipped: 0,
      runs: 0,
      runsSkipped: 0,
      codeBlocks: 0,
      highlighted: 0,
      tokenized: 0,
      shownText: '',
    };
    try {
      const startTop = list.scrollTop;
      let offset = 0;
      let pinned = 0;
      let heightWhenUp = 0;
      for (const [i, piece] of PIECES.entries()) {
        if (i === SCROLL_UP_AT) {
          list.scrollTop -= 3 * list.clientHeight; // the user scrolls up to read
          await untilFrame(() => jumpButton() !== null, 'Jump to latest after scrolling up');
          pinned = list.scrollTop;
          heightWhenUp = list.scrollHeight;
        }
        if (i === JUMP_BACK_AT) {
          const jump = jumpButton();
          if (!jump) throw new Error('no Jump to latest while scrolled up');
          run.grewWhileUp = list.scrollHeight - heightWhenUp;
          fireEvent.click(jump);
        }
        // Counted while the piece is applied (Preact renders synchronously in `act`): what a timer renders
        // meanwhile (the seat strip's clock) has nothing to do with the piece.
        const rendered = renders.total;
        h.emit(h.host.appended(LIVE, piece, offset));
        run.rendersPerPiece.push(renders.total - rendered);
        offset += piece.length;
        await nextFrame();
        if (i >= SCROLL_UP_AT && i < JUMP_BACK_AT) {
          run.movedWhileUp.push(list.scrollTop - pinned);
          run.jumpShownWhileUp.push(jumpButton() !== null);
        } else {
          run.atBottom.push(isNearBottom(list));
        }
      }
      run.scrollTopGrewBy = list.scrollTop - startTop;
      // A box is skipped when the browser does not lay out or paint what is inside it (`content-visibility: auto`).
      const skipped = (boxes: Element[], inside: string) =>
        boxes.filter((box) => box.querySelector(inside)?.checkVisibility({ contentVisibilityAuto: true }) === false);
      const groups = [...list.querySelectorAll('.message-group')];
      const runs = [...messageEl(LIVE).querySelectorAll('.md-run')];
      run.groups = groups.length;
      run.messagesInPage = list.querySelectorAll('[data-testid="message"]').length;
      run.groupsSkipped = skipped(groups, '.message').length;
      run.runs = runs.length;
      run.runsSkipped = skipped(runs, '.md-block > *').length;
      h.emit(h.host.status(LIVE, 'complete'));
      const rendered = renders.total;
      const participants = h.chat?.replica.participants.peek() ?? [];
      const table = { participants: [...participants], groups: [], defaultTarget: 'claude', mode: 'discuss' as const };
      h.emit(h.host.send('table/changed', table));
      run.rendersOnTableChange = renders.total - rendered;
    } finally {
      renders.stop();
    }
    run.markdownChars = counter.chars;
    run.longestParse = Math.max(...counter.calls.map((text) => text.length));
    const codes = () => [...messageEl(LIVE).querySelectorAll<HTMLElement>('.code-block > pre > code')];
    await untilFrame(
      () => codes().every((code) => code.dataset.highlight === 'done'),
      'every code block to be highlighted',
      3_000,
    );
    // A few more frames: a block highlighted twice would be highlighted again by now.
    for (let frame = 0; frame < 30; frame++) await nextFrame();
    run.codeBlocks = codes().length;
    run.highlighted = highlightStats.applied - before.applied;
    run.tokenized = highlightStats.tokenized - before.tokenized;
    run.shownText = messageEl(LIVE).querySelector('[data-testid="message-content"]')?.textContent ?? '';
    return run;
  } finally {
    h.dispose();
  }
}

/** Each thread length is streamed once, by the first test that needs it. */
const runs = new Map<number, Promise<Run>>();
function runWith(prior: number): Promise<Run> {
  const run = runs.get(prior) ?? streamInto(prior);
  runs.set(prior, run);
  return run;
}

describeInChromium('streaming a 20,000-token reply in Chromium', () => {
  it.each([10, 1_000])('with %i earlier messages, parses at most twice the reply’s length in Markdown', async (n) => {
    const run = await runWith(n);
    expect(run.markdownChars).toBeLessThanOrEqual(2 * REPLY.length);
    expect(run.longestParse).toBeLessThan(600);
    const whole = document.createElement('div');
    whole.innerHTML = renderMarkdown(REPLY);
    expect(run.shownText).toBe(whole.textContent);
  });

  it('renders the same components for each piece with 1,000 earlier messages as with 10', async () => {
    const short = await runWith(10);
    const long = await runWith(1_000);
    expect(long.rendersPerPiece).toHaveLength(PIECES.length);
    expect(long.rendersPerPiece).toEqual(short.rendersPerPiece);
    // The streaming message's own few components, whatever the thread's length.
    expect(Math.max(...long.rendersPerPiece)).toBeLessThanOrEqual(12);
    // The control: a change that re-renders every message in the page is counted as such (two components each at
    // least). With 1,000 earlier messages, only the newest are in the page.
    expect(long.messagesInPage).toBeLessThan(100);
    expect(long.rendersOnTableChange).toBeGreaterThanOrEqual(2 * long.messagesInPage);
    expect(short.rendersOnTableChange).toBeGreaterThanOrEqual(2 * short.messagesInPage);
    expect(short.messagesInPage).toBe(11);
  });

  it.each([10, 1_000])(
    'with %i earlier messages, leaves what is off screen to the browser to skip, whatever the lengths',
    async (n) => {
      // What a frame costs grows with the boxes the browser lays out under the list and in the reply: rendered
      // messages sit in groups and the reply's finished blocks in runs, and those off screen are skipped whole.
      const run = await runWith(n);
      // Only the newest messages are rendered at all (see `useMessageWindow`): a few groups, whatever the thread.
      expect(run.groups).toBeGreaterThanOrEqual(1);
      expect(run.groups).toBeLessThanOrEqual(Math.min(3, Math.ceil((n + 1) / GROUP_SIZE)));
      expect(run.groupsSkipped).toBeGreaterThanOrEqual(run.groups - 2);
      expect(run.runs).toBeGreaterThan(20);
      expect(run.runsSkipped).toBeGreaterThanOrEqual(run.runs - 3);
    },
  );

  it.each([10, 1_000])('with %i earlier messages, highlights each closed fence once', async (n) => {
    const run = await runWith(n);
    expect(run.codeBlocks).toBe(FENCES);
    expect(run.highlighted).toBe(FENCES);
    // The tokenizer's cache answers for blocks seen before (the other run's), never more than once per block.
    expect(run.tokenized).toBeLessThanOrEqual(FENCES);
  });

  it.each([10, 1_000])('with %i earlier messages, follows the output while the user is at the bottom', async (n) => {
    const run = await runWith(n);
    expect(run.atBottom).toHaveLength(PIECES.length - (JUMP_BACK_AT - SCROLL_UP_AT));
    expect(run.atBottom.every(Boolean)).toBe(true);
    expect(run.scrollTopGrewBy).toBeGreaterThan(10_000);
  });

  it.each([10, 1_000])('with %i earlier messages, keeps the scroll position while the user reads above', async (n) => {
    const run = await runWith(n);
    expect(run.grewWhileUp).toBeGreaterThan(2_000);
    expect(run.movedWhileUp.every((moved) => moved === 0)).toBe(true);
    expect(run.jumpShownWhileUp.every(Boolean)).toBe(true);
  });
});
