import { DEFAULT_MODELS, type FakeProxy, fakeErrors, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// What a turn will spend, said before it is sent, in a real VS Code: the line beside Send follows the mentions being
// typed and the mode chosen, counts only the seats that can answer (the proxy here serves two of the three models), and
// the send then makes exactly the requests it said, counted at the proxy. A seat whose model the proxy says is cooling
// down for an hour is benched: named once with its return time, left out of @all and of the count, and asked nothing
// more. Each test starts its own thread.

const MISSING = 'gemini-3-flash';
const SEATS = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: MISSING, enabled: true },
];

describe('the cost of a turn before it is sent (code-server + Chromium)', () => {
  const suite = useSuite<FakeProxy>({
    participants: SEATS,
    startProxy: () => startFakeProxy({ models: DEFAULT_MODELS.filter((m) => m !== MISSING) }),
  });
  const cost = () => suite.chat.frame.locator('[data-testid="turn-cost"]');
  const chatRequests = () => suite.proxy.requests.filter((r) => r.path === '/v1/chat/completions').length;

  it('follows the mentions as they are typed and the mode as it is chosen', async () => {
    const { chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    // Gemini's model is not served: it is named above the box and not counted.
    await chat.frame.locator('[data-testid="seat"][data-participant="gemini"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => cost().textContent(), { timeout: 30_000 }).toBe('Discuss · Claude · 1 request');
    await chat.composer.click();
    await chat.composer.pressSequentially('@all ');
    await expect.poll(() => cost().textContent()).toBe('Discuss · 2 seats · 2-6 requests');
    expect(await cost().getAttribute('title')).toContain('Claude and GPT answer');
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await expect.poll(() => cost().textContent()).toBe('Council · 2 seats · 2-5 requests');
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('independent');
    await expect.poll(() => cost().textContent()).toBe('Independent · 2 seats · 2 requests');
    await chat.composer.fill('@gpt and nobody else');
    await expect.poll(() => cost().textContent()).toBe('Independent · GPT · 1 request');
    await shot('turn-cost-line');
  });

  it('a Council says its range, and makes the low end when its answers agree; Review anyway makes the rest', async () => {
    const { chat } = suite;
    await chat.newThread();
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await chat.composer.click();
    await chat.composer.fill('@all which is faster here, a Map or an object?');
    await expect.poll(() => cost().textContent()).toBe('Council · 2 seats · 2-5 requests');
    const before = chatRequests();
    await chat.composer.press('Enter');
    // The fake proxy's replies all end "Answer: 42": the table agrees, and the Council ends at its vote.
    const reviewAnyway = chat.frame.getByRole('button', { name: 'Review anyway' });
    await reviewAnyway.waitFor({ timeout: 30_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    expect(chatRequests() - before).toBe(2);
    await reviewAnyway.click();
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    expect(chatRequests() - before).toBe(5);
  });

  it('a seat cooling for an hour is named once with its return time, and @all goes to the others', async () => {
    const { chat, proxy, shot } = suite;
    await chat.newThread();
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('discuss');
    proxy.enqueueFor('gpt-5.5', fakeErrors.modelCooldown('gpt-5.5', 3600));
    await chat.send('@gpt is this loop quadratic?');
    await chat.messages({ speaker: 'gpt', status: 'error' }).waitFor({ timeout: 30_000 });
    const gpt = chat.frame.locator('[data-testid="seat"][data-participant="gpt"]');
    await gpt.waitFor();
    // Named once (beside the seat the proxy does not serve), with the time it returns.
    expect(await chat.frame.locator('[data-testid="seat"][data-participant="gpt"]').count()).toBe(1);
    expect(await gpt.textContent()).toMatch(/^GPT is out of its usage limit until \d\d:\d\d/);
    const asked = () =>
      proxy.requests.filter((r) => (r.body as { model?: string } | undefined)?.model === 'gpt-5.5').length;
    const gptAsked = asked();
    await chat.composer.fill('@all then what is its complexity?');
    await expect.poll(() => cost().textContent()).toBe('Discuss · Claude · 1 request');
    await chat.composer.press('Enter');
    await expect
      .poll(() => chat.messages({ speaker: 'claude', status: 'complete' }).count(), { timeout: 30_000 })
      .toBe(1);
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    expect(await chat.messages({ speaker: 'gpt' }).count()).toBe(1);
    expect(asked()).toBe(gptAsked);
    await shot('cooling-seat');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
