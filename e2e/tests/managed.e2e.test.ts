import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { REQUIRE_REAL_PROXY, realProxyBinary } from '@roundtable/testkit';
import { describe, expect, it } from 'vitest';
import { managedEnv, managedRoot, startRelease } from '../src/managedRelease';
import { cleanWorkbenchSettings } from '../src/settings';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';

// Managed mode in a real VS Code: the extension asks, downloads the pinned release from a release server on
// loopback (an archive holding the real binary, its SHA-256 given through ROUNDTABLE_RELEASE_MIRROR), verifies and
// runs it, and keeps the status pill true while the proxy is killed and comes back. Nobody is signed in, so the
// pill is amber (no seat can answer) while the proxy is up, and a message to a seat is held. The proxy's own internet
// requests die on a closed loopback port (NO_EGRESS).

const binary = realProxyBinary();
const run = binary.ok || REQUIRE_REAL_PROXY ? describe : describe.skip;
const title = binary.ok ? '' : REQUIRE_REAL_PROXY ? ' (required, but not built)' : ` (skipped: ${binary.reason})`;

run(`Roundtable running CLIProxyAPI itself (managed mode)${title}`, () => {
  const suite = useSuite({
    startProxy: startRelease,
    settings: () => ({
      ...cleanWorkbenchSettings,
      'roundtable.sidecar.mode': 'managed',
    }),
    extraEnv: managedEnv,
    // The release mirror is a test hook: the extension reads it only in Development mode.
    development: true,
  });

  const leaseFile = () => path.join(managedRoot(suite.session), 'lease.json');
  const proxyPid = (): number | undefined => {
    try {
      return (JSON.parse(readFileSync(leaseFile(), 'utf8')) as { proxyPid?: number }).proxyPid ?? undefined;
    } catch {
      return undefined;
    }
  };

  it('asks before downloading, then verifies and runs the pinned release; the pill says no seat can answer yet', async () => {
    const { proxy, page, chat, shot } = suite;
    await chat.open();
    const consent = page.locator('.monaco-dialog-box');
    await consent.waitFor();
    expect((await consent.textContent())?.toLowerCase()).toContain('terms of service');
    expect(proxy.requests).toEqual([]); // nothing fetched before the answer
    await shot('managed-consent');
    await consent.locator('.monaco-button', { hasText: 'Download and Run' }).click();

    await chat.frame.locator('[data-testid="sidecar-status"][data-state="healthy"]').waitFor({ timeout: 90_000 });
    expect(proxy.requests).toHaveLength(1);
    // The proxy is up, but no seat can answer before a sign-in: the pill is amber and says so, not "connected".
    const seatless = chat.frame.locator('[data-testid="sidecar-status"][data-seatless="needs-login"]');
    await seatless.waitFor({ timeout: 15_000 });
    expect(await seatless.getAttribute('data-ok')).toBe('false');
    expect(await seatless.textContent()).toContain('No seat can answer yet: sign in');
    await shot('managed-no-seat');
    // It says which participants have no login yet: the three default seats, none served yet.
    await expect
      .poll(() => chat.sidecarStatus.getAttribute('title'), { timeout: 15_000 })
      .toMatch(
        /^Roundtable runs CLIProxyAPI at http:\/\/127\.0\.0\.1:\d+\. Not served now: @claude \(claude-sonnet-4-6\), @gpt \(gpt-5\.5\), @gemini \(gemini-3-flash\)\.$/,
      );
    await expect.poll(proxyPid, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('a seat whose provider has no login says so, and Sign in starts that provider’s sign-in page', async () => {
    const { page, chat, shot } = suite;
    const seat = chat.frame.locator('[data-testid="seat"][data-participant="claude"][data-kind="needs-login"]');
    await seat.waitFor({ timeout: 30_000 });
    expect(await seat.textContent()).toContain('needs a Claude login');
    await shot('managed-seat-needs-login');
    await seat.getByRole('button', { name: 'Sign in' }).click();
    // Claude through the proxy: the account risk first, asked once (remembered on this machine from then on).
    const question = page.locator('.monaco-dialog-box', { hasText: 'forbid using a Claude Free, Pro or Max login' });
    await question.waitFor();
    await shot('managed-claude-question');
    await question.locator('.monaco-button', { hasText: 'Sign In Through the Proxy Anyway' }).click();
    // VS Code asks before opening an external page: the page is the provider's, over https.
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'claude.ai' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('https://claude.ai/oauth/authorize');
    await shot('managed-sign-in-page');
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
  });

  it('a message to a seat that needs a login is held: the composer keeps it and the notice offers Sign in', async () => {
    const { page, chat, shot } = suite;
    await chat.send('@claude hello');
    const notice = chat.frame.locator('[data-testid="notice"]', { hasText: 'Claude needs a Claude login' });
    await notice.waitFor();
    await shot('managed-held');
    expect(await chat.composer.inputValue()).toBe('@claude hello');
    expect(await chat.messages().count()).toBe(0);
    await notice.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'claude.ai' });
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
  });

  it('the pill shows the proxy down within seconds of it being killed, and up again once it is back', async () => {
    const { chat, shot } = suite;
    const first = proxyPid();
    process.kill(first ?? 0, 'SIGKILL');
    await chat.frame.locator('[data-testid="sidecar-status"]:not([data-state="healthy"])').waitFor({ timeout: 10_000 });
    await shot('managed-red');
    expect(await chat.sidecarStatus.getAttribute('title')).toContain('CLIProxyAPI exited (signal SIGKILL).');
    await chat.frame.locator('[data-testid="sidecar-status"][data-state="healthy"]').waitFor({ timeout: 30_000 });
    await shot('managed-up-again');
    await expect.poll(proxyPid, { timeout: 10_000 }).not.toBe(first);
  });

  it('a click on the pill offers Restart, which starts a new proxy', async () => {
    const { page, chat, shot } = suite;
    const before = proxyPid();
    await chat.sidecarStatus.click();
    const restart = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Restart CLIProxyAPI' });
    await restart.waitFor();
    await shot('managed-actions');
    await restart.click();
    await expect.poll(proxyPid, { timeout: 30_000 }).not.toBe(before);
    await chat.frame.locator('[data-testid="sidecar-status"][data-state="healthy"]').waitFor({ timeout: 30_000 });
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
