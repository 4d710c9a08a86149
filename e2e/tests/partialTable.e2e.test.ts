import { DEFAULT_MODELS, type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// A partial table in a real VS Code: three seats configured, the proxy serving only two of their models (as for a
// user with two subscriptions). @all in Discuss and in Council is answered by the two (the Council's reviews and
// synthesis included); the third is named once, above the message box, with its fix; no error bubble, and no request
// for its model reaches the proxy. Each test starts its own thread.

const MISSING = 'gemini-3-flash';
const SEATS = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: MISSING, enabled: true },
];

describe('a partial table in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite<FakeProxy>({
    participants: SEATS,
    startProxy: () => startFakeProxy({ models: DEFAULT_MODELS.filter((m) => m !== MISSING) }),
    // The whole plan is what this file tests: the fake's echo ends every Council answer "Answer: 42", which would end a
    // Council at its vote (councilUnanimous.e2e.test.ts tests that).
    settings: (proxy) => ({ ...roundtableSettings(proxy.url, SEATS), 'roundtable.council.skipWhenUnanimous': false }),
  });

  const chatModels = () =>
    suite.proxy.requests
      .filter((r) => r.path === '/v1/chat/completions')
      .map((r) => (r.body as { model?: string }).model);
  const seatLine = () => suite.chat.frame.locator('[data-testid="seats"]');

  it('names the seat the proxy does not serve once, above the message box, with its fix', async () => {
    const { chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    const gemini = seatLine().locator('[data-testid="seat"][data-participant="gemini"]');
    await gemini.waitFor({ timeout: 30_000 });
    expect(await seatLine().locator('[data-testid="seat"]').count()).toBe(1);
    expect(await gemini.textContent()).toBe(`Gemini: CLIProxyAPI does not serve ${MISSING}Settings`);
    // The line sits right above the message box.
    expect(await seatLine().evaluate((line) => line.nextElementSibling?.querySelector('textarea') !== null)).toBe(true);
    await shot('partial-table-seat-line');
  });

  it('Discuss: @all is answered by the two that can answer, with no error and no request for the third', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await seatLine().locator('[data-testid="seat"][data-participant="gemini"]').waitFor();
    const before = chatModels().length;
    await chat.send('@all what do you each make of it?');
    await expect.poll(() => chat.messages({ status: 'complete' }).count(), { timeout: 30_000 }).toBe(3);
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    expect(await chat.messages().evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.speaker))).toEqual([
      'user',
      'claude',
      'gpt',
    ]);
    expect(await chat.messages({ status: 'error' }).count()).toBe(0);
    expect(chatModels().slice(before)).toEqual(['claude-sonnet-4-6', 'gpt-5.5']);
    expect(await chat.frame.locator('[data-testid="notice"]').count()).toBe(0);
    await shot('partial-table-discuss');
  });

  it('Council: the two answer, review each other and the chair synthesises; the third is asked nothing', async () => {
    const { chat, shot } = suite;
    await chat.newThread();
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await expect.poll(() => chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe('council');
    const before = chatModels().length;
    await chat.send('@all is this regex safe against catastrophic backtracking?');
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    await expect.poll(() => chat.frame.locator('[data-testid="review"]').count()).toBe(2);
    // Two answers, two reviews, one synthesis, and nothing for the seat the proxy does not serve.
    const sent = chatModels().slice(before);
    expect(sent).toHaveLength(5);
    expect(sent).not.toContain(MISSING);
    expect(await chat.messages({ speaker: 'gemini' }).count()).toBe(0);
    expect(await chat.messages({ status: 'error' }).count()).toBe(0);
    expect(await seatLine().locator('[data-testid="seat"]').count()).toBe(1);
    await shot('partial-table-council');
  });

  it('Settings on the seat opens the setting that seats it', async () => {
    const { page } = suite;
    await seatLine().getByRole('button', { name: 'Settings' }).click();
    // The Settings editor, opened on the participants setting (a modal over the workbench in this VS Code).
    await page
      .locator('.settings-editor .setting-item-title', { hasText: 'Roundtable: Participants' })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
