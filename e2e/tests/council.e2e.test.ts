import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { blockingViolations, formatViolations, runAxe } from '../src/axe';
import { contentOf } from '../src/chatView';
import { layoutProblems, measureLayout } from '../src/layout';
import { roundtableSettings } from '../src/settings';
import { setSidebarWidth } from '../src/sidebar';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { readThreadFiles } from '../src/threadFiles';
import { reloadWindow, runCommand, webviewFrameHandle } from '../src/workbench';

// The council in a real VS Code against the fake proxy, whose echo says what each seat received: Independent
// answers (all at once, none read another's), the reveal round, a Council with its anonymous review and synthesis
// (the panel names the seats; the prompts never did), Stop during the review, and a reload in the middle.
// Each test starts its own thread.

const SEATS = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];
const NAMES = /\[(Claude|GPT|Gemini)\]/;

/** A reply as a thread file holds it, as far as these tests read it. */
interface StoredReply {
  content: string;
  synthesis?: { claims?: { claim: string; marks: Record<string, string> }[] };
}

describe('the council in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite<FakeProxy>({
    participants: SEATS,
    startProxy: () => startFakeProxy(),
    // The whole plan is what this file tests: the fake's echo ends every Council answer "Answer: 42", which would end a
    // Council at its vote (councilUnanimous.e2e.test.ts tests that).
    settings: (proxy) => ({ ...roundtableSettings(proxy.url, SEATS), 'roundtable.council.skipWhenUnanimous': false }),
  });

  /** The speakers of the shown messages, in the order the panel shows them. */
  const speakers = () =>
    suite.chat.messages().evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.speaker));
  const streamingNow = () => suite.chat.messages({ status: 'streaming' }).count();
  /** Sets the shown thread's mode with the chip beside To. */
  const chooseMode = async (mode: 'discuss' | 'independent' | 'council') => {
    await suite.chat.frame.locator('[data-testid="mode-select"]').selectOption(mode);
    await expect.poll(() => suite.chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe(mode);
  };
  /** How much text each reply still streaming has shown so far. */
  const streamedSoFar = () =>
    suite.chat
      .messages({ status: 'streaming' })
      .evaluateAll((nodes) =>
        nodes.map((n) => n.querySelector('[data-testid="message-content"]')?.textContent?.length ?? 0),
      );
  /** Each model's next requests, in order: a reply at this pace (ms between chunks). */
  const pace = (...delays: number[]) => {
    for (const seat of SEATS)
      for (const chunkDelayMs of delays) suite.proxy.enqueueFor(seat.model, { kind: 'reply', chunkDelayMs });
  };

  it('Independent: the three stream at once, none reads another’s answer, each keeps its place', async () => {
    const { chat, page, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await runCommand(page, 'Roundtable: Set Discussion Mode…');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Independent' }).first().click();
    await expect.poll(() => chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe('independent');
    pace(120);
    await chat.send('@all what is the safest way to parse this date?');
    // All three are streaming at the same moment, text arriving in each.
    await expect
      .poll(async () => (await streamedSoFar()).filter((length) => length > 0).length, { timeout: 30_000 })
      .toBe(3);
    await shot('independent-streaming-at-once');
    await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 60_000 }).toBe(4);
    expect(await speakers()).toEqual(['user', 'claude', 'gpt', 'gemini']);
    for (const seat of SEATS) {
      // Each was sent the question alone: none of the others' answers, under any label.
      expect(await contentOf(chat.messages({ speaker: seat.id }))).toMatch(
        new RegExp(`^Fake ${seat.model} received 2 messages: system, user\\[User\\]\\.`),
      );
    }
    await chat.frame.locator('[data-testid="plan-header"]').filter({ hasText: 'Independent' }).waitFor();
    await expect.poll(() => chat.frame.locator('[data-testid="message-cost"]').count()).toBeGreaterThanOrEqual(3);
    await shot('independent-answered');

    // The reveal round: each reads every first answer (its own as its own), and may revise.
    await chat.frame.locator('[data-testid="turn-another-round"]').click();
    await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 60_000 }).toBe(7);
    const revised = await contentOf(chat.messages({ speaker: 'gpt' }).nth(1));
    expect(revised).toMatch(/received 5 messages: system, user\[User\], user\[Claude\]:, assistant, user\[Gemini\]:\./);
    await shot('reveal-round');
  });

  it('Council: blind answers, anonymous reviews folded with their verdicts, a synthesis with its ledger by name', async () => {
    const { chat, page, session, shot } = suite;
    await chat.newThread();
    await chooseMode('council');
    await chat.send('@all is this regex safe against catastrophic backtracking?');
    // The ledger in the form the side bar's width gives it (both are checked below).
    const ledger = chat.frame.locator('[data-testid="ledger"]');
    await ledger.waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    await shot('council-synthesis');

    // The ledger names the seats; the fake chair only ever saw letters.
    const headers = await ledger.locator('[data-testid="ledger-table"] th').allTextContents();
    for (const seat of SEATS) expect(headers.join(' ')).toContain(seat.displayName);
    const chair = chat.messages({ speaker: 'claude' }).last();
    const chairText = (await chair.textContent()) ?? '';
    expect(chairText).not.toMatch(NAMES);
    // The ledger is data: read once in the host and stored on the synthesis, each mark by seat id (the chair wrote
    // letters); the table above is drawn from it.
    const storedSynthesis = () =>
      readThreadFiles(session.threadsDir)
        .map((t) => (t.json as { messages?: StoredReply[] }).messages ?? [])
        .find((messages) => messages.some((m) => m.content.includes('catastrophic backtracking')))
        ?.find((m) => m.synthesis?.claims);
    await expect.poll(() => storedSynthesis()?.synthesis?.claims?.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const marked = storedSynthesis()?.synthesis?.claims?.flatMap((c) => Object.keys(c.marks)) ?? [];
    expect(marked.length).toBeGreaterThan(0);
    for (const seat of marked) expect(SEATS.map((s) => s.id)).toContain(seat);

    // Three reviews, folded, each showing its verdict (the fake names the responses it read, by letter only).
    const reviews = chat.frame.locator('[data-testid="review"]');
    await expect.poll(() => reviews.count()).toBe(3);
    for (const verdict of await reviews.evaluateAll((n) => n.map((e) => (e as HTMLElement).dataset.verdict ?? ''))) {
      expect(verdict).toMatch(/^Fake .* read Response [A-C], Response [A-C]\.$/);
    }
    const first = chat.frame.locator('[data-testid="message"]:has([data-testid="review"])').first();
    await first.getByRole('button', { expanded: false }).first().click();
    await expect.poll(async () => (await first.textContent()) ?? '').toContain('received');
    const full = (await first.textContent()) ?? '';
    expect(full).toMatch(
      /received \d+ messages: system, user\[User\], user\[Response [A-C]\]:, user\[Response [A-C]\]:, user\[Roundtable\]/,
    );
    expect(full).not.toMatch(NAMES);
    await shot('council-review-open');

    // In a 600 px side bar the ledger is a table; in a 300 px one, a card per claim, each seat's mark beside its name,
    // inside the card (the other form is not displayed). The unit holds its layout at both.
    expect(await setSidebarWidth(page, 600)).toBe(600);
    await ledger.locator('[data-testid="ledger-table"]').waitFor();
    expect(await ledger.locator('[data-testid="ledger-cards"]').isVisible()).toBe(false);
    const wide = await webviewFrameHandle(page, session.extension.id);
    expect(layoutProblems(await measureLayout(wide))).toEqual([]);
    await ledger.scrollIntoViewIfNeeded();
    await shot('council-ledger-table');
    expect(await setSidebarWidth(page, 300)).toBe(300);
    await ledger.locator('[data-testid="ledger-cards"]').waitFor();
    expect(await ledger.locator('[data-testid="ledger-table"]').isVisible()).toBe(false);
    const cards = await ledger.locator('.ledger-card').evaluateAll((nodes) =>
      nodes.map((card) => {
        const box = card.getBoundingClientRect();
        const seats = [...card.querySelectorAll('li')].map((li) => {
          const seat = li.getBoundingClientRect();
          return { text: li.textContent, inside: seat.width > 0 && seat.left >= box.left && seat.right <= box.right };
        });
        return { seats, overflows: card.scrollWidth > card.clientWidth };
      }),
    );
    expect(cards.length).toBeGreaterThan(0);
    const line = (name: string) => new RegExp(`^[✓✗–]? ${name}: (supported|disputed|not addressed|no mark)$`);
    for (const card of cards) {
      expect(card.overflows).toBe(false);
      expect(card.seats.map((s) => s.text)).toEqual(SEATS.map((seat) => expect.stringMatching(line(seat.displayName))));
      expect(card.seats.every((s) => s.inside)).toBe(true);
    }
    await ledger.scrollIntoViewIfNeeded();
    await shot('council-ledger-cards');

    // The unit holds its layout in the side bar (the ledger scrolls inside its own box) and axe finds nothing serious.
    const frame = await webviewFrameHandle(page, session.extension.id);
    expect(layoutProblems(await measureLayout(frame))).toEqual([]);
    const violations = await runAxe(frame, { scroller: '[data-testid="message-list"]' });
    expect(formatViolations(blockingViolations(violations))).toBe('');
  });

  it('Council with disputes: the tally above the ledger; Discuss disputes argues the disputed claim until the ledger agrees', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chooseMode('council');
    await chat.send('@all what is 6 times 7?');
    // The fake seats each end with "Answer: 42" when asked (the vote), and the chair's ledger disputes one claim.
    const tally = chat.frame.locator('[data-testid="vote-tally"]');
    await tally.waitFor({ timeout: 90_000 });
    expect(await tally.textContent()).toBe('Vote: 3 of 3 answer 42. The synthesis answers 42, as the majority does.');
    const firstLedger = chat.frame.locator('[data-testid="ledger-table"]').first();
    expect(await firstLedger.locator('.ledger-mark--disputed').count()).toBeGreaterThan(0);
    const discuss = chat.frame.locator('[data-testid="discuss-disputes"]');
    await discuss.waitFor();
    await shot('council-vote-and-ledger');
    await discuss.click();

    // One round: each seat takes its position (the fake holds the claim, with a reason), the chair's ledger agrees.
    const end = chat.frame.locator('[data-testid="disputes-end"]');
    await end.waitFor({ timeout: 90_000 });
    expect(await end.textContent()).toBe('The rounds ended: nothing is disputed any more.');
    await expect.poll(() => chat.frame.locator('[data-testid="positions"]').count()).toBe(3);
    const changes = await chat.frame.locator('[data-testid="round-changes"] li').allTextContents();
    expect(changes.length).toBeGreaterThan(0);
    for (const line of changes)
      expect(line).toMatch(/^(Claude|GPT|Gemini) now holds “Only Response [A-C] was read first\.”\.$/);
    expect(await chat.frame.locator('.position--without-reason').count()).toBe(0);
    const lastLedger = chat.frame.locator('[data-testid="ledger-table"]').last();
    expect(await lastLedger.locator('.ledger-mark--disputed').count()).toBe(0);
    expect(await lastLedger.locator('.ledger-mark--supported').count()).toBeGreaterThan(0);
    // Offered once: the synthesis it started from offers it no more.
    expect(await discuss.count()).toBe(0);
    await shot('council-disputes-settled');
  });

  it('Ask the table to review: the others review one reply as Response A, folded under it with their verdicts', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chooseMode('discuss');
    await chat.send('@gpt is this migration reversible?');
    const reply = chat.messages({ speaker: 'gpt', status: 'complete' });
    await reply.waitFor({ timeout: 30_000 });
    await reply.getByRole('button', { name: 'Ask the table to review the reply from GPT' }).click();
    await reply.getByRole('group', { name: 'Review by' }).getByRole('button', { name: 'Everyone else' }).click();
    const reviews = chat.frame.locator('[data-testid="message"]:has([data-testid="review"])');
    await expect.poll(() => reviews.count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => chat.messages({ status: 'streaming' }).count(), { timeout: 30_000 }).toBe(0);
    // Right under the reviewed reply, in table order, each opening with a verdict on Response A.
    expect(await speakers()).toEqual(['user', 'gpt', 'claude', 'gemini']);
    for (const verdict of await chat.frame
      .locator('[data-testid="review"]')
      .evaluateAll((n) => n.map((e) => (e as HTMLElement).dataset.verdict ?? ''))) {
      expect(verdict).toMatch(/^Fake .* read Response A\.$/);
    }
    await shot('review-on-demand');
  });

  it('Stop during the review stops every review; Continue writes the synthesis from what was said', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chooseMode('council');
    pace(15, 400);
    await chat.send('@all review-stop: which approach is best?');
    const status = chat.frame.locator('[data-testid="turn-status"][data-step="review"]');
    await status.waitFor({ timeout: 60_000 });
    // Every review has begun to say something (its folded row shows its verdict coming in): stopped now, each keeps
    // what it said (theirs to retry).
    const reviewsSpeaking = () =>
      chat
        .messages({ status: 'streaming' })
        .evaluateAll(
          (nodes) =>
            nodes.filter((n) => n.querySelector('[data-testid="review"]')?.getAttribute('data-verdict')).length,
        );
    await expect.poll(reviewsSpeaking).toBe(3);
    await chat.frame.locator('[data-testid="stop"]').click();
    await expect.poll(streamingNow, { timeout: 30_000 }).toBe(0);
    const skipped = chat.frame.locator('[data-testid="turn-skipped"]');
    await skipped.waitFor();
    expect(await skipped.textContent()).toContain('wrote the synthesis');
    expect(await chat.frame.locator('[data-testid="ledger-table"]').count()).toBe(0);
    await shot('council-stopped-in-review');
    await skipped.getByRole('button', { name: /^Continue with/ }).click();
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 60_000 });
  });

  it('a reload in the middle of a council: the answers so far stay, and Continue finishes it', async () => {
    const { chat, page, session, shot } = suite;
    await chat.newThread();
    await chooseMode('council');
    pace(15, 600);
    await chat.send('@all reload-midway: what would you change?');
    await chat.frame.locator('[data-testid="turn-status"][data-step="review"]').waitFor({ timeout: 60_000 });
    await reloadWindow(page);
    await chat.open();
    await chat.threadTitle.filter({ hasText: 'reload-midway' }).waitFor();
    // The answers were written before the reload; the reviews it cut short are stopped, not lost or left streaming.
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    const files = readThreadFiles(session.threadsDir).map(
      (t) => t.json as { title?: string; messages?: { status: string }[] },
    );
    const stored = files.find((t) => t.title?.includes('reload-midway'));
    expect(stored?.messages?.some((m) => m.status === 'streaming')).toBe(false);
    const skipped = chat.frame.locator('[data-testid="turn-skipped"]');
    await skipped.waitFor();
    await shot('council-after-reload');
    await skipped.getByRole('button', { name: /^Continue with/ }).click();
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    expect(await speakers()).toContain('claude');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
