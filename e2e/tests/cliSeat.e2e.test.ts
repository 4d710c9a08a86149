import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FakeProxy } from '@roundtable/testkit';
import { startFakeProxy } from '@roundtable/testkit';
import { REQUIRE_REAL_CLIS, realCli, type StandIn, startCliStandIn } from '@roundtable/testkit/cli';
import { afterAll, describe, expect, it } from 'vitest';
import { contentOf } from '../src/chatView';
import { roundtableSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// A seat on the real Claude Code CLI, in a real VS Code, beside two seats on the proxy: one `@all` gets three answers
// in one thread, the CLI's from its own process (pointed, in this test only, at a loopback stand-in of the Anthropic
// API through the environment the extension host passes on), and the prompt inspector shows what that process read.

const claude = realCli('claude');
const block = claude.ok || REQUIRE_REAL_CLIS ? describe : describe.skip;

block(`a seat on the real claude CLI${claude.ok ? '' : ` (skipped: ${claude.reason})`}`, () => {
  let standIn: StandIn | undefined;
  const home = mkdtempSync(join(tmpdir(), 'rt-e2e-cli-home-'));
  const suite = useSuite<FakeProxy>({
    startProxy: async () => {
      standIn = await startCliStandIn('claude', {
        kind: 'reply',
        chunks: ['Opus, through Claude Code: ', 'retry idempotent calls only.'],
        usage: { inputTokens: 200, outputTokens: 9 },
      });
      return startFakeProxy();
    },
    settings: (proxy) => ({
      ...roundtableSettings(proxy.url, [
        { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
        { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
        { id: 'opus', displayName: 'Opus', color: '#8B5CF6', model: 'opus', enabled: true, provider: 'claude-code' },
      ]),
      'roundtable.providers': [
        { id: 'claude-code', kind: 'cli', cli: 'claude', name: 'Claude Code', command: claude.ok ? claude.path : '' },
      ],
    }),
    // The CLI inherits the extension host's environment: a fresh HOME (no login of this machine's user) and the
    // stand-in's address and placeholder key. The product sets none of these.
    extraEnv: () => ({ ...standIn?.env(), HOME: home }),
  });
  afterAll(async () => {
    await standIn?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('answers an @all beside two proxy seats, reading what they wrote', async () => {
    const { proxy, chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    await chat.send('@all how should fetchJson retry?');
    const opus = chat.messages({ speaker: 'opus', status: 'complete' });
    await opus.waitFor({ timeout: 90_000 });
    await chat.messages({ speaker: 'claude', status: 'complete' }).waitFor();
    await chat.messages({ speaker: 'gpt', status: 'complete' }).waitFor();
    await shot('cli-seat-answered');
    expect((await contentOf(opus)).trim()).toBe('Opus, through Claude Code: retry idempotent calls only.');

    // Discuss order: Claude, GPT, then Opus, whose process read both replies before its own turn.
    const carrying = standIn?.requests.find((r) => r.body.includes('how should fetchJson retry?'));
    expect(carrying?.body).toContain('[User] @all how should fetchJson retry?');
    expect(carrying?.body).toContain('[Claude]:');
    expect(carrying?.body).toContain('[GPT]:');
    const models = proxy.requests
      .filter((r) => r.path.startsWith('/v1/chat/completions'))
      .map((r) => (r.body as { model?: string }).model);
    expect(models.sort()).toEqual(['claude-sonnet-4-6', 'gpt-5.5']);
  });

  it('the prompt inspector shows the system prompt file and the standard input the CLI read', async () => {
    const { page, chat, shot } = suite;
    const opus = chat.messages({ speaker: 'opus', status: 'complete' });
    await opus.getByRole('button', { name: 'Prompt: what Opus was sent' }).click();
    await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: "Show Opus's prompt" }).click();
    await page.locator('.tabs-container .tab.active', { hasText: "Opus's prompt" }).waitFor();
    const lines = page.locator('.editor-instance .monaco-editor .view-lines');
    await lines.filter({ hasText: 'What Opus was sent' }).waitFor();
    const text = (await lines.first().textContent())?.replaceAll('\u00a0', ' ') ?? '';
    expect(text).toContain('Delivered: to the `claude` CLI');
    expect(text).toContain('Standard input');
    await shot('cli-seat-prompt');
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
