import {
  REQUIRE_REAL_MODEL,
  type RealModel,
  realModelPython,
  startFakeProxy,
  startRealModel,
} from '@roundtable/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { contentOf } from '../src/chatView';
import { type FirstTokenRelay, startFirstTokenRelay } from '../src/firstTokenRelay';
import { type ParticipantSetting, roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { webviewFrameHandle } from '../src/workbench';

// A real open-weight model at the table: three seats on the three aliases of one llama.cpp server (SmolLM2-135M), in
// a real VS Code. Its words are never asserted (a 135M model writes what it writes); what is: every turn ends, every
// reply shows its text, its time and the tokens the server counted, the council's ledger or the line that says why it
// could not be read, Stop mid-stream, and nothing logged as an error.

/** Each seat's length limit: long enough to see a stream, short enough for a 2-core machine. */
const CAP = 96;
/** Ada's is longer, so Stop has a stream to land in. */
const LONG_CAP = 320;
const SEATS: ParticipantSetting[] = [
  {
    id: 'ada',
    displayName: 'Ada',
    color: '#D97706',
    model: 'smol-a',
    enabled: true,
    provider: 'local',
    maxTokens: LONG_CAP,
  },
  {
    id: 'bob',
    displayName: 'Bob',
    color: '#10A37F',
    model: 'smol-b',
    enabled: true,
    provider: 'local',
    maxTokens: CAP,
  },
  { id: 'cy', displayName: 'Cy', color: '#4285F4', model: 'smol-c', enabled: true, provider: 'local', maxTokens: CAP },
];

const installed = realModelPython();
const skip = !installed.ok && !REQUIRE_REAL_MODEL;
const title = `a real model at the table (llama.cpp, SmolLM2-135M)${installed.ok ? '' : skip ? ` (skipped: ${installed.reason})` : ''}`;

(skip ? describe.skip : describe)(title, () => {
  let model: RealModel | undefined;
  let relay: FirstTokenRelay | undefined;
  const suite = useSuite({
    startProxy: async () => {
      model = await startRealModel({ aliases: ['smol-a', 'smol-b', 'smol-c'] });
      relay = await startFirstTokenRelay(model.url);
      return startFakeProxy({ models: [] });
    },
    settings: (proxy) => ({
      ...roundtableSettings(proxy.url, SEATS),
      'roundtable.providers': [{ id: 'local', name: 'llama.cpp', baseUrl: relay?.baseUrl }],
      // The Council's reviews and synthesis are what its test reads: three aliases of one small model may well state
      // the same answer, which would end it at its vote.
      'roundtable.council.skipWhenUnanimous': false,
    }),
  });
  afterAll(async () => {
    logFirstTokens();
    await relay?.close();
    await model?.close();
  });

  type Shown = Record<string, { at: number; speaker: string }>;
  /** When the webview first showed text in each reply (`Date.now()`, the machine's one clock), by message id. */
  const shownAt = async (): Promise<Shown> => {
    const frame = await webviewFrameHandle(suite.page, suite.session.extension.id);
    return frame.evaluate(() => (window as unknown as { __firstText?: Shown }).__firstText ?? {});
  };
  const watchFirstText = async () => {
    const frame = await webviewFrameHandle(suite.page, suite.session.extension.id);
    await frame.evaluate(() => {
      const w = window as unknown as { __firstText?: Shown };
      if (w.__firstText) return;
      const seen: Shown = {};
      w.__firstText = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-testid="message"][data-speaker]')) {
          const id = el.dataset.messageId ?? '';
          const speaker = el.dataset.speaker ?? '';
          // A review is folded: its text shows when the test opens it, not when it came.
          if (id in seen || speaker === 'user' || el.classList.contains('message--review')) continue;
          if (el.querySelector('[data-testid="message-content"]')?.textContent?.trim()) {
            seen[id] = { at: Date.now(), speaker };
          }
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  };
  const shownTimes: number[] = [];
  function logFirstTokens() {
    const lines = (relay?.replies ?? []).map((r) => {
      const server = r.firstTextAt === undefined ? '?' : `${r.firstTextAt - r.startedAt} ms`;
      const answered = r.status === 200 ? '' : `; HTTP ${r.status ?? 'none'} ${r.errorBody ?? ''}`;
      return `  ${r.model}: server's first text after ${server} (its prompt_ms ${r.serverPromptMs?.toFixed(0) ?? '?'})${answered}`;
    });
    console.info(['time to first token, at the relay in front of llama.cpp:', ...lines].join('\n'));
    if (shownTimes.length > 0) {
      const sorted = [...shownTimes].sort((a, b) => a - b);
      const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
      console.info(
        `first shown token after the server's first text (webview − relay), over ${sorted.length} replies: median ${p(0.5)} ms, worst ${sorted.at(-1)} ms (goal: at most 50 ms)`,
      );
    }
  }
  const noted = new Set<string>();
  /** For each reply shown since the last call: how long after its first text left the server the webview showed it. */
  const noteShown = async () => {
    for (const [id, { at, speaker }] of Object.entries(await shownAt())) {
      if (noted.has(id)) continue;
      noted.add(id);
      const model = SEATS.find((seat) => seat.id === speaker)?.model;
      const sent = (relay?.replies ?? []).findLast(
        (r) => r.model === model && r.firstTextAt !== undefined && r.firstTextAt <= at,
      );
      if (sent?.firstTextAt !== undefined) shownTimes.push(at - sent.firstTextAt);
    }
  };

  /** Every reply of the shown thread ended, shows text, and a cost line with its time and counted tokens. */
  const expectRepliesShown = async (count: number) => {
    const { chat } = suite;
    await expect.poll(() => chat.messages({ status: 'streaming' }).count(), { timeout: 120_000 }).toBe(0);
    const replies = chat.frame.locator('[data-testid="message"]:not([data-speaker="user"])');
    expect(await replies.count()).toBe(count);
    for (const reply of await replies.all()) {
      // A failed reply names its error here, so a run that fails says why.
      const error = await reply.locator('[data-testid="message-error"]').allTextContents();
      expect(await reply.getAttribute('data-status'), error.join(' ')).toBe('complete');
      // A review is folded to its verdict: opened, it shows its text and cost like any reply.
      const folded = reply.locator('.review-toggle[aria-expanded="false"]');
      if ((await folded.count()) > 0) await folded.click();
      expect((await contentOf(reply)).trim().length).toBeGreaterThan(0);
      const cost = (await reply.locator('[data-testid="message-cost"]').textContent()) ?? '';
      expect(cost).toMatch(/^[\d.]+ s · first text after [\d.]+ s · [\d,]+ tokens in, [\d,]+ out$/);
    }
  };

  it('Discuss @all: each seat answers in turn, with real token counts; a reply cut at its limit goes on with Continue', async () => {
    const { chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await watchFirstText();
    await chat.send('@all In two sentences: why do tests need real models sometimes?');
    await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 120_000 }).toBe(4);
    await expectRepliesShown(3);
    await noteShown();
    await shot('real-model-discuss');

    const cut = chat.frame.locator('[data-testid="cut-at-length"]');
    if ((await cut.count()) > 0) {
      const before = await chat.messages().count();
      await cut.first().getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 120_000 }).toBe(before + 2);
      const asked = chat.messages({ speaker: 'user' }).last();
      expect(await contentOf(asked)).toMatch(/^@(ada|bob|cy) Go on from where your last reply stopped/);
      await expectRepliesShown(4);
    }
  });

  /** Sets the shown thread's mode with the chip beside To. */
  const chooseMode = async (mode: 'discuss' | 'independent' | 'council') => {
    await suite.chat.frame.locator('[data-testid="mode-select"]').selectOption(mode);
    await expect.poll(() => suite.chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe(mode);
  };

  it('Independent: the three answer at once, each with its counts', async () => {
    const { chat } = suite;
    await chat.newThread();
    await chooseMode('independent');
    await chat.send('@all Name one risk of parsing dates by hand.');
    await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 120_000 }).toBe(4);
    await expectRepliesShown(3);
    await noteShown();
  });

  it('Council: answers, reviews and a synthesis end; the ledger is shown, or one line says why not, with Retry', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chooseMode('council');
    await chat.send('@all Is 17 a prime number? End with a line "Answer: yes" or "Answer: no".');
    const ledger = chat.frame.locator('[data-testid="ledger"], [data-testid="ledger-note"]');
    await ledger.first().waitFor({ timeout: 180_000 });
    await expectRepliesShown(7);
    await noteShown();
    await shot('real-model-council');
    const note = chat.frame.locator('[data-testid="ledger-note"]');
    if ((await note.count()) > 0) {
      expect(await note.textContent()).toMatch(
        /^(The synthesis wrote no ledger of its claims\.|The ledger could not be read \(.+\); it is shown as the model wrote it\.) Retry$/,
      );
    }
    const disputes = chat.frame.getByRole('button', { name: /Discuss disputes/ });
    if ((await disputes.count()) > 0) {
      const before = await chat.messages().count();
      await disputes.first().click();
      await expect.poll(async () => (await chat.messages().count()) > before, { timeout: 60_000 }).toBe(true);
      await expect.poll(() => chat.messages({ status: 'streaming' }).count(), { timeout: 180_000 }).toBe(0);
    }
  });

  it('Stop in the middle of a real stream ends it at once and keeps what streamed', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chooseMode('discuss');
    await chat.send('@ada Write a long story about a lighthouse keeper, in many paragraphs.');
    const streaming = chat.messages({ speaker: 'ada', status: 'streaming' });
    await expect.poll(async () => (await contentOf(streaming)).trim().length, { timeout: 60_000 }).toBeGreaterThan(0);
    await chat.frame.locator('[data-testid="stop"]').click();
    const stopped = chat.messages({ speaker: 'ada', status: 'cancelled' });
    await stopped.waitFor({ timeout: 10_000 });
    const kept = await contentOf(stopped);
    expect(kept.trim().length).toBeGreaterThan(0);
    await shot('real-model-stopped');
    // Nothing more arrives after Stop: the request was closed, and the text stays as it was.
    await chat.send('@bob Say hello.');
    await expect.poll(() => chat.messages({ speaker: 'bob', status: 'complete' }).count(), { timeout: 60_000 }).toBe(1);
    expect(await contentOf(stopped)).toBe(kept);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
