import {
  type FakeUpstream,
  REQUIRE_REAL_PROXY,
  type RealProxy,
  realProxyBinary,
  startFakeUpstream,
  startRealProxy,
} from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { contentOf } from '../src/chatView';
import type { ParticipantSetting } from '../src/settings';
import { expectNoUnexpectedErrors, type SuiteProxy, useSuite } from '../src/suite';
import { setProxyAccessKey } from '../src/workbench';

// The packaged extension against the real CLIProxyAPI (built by scripts/real-proxy/build.sh), which relays to a fake
// OpenAI-compatible model server on loopback through an `openai-compatibility` entry of a test config. Skipped with
// the reason where the binary is not built, unless ROUNDTABLE_REQUIRE_REAL_PROXY=1 (as in .ci/run).

const ACCESS_KEY = 'e2e-real-proxy-access-key';
/** One model per test that makes the proxy pause a model, so no test meets another's pause. */
const REPLY_MODEL = 'e2e-upstream-model';
const FAILING_MODEL = 'e2e-failing-model';

const participants: ParticipantSetting[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: REPLY_MODEL, enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: FAILING_MODEL, enabled: true },
];

interface RealBackend extends SuiteProxy {
  readonly proxy: RealProxy;
  readonly upstream: FakeUpstream;
}

async function startRealBackend(): Promise<RealBackend> {
  const upstream = await startFakeUpstream([REPLY_MODEL, FAILING_MODEL]);
  try {
    const proxy = await startRealProxy({
      upstreamBaseUrl: upstream.baseUrl,
      models: [REPLY_MODEL, FAILING_MODEL],
      accessKeys: [ACCESS_KEY],
    });
    return {
      url: proxy.url,
      proxy,
      upstream,
      close: async () => {
        await proxy.close();
        await upstream.close();
      },
    };
  } catch (error) {
    await upstream.close();
    throw error;
  }
}

const binary = realProxyBinary();
const run = binary.ok || REQUIRE_REAL_PROXY ? describe : describe.skip;
const title = binary.ok ? '' : REQUIRE_REAL_PROXY ? ' (required, but not built)' : ` (skipped: ${binary.reason})`;

run(`Roundtable in a real VS Code against the real CLIProxyAPI${title}`, () => {
  const suite = useSuite({ startProxy: startRealBackend, participants });

  it('shows the proxy as reachable once the access key is set', async () => {
    const { page, chat, shot } = suite;
    await chat.open();
    await setProxyAccessKey(page, ACCESS_KEY);
    await chat.frame.locator('[data-testid="sidecar-status"][data-ok="true"]').waitFor();
    await shot('real-proxy-status');
  });

  it('streams a reply from the provider through the proxy', async () => {
    const { proxy, chat, shot } = suite;
    await chat.newThread();
    const before = proxy.upstream.chatRequests.length;
    await chat.send('@claude hello through the real proxy');
    const reply = chat.messages({ speaker: 'claude', status: 'complete' }).last();
    await reply.waitFor();
    await shot('real-proxy-reply');
    expect(await contentOf(reply)).toContain('Hello from the upstream model.');

    const requests = proxy.upstream.chatRequests.slice(before) as { model?: string; messages?: unknown[] }[];
    expect(requests).toHaveLength(1);
    expect(requests[0]?.model).toBe(REPLY_MODEL);
    // The provider got the labelled transcript Roundtable assembled, relayed by the proxy.
    expect(JSON.stringify(requests[0]?.messages)).toContain('hello through the real proxy');
  });

  it('explains a provider failure and the pause the proxy then makes, in words a user can act on', async () => {
    const { proxy, chat, shot } = suite;
    await chat.newThread();
    proxy.upstream.enqueue(FAILING_MODEL, {
      kind: 'status',
      status: 500,
      body: JSON.stringify({ error: { message: 'the provider is having a bad day', type: 'server_error' } }),
    });
    await chat.send('@gpt are you there');
    const failed = chat.messages({ speaker: 'gpt', status: 'error' }).last();
    await failed.waitFor();
    const first = (await failed.locator('[data-testid="message-error"]').textContent()) ?? '';
    expect(first).toContain('the provider is having a bad day');
    expect(first).toContain('for about a minute after a failure');
    expect(first).not.toMatch(/log in/i);

    // Asking again at once meets the proxy's pause: said as a pause with a time, not as a missing login.
    await chat.send('@gpt still there?');
    const paused = chat.messages({ speaker: 'gpt', status: 'error' }).nth(1);
    await paused.waitFor();
    await shot('real-proxy-cooling');
    const second = (await paused.locator('[data-testid="message-error"]').textContent()) ?? '';
    expect(second).toMatch(/is pausing .* for about a minute after its last failure/);
    expect(second).not.toMatch(/log in/i);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
