import { describe, expect, it } from 'vitest';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// A Council that stops when the table agrees, in a real VS Code against the fake proxy: three seats scripted to state
// the same short answer end the Council at its vote (the turn line says so, and only the three answers were asked),
// and Review anyway runs the reviews and the synthesis; three that disagree run the whole plan. Requests are counted
// at the proxy. Each test starts its own thread.

const SEATS = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];

describe('a Council that stops when the table agrees (code-server + Chromium)', () => {
  const suite = useSuite({ participants: SEATS });
  const chatRequests = () => suite.proxy.requests.filter((r) => r.path === '/v1/chat/completions').length;
  const agreed = () => suite.chat.frame.locator('[data-testid="turn-agreed"]');
  const reviews = () => suite.chat.frame.locator('[data-testid="review"]');
  /** Each seat's next answer, in seat order. */
  const answers = (...texts: string[]) => {
    for (const [i, seat] of SEATS.entries())
      suite.proxy.enqueueFor(seat.model, { kind: 'reply', text: texts[i] ?? '' });
  };
  const council = async () => {
    await suite.chat.newThread();
    await suite.chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await expect.poll(() => suite.chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe('council');
  };

  it('three seats that agree end at the vote; Review anyway runs the reviews and the synthesis', async () => {
    const { chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await council();
    answers('Six sevens.\n\nAnswer: 42', 'Forty-two, by the table.\n\nAnswer: 42.0', '6 × 7\n\n**Final answer:** `42`');
    const before = chatRequests();
    await chat.send('@all what is six times seven?');
    await agreed().waitFor({ timeout: 60_000 });
    expect(await agreed().locator('.turn-who').textContent()).toBe(
      'All 3 agree: 42. Reviews and synthesis skipped (4 requests saved)',
    );
    await expect.poll(() => chat.messages({ status: 'complete' }).count()).toBe(4);
    expect(chatRequests() - before).toBe(3);
    expect(await reviews().count()).toBe(0);
    await shot('council-ended-at-vote');

    await chat.frame.locator('[data-testid="turn-review-anyway"]').click();
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    expect(await reviews().count()).toBe(3);
    expect(chatRequests() - before).toBe(7);
    await expect.poll(() => agreed().count()).toBe(0);
    await shot('council-reviewed-anyway');
  });

  it('three seats that disagree run the whole plan', async () => {
    const { chat } = suite;
    await council();
    answers('Answer: 41', 'Answer: 42', 'Answer: 43');
    const before = chatRequests();
    await chat.send('@all what is six times seven, roughly?');
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    expect(await reviews().count()).toBe(3);
    expect(chatRequests() - before).toBe(7);
    expect(await agreed().count()).toBe(0);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
