import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { REQUIRE_REAL_PROXY, realProxyBinary } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { acceptDownload, managedEnv, managedRoot, type ReleaseServer, startRelease } from '../src/managedRelease';
import { cleanWorkbenchSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// A seat the provider paused, in a real VS Code with the real proxy in managed mode. The proxy holds one xAI login
// (a test fixture: its token is fake and its API address is a stand-in on loopback), and the stand-in answers as xAI
// does when a free tier is spent: a 429 whose code tells the proxy to pause that login for 24 hours. Everything the
// test then checks is the real proxy's doing, seen through the extension: the paused login in its management API, the
// `model_cooldown` answer with its reset time, and `reset-quota`.

/** What xAI answers when the included free usage is spent; CLIProxyAPI pauses the login for 24 h on it. */
const FREE_USAGE_SPENT = {
  code: 'subscription:free-usage-exhausted',
  error: 'You have used your included free usage. Usage resets over a rolling 24-hour window.',
};

interface XaiStandIn {
  url: string;
  /** Requests that reached the provider, in order. */
  paths: string[];
  close(): Promise<void>;
}

async function startXaiStandIn(): Promise<XaiStandIn> {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(`${request.method} ${request.url}`);
    request.resume();
    request.on('end', () => {
      response.writeHead(429, { 'content-type': 'application/json' });
      response.end(JSON.stringify(FREE_USAGE_SPENT));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Proxies extends ReleaseServer {
  xai: XaiStandIn;
}

/**
 * An xAI login file as the proxy itself writes one back (keys sorted, compact, `disabled` present): the proxy saves a
 * login after each result, and a save that changes the file makes it reload the login, forgetting the pause just set.
 */
function xaiLogin(baseUrl: string): string {
  return JSON.stringify({
    access_token: 'fake-token-for-a-loopback-stand-in',
    base_url: baseUrl,
    disabled: false,
    email: 'seat-test@example.invalid',
    expired: '2099-01-01T00:00:00Z',
    refresh_token: '',
    type: 'xai',
  });
}

const binary = realProxyBinary();
const run = binary.ok || REQUIRE_REAL_PROXY ? describe : describe.skip;
const title = binary.ok ? '' : REQUIRE_REAL_PROXY ? ' (required, but not built)' : ` (skipped: ${binary.reason})`;

run(`Roundtable showing a seat the provider paused (managed mode, real proxy)${title}`, () => {
  const suite = useSuite({
    startProxy: async (): Promise<Proxies> => {
      const [release, xai] = await Promise.all([startRelease(), startXaiStandIn()]);
      return {
        ...release,
        xai,
        close: async () => {
          await Promise.all([release.close(), xai.close()]);
        },
      };
    },
    settings: () => ({
      ...cleanWorkbenchSettings,
      'roundtable.sidecar.mode': 'managed',
      'roundtable.participants': [
        { id: 'grok', displayName: 'Grok', color: '#0EA5E9', model: 'grok-3-mini', enabled: true },
      ],
    }),
    extraEnv: managedEnv,
    // The release mirror is a test hook: the extension reads it only in Development mode.
    development: true,
  });

  it('counts down a paused seat, sends it nothing until its reset time, and Reset lets the next message through', async () => {
    const { proxy, page, chat, session, shot } = suite;
    const authDir = path.join(managedRoot(session), 'auth');
    await mkdir(authDir, { recursive: true, mode: 0o700 });
    await writeFile(path.join(authDir, 'xai-seat-test.json'), xaiLogin(proxy.xai.url), { mode: 0o600 });

    await chat.open();
    await acceptDownload(page, chat);

    await chat.send('@grok hello');
    const spent = chat.messages({ speaker: 'grok', status: 'error' }).first();
    await spent.waitFor({ timeout: 30_000 });
    expect(await spent.locator('[data-testid="message-error"]').textContent()).toContain('included free usage');
    expect(proxy.xai.paths).toEqual(['POST /v1/responses']);

    // The failed reply makes the extension read the logins again: the seat is paused, until the proxy's retry time.
    const seat = chat.frame.locator('[data-testid="seat"][data-participant="grok"][data-kind="cooling"]');
    await seat.waitFor({ timeout: 20_000 });
    expect(await seat.getByTestId('seat-countdown').textContent()).toMatch(/^, (1 day|23 h 59 min) left$/);
    await shot('seat-cooling');

    // Asking again asks nobody: the seat is out until the stated time, so the message is not sent; it stays in the box.
    await chat.send('@grok are you there?');
    const notice = chat.frame.locator('[data-testid="notice"]', { hasText: 'Not sent: Grok is' });
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toMatch(/Not sent: Grok is .+ until /);
    expect(await chat.composer.inputValue()).toBe('@grok are you there?');
    expect(await chat.messages({ speaker: 'grok' }).count()).toBe(1);
    expect(proxy.xai.paths).toHaveLength(1);

    await seat.getByRole('button', { name: 'Reset' }).click();
    await seat.waitFor({ state: 'detached', timeout: 20_000 });
    await shot('seat-reset');
    await chat.send('@grok and now?');
    await expect.poll(() => proxy.xai.paths.length, { timeout: 30_000 }).toBe(2);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
