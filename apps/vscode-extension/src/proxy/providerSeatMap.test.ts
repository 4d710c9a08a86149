import type { CliDialect, CliLoginState } from '@roundtable/core/cli';
import { describe, expect, it } from 'vitest';
import type { ProviderConfig } from '../adapters/readProviders';
import { CliSeatBook } from '../clis/cliSeatBook';
import { providerSeatMap } from './providerSeatMap';

const providers: ProviderConfig[] = [
  { kind: 'cli', id: 'claude-code', name: 'Claude Code', cli: 'claude' },
  { kind: 'cli', id: 'old-codex', name: 'Codex', cli: 'codex', command: '/opt/codex' },
];
const participants = [
  { id: 'opus', model: 'opus', enabled: true, provider: 'claude-code' },
  { id: 'gpt', model: 'gpt-5', enabled: true, provider: 'old-codex' },
  { id: 'off', model: 'x', enabled: false, provider: 'old-codex' },
];
const noHttp = async (): Promise<never> => {
  throw new Error('no HTTP provider here');
};

function book(login: { state: CliLoginState } = { state: 'unknown' }) {
  const asked: string[] = [];
  const checked: string[] = [];
  const clis = new CliSeatBook(
    async (dialect: CliDialect, command: string | undefined) => {
      asked.push(`${dialect.program} ${command ?? '(PATH)'}`);
      return dialect.program === 'claude'
        ? { ok: true, path: '/usr/bin/claude', version: '2.1.328' }
        : {
            ok: false,
            problem: 'outdated',
            reason: 'Codex 0.1.0 is older than 0.169.0, the oldest Roundtable can drive: update it.',
          };
    },
    async (dialect, path) => {
      checked.push(`${dialect.program} ${path}`);
      return login.state;
    },
  );
  return { clis, asked, checked };
}

describe('providerSeatMap for CLI providers', () => {
  it('lists a seat whose CLI cannot be used, in the detection words, and detects each CLI once', async () => {
    const { clis, asked } = book();
    const map = await providerSeatMap(providers, participants, { http: noHttp, clis });
    expect(map).toEqual({
      gpt: {
        kind: 'unavailable',
        reason: 'Codex 0.1.0 is older than 0.169.0, the oldest Roundtable can drive: update it.',
        fix: 'update',
      },
    });
    await providerSeatMap(providers, participants, { http: noHttp, clis });
    expect(asked).toEqual(['claude (PATH)', 'codex /opt/codex']);
    clis.forget();
    await providerSeatMap(providers, participants, { http: noHttp, clis });
    expect(asked).toHaveLength(4);
  });

  it('holds a seat whose CLI said it is not signed in, until the user goes to sign in', async () => {
    const { clis } = book();
    clis.noteSignedOut('claude-code');
    expect((await providerSeatMap(providers, participants, { http: noHttp, clis })).opus).toEqual({
      kind: 'needs-login',
      provider: 'Claude Code',
    });
    clis.noteSignInEnded('claude-code');
    expect((await providerSeatMap(providers, participants, { http: noHttp, clis })).opus).toBeUndefined();
  });

  it('says a CLI missing from PATH is not installed (Install); a missing or broken `command` is for the settings', async () => {
    const missing = (problem: 'missing' | 'broken') =>
      new CliSeatBook(async () => ({ ok: false, problem, reason: `the detection's own words (${problem})` }));
    const onPath = await providerSeatMap(providers, participants, { http: noHttp, clis: missing('missing') });
    expect(onPath.opus).toEqual({ kind: 'unavailable', reason: 'Claude Code is not installed', fix: 'install' });
    expect(onPath.gpt).toEqual({
      kind: 'unavailable',
      reason: "the detection's own words (missing)",
      fix: 'settings',
    });
    const broken = await providerSeatMap(providers, participants, { http: noHttp, clis: missing('broken') });
    expect(broken.opus).toMatchObject({ fix: 'settings' });
  });

  it('holds a seat whose CLI says it is signed out before any reply, checking each usable CLI once', async () => {
    const login = { state: 'signed-out' as CliLoginState };
    const { clis, checked } = book(login);
    const map = () => providerSeatMap(providers, participants, { http: noHttp, clis });
    expect((await map()).opus).toEqual({ kind: 'needs-login', provider: 'Claude Code' });
    await map();
    // The CLI that cannot be used is not asked; the other is asked once, from where detection found it.
    expect(checked).toEqual(['claude /usr/bin/claude']);
    // Signed in elsewhere: the window regains focus and the check runs again.
    login.state = 'signed-in';
    expect((await map()).opus).toEqual({ kind: 'needs-login', provider: 'Claude Code' });
    clis.recheckLogins();
    expect((await map()).opus).toBeUndefined();
    expect(checked).toHaveLength(2);
  });

  it('a check that cannot tell holds nothing; a refusal a reply found stays until a check finds a new login', async () => {
    const login = { state: 'unknown' as CliLoginState };
    const { clis } = book(login);
    const map = () => providerSeatMap(providers, participants, { http: noHttp, clis });
    expect((await map()).opus).toBeUndefined();
    // A reply said the token was refused, though the status said nothing against it: held.
    clis.noteSignedOut('claude-code');
    login.state = 'signed-in';
    clis.recheckLogins();
    expect((await map()).opus).toEqual({ kind: 'needs-login', provider: 'Claude Code' });
    // Signed out, then signed in again (seen by two checks): released.
    login.state = 'signed-out';
    clis.recheckLogins();
    await map();
    login.state = 'signed-in';
    clis.recheckLogins();
    expect((await map()).opus).toBeUndefined();
  });

  it('a focus looks again for a CLI found missing or too old (it may have been installed), not for one found usable', async () => {
    const { clis, asked } = book();
    await providerSeatMap(providers, participants, { http: noHttp, clis });
    expect(asked).toEqual(['claude (PATH)', 'codex /opt/codex']);
    clis.recheckLogins();
    await providerSeatMap(providers, participants, { http: noHttp, clis });
    expect(asked).toEqual(['claude (PATH)', 'codex /opt/codex', 'codex /opt/codex']);
  });
});
