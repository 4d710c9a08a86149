import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { type FakeProxy, REQUIRE_REAL_PROXY, realProxyBinary, startFakeProxy } from '@roundtable/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type EgressRecord,
  egressOffenders,
  formatOffenders,
  processName,
  programsStarted,
  readEgressLog,
  spawnsFrom,
  summarizeEgress,
} from '../src/egress';
import { acceptDownload, managedEnv, managedRoot, type ReleaseServer, startRelease } from '../src/managedRelease';
import { cleanWorkbenchSettings } from '../src/settings';
import { expectNoUnexpectedErrors, type Suite, useSuite } from '../src/suite';

// Egress proof: one full use of the extension (activation, the download from the release server, the managed proxy
// started and watched, a turn, a sign-in started and cancelled) with every outgoing connection and name lookup of
// code-server's Node processes recorded (src/egressRecorder.cjs). The extension host, where Roundtable runs, may
// reach loopback only, and there only the release server, the proxy it runs and the provider it was given; it may
// look up no name but localhost. Its other extensions (VS Code's built-in ones) are judged with it: a pooled fetch
// connection cannot be told apart by extension. code-server's own processes are recorded but not judged: the server
// asks open-vsx.org for the extension gallery whatever Roundtable does. The proxy is a Go binary the recorder cannot
// see into: NO_EGRESS (in managedEnv) sends its own requests to a closed loopback port.

const binary = realProxyBinary();
const run = binary.ok || REQUIRE_REAL_PROXY ? describe : describe.skip;
const title = binary.ok ? '' : REQUIRE_REAL_PROXY ? ' (required, but not built)' : ` (skipped: ${binary.reason})`;

interface Lease {
  ownerPid?: number;
  port?: number | null;
}

run(`Roundtable reaches nothing but loopback (managed mode, every connection recorded)${title}`, () => {
  // Registered before the suite's hooks, so it runs after them (after-hooks run in reverse): once code-server has
  // stopped, the log also holds what deactivate() did. Ports seen during the run stay allowed.
  const allowed = new Map<number, string>();
  afterAll(() => {
    const log = suite.session?.egressLog;
    if (!log || allowed.size === 0) return;
    const offenders = egressOffenders(extensionHost(readEgressLog(log)), { ports: [...allowed.keys()] });
    if (offenders.length > 0)
      throw new Error(`the extension host reached out at shutdown:\n${formatOffenders(offenders)}`);
  });

  // A second, OpenAI-compatible server on loopback, for a seat that answers without a login.
  let provider: FakeProxy | undefined;
  const suite: Suite<ReleaseServer> = useSuite({
    startProxy: async () => {
      provider = await startFakeProxy({ models: ['llama3'] });
      return startRelease();
    },
    settings: () => ({
      ...cleanWorkbenchSettings,
      'roundtable.sidecar.mode': 'managed',
      'roundtable.participants': [
        { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
        { id: 'llama', displayName: 'Llama', color: '#8B5CF6', model: 'llama3', enabled: true, provider: 'local' },
      ],
      'roundtable.providers': [{ id: 'local', name: 'Local', baseUrl: `${provider?.url}/v1` }],
    }),
    extraEnv: managedEnv,
    // The release mirror is a test hook: the extension reads it only in Development mode.
    development: true,
    recordEgress: true,
  });
  afterAll(() => provider?.close());

  const lease = (): Lease => {
    try {
      return JSON.parse(readFileSync(path.join(managedRoot(suite.session), 'lease.json'), 'utf8')) as Lease;
    } catch {
      return {};
    }
  };
  const seat = () =>
    suite.chat.frame.locator('[data-testid="seat"][data-participant="claude"][data-kind="needs-login"]');

  it('activates, asks, downloads from the release server and runs the proxy', async () => {
    const { page, chat, shot } = suite;
    await chat.open();
    await acceptDownload(page, chat);
    await shot('egress-managed-green');
    await expect.poll(() => lease().port ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('runs a turn: the provider’s seat answers, the seat with no login says so', async () => {
    const { chat, shot } = suite;
    await chat.dismissTermsNotice();
    // A message to the seat with no login would be held (never sent), so the turn goes to the provider's seat.
    await seat().waitFor({ timeout: 30_000 });
    await chat.send('@llama hello from the egress test');
    await chat.messages({ speaker: 'llama', status: 'complete' }).waitFor({ timeout: 60_000 });
    await shot('egress-turn');
  });

  it('starts a sign-in, whose page only the browser is offered, and cancels it', async () => {
    const { page, shot } = suite;
    await seat().getByRole('button', { name: 'Sign in' }).click();
    // Claude through the proxy: the account risk is said, and asked about, before the login starts.
    const question = page.locator('.monaco-dialog-box', { hasText: 'forbid using a Claude Free, Pro or Max login' });
    await question.waitFor();
    await shot('claude-account-question');
    await question.locator('.monaco-button', { hasText: 'Sign In Through the Proxy Anyway' }).click();
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'claude.ai' });
    await dialog.waitFor();
    await shot('egress-sign-in');
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
  });

  it('the extension host reached only the release server, the proxy and the provider, and looked up no name', async () => {
    const { session, proxy: release } = suite;
    const log = session.egressLog ?? '';
    const all = readEgressLog(log);
    const { ownerPid, port } = lease();
    allowed.set(Number(new URL(release.url).port), 'release server');
    allowed.set(Number(new URL(provider?.url ?? 'http://invalid').port), 'provider');
    if (port) allowed.set(port, 'managed proxy');
    writeFileSync(`${log}.summary.txt`, `${summarizeEgress(all, allowed)}\n`);
    const host = extensionHost(all);

    // Not a vacuous pass: the recorder sat in the extension host that runs the proxy and saw each of them used.
    expect(ownerPid, 'the lease names the extension host that runs the proxy').toBeGreaterThan(0);
    expect(new Set(host.map((record) => record.pid))).toContain(ownerPid);
    const tcpPorts = new Set(host.filter((record) => record.kind === 'tcp').map((record) => record.port));
    expect([...allowed.keys()].filter((allowedPort) => !tcpPorts.has(allowedPort))).toEqual([]);

    const offenders = egressOffenders(host, { ports: [...allowed.keys()] });
    const network = host.filter((record) => record.kind !== 'spawn' && record.kind !== 'load');
    expect(
      formatOffenders(offenders),
      `the extension host's network records:\n${summarizeEgress(network, allowed)}`,
    ).toBe('');

    // A program Roundtable starts is out of the recorder's sight, so the only one may be the verified proxy, run
    // directly or under Roundtable's own watchdog (which runs nothing else).
    const ours = spawnsFrom(host, session.extensionCode);
    expect(ours.length, 'the proxy’s start, attributed to Roundtable').toBeGreaterThan(0);
    const binaries = path.join(managedRoot(session), path.sep);
    const programs = programsStarted(ours, session.extensionCode);
    expect(programs.filter((file) => !file?.startsWith(binaries))).toEqual([]);

    const others = all.filter((record) => record.type !== 'extensionHost' && record.kind !== 'load');
    console.info(
      `egress: ${host.length} extension-host records, all loopback; ${others.length} from ${[...new Set(others.map(processName))].join(', ') || 'no other process'} (not judged); ${log}.summary.txt`,
    );
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});

function extensionHost(records: readonly EgressRecord[]): EgressRecord[] {
  return records.filter((record) => record.type === 'extensionHost');
}
