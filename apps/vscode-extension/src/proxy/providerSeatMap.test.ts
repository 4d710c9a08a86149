import type { CliDialect } from '@roundtable/core/cli';
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

function book() {
  const asked: string[] = [];
  const clis = new CliSeatBook(async (dialect: CliDialect, command: string | undefined) => {
    asked.push(`${dialect.program} ${command ?? '(PATH)'}`);
    return dialect.program === 'claude'
      ? { ok: true, path: '/usr/bin/claude', version: '2.1.328' }
      : {
          ok: false,
          problem: 'outdated',
          reason: 'Codex 0.1.0 is older than 0.169.0, the oldest Roundtable can drive: update it.',
        };
  });
  return { clis, asked };
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
});
