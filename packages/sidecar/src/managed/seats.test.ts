import { describe, expect, test } from 'vitest';
import { type LoginEntry, parseLoginEntries, providerForModel, seatState } from './seats';

const NOW = Date.parse('2026-12-01T10:00:00Z');

function login(overrides: Partial<LoginEntry>): LoginEntry {
  return {
    provider: 'claude',
    name: 'claude-ana.json',
    authIndex: '1',
    label: 'ana@example.com',
    disabled: false,
    unavailable: false,
    nextRetryAt: undefined,
    statusMessage: '',
    ...overrides,
  };
}

describe('parseLoginEntries', () => {
  test('keeps what a seat needs and nothing of the account or its tokens', () => {
    const entries = parseLoginEntries({
      files: [
        {
          id: 'claude-ana.json',
          auth_index: 'a1',
          name: 'claude-ana.json',
          provider: 'claude',
          label: 'ana@example.com',
          status: 'error',
          status_message: 'rate limited',
          disabled: false,
          unavailable: true,
          next_retry_after: '2026-12-01T10:01:04Z',
          email: 'ana@example.com',
          id_token: { sub: 'secret-claims' },
        },
        { type: 'codex', auth_index: 7, name: 'codex-x.json', unavailable: false },
        'not an entry',
        { name: 'no provider' },
      ],
    });
    expect(entries).toEqual([
      {
        provider: 'claude',
        name: 'claude-ana.json',
        authIndex: 'a1',
        label: 'ana@example.com',
        disabled: false,
        unavailable: true,
        nextRetryAt: Date.parse('2026-12-01T10:01:04Z'),
        statusMessage: 'rate limited',
      },
      {
        provider: 'codex',
        name: 'codex-x.json',
        authIndex: '7',
        label: 'codex-x.json',
        disabled: false,
        unavailable: false,
        nextRetryAt: undefined,
        statusMessage: '',
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain('secret-claims');
    expect(parseLoginEntries({ files: 'nope' })).toEqual([]);
    expect(parseLoginEntries(null)).toEqual([]);
  });
});

describe('seatState', () => {
  test.each([
    ['claude-sonnet-4-6', 'claude'],
    ['claude-opus-4-1(16384)', 'claude'],
    ['gpt-5.5', 'codex'],
    ['o3', 'codex'],
    ['gemini-2.5-pro', 'antigravity'],
    ['kimi-k2', 'kimi'],
    ['grok-4', 'xai'],
    ['my-local-model', undefined],
  ])('%s needs a %s login', (model, provider) => {
    expect(providerForModel(model)).toBe(provider);
  });

  test('no login of the provider: the seat needs one', () => {
    expect(seatState('claude-sonnet-4-6', [], NOW)).toEqual({ kind: 'needs-login', provider: 'claude' });
    expect(seatState('gpt-5.5', [login({})], NOW)).toMatchObject({ kind: 'needs-login', provider: 'codex' });
  });

  test('only disabled logins: the seat is disabled, with the login that enabling would seat again', () => {
    expect(seatState('claude-sonnet-4-6', [login({ disabled: true, authIndex: '3' })], NOW)).toEqual({
      kind: 'disabled',
      provider: 'claude',
      login: { name: 'claude-ana.json', authIndex: '3' },
    });
    // One enabled login of the provider is enough, whatever the disabled ones.
    expect(
      seatState('claude-sonnet-4-6', [login({ disabled: true }), login({ name: 'claude-bo.json' })], NOW),
    ).toMatchObject({ kind: 'ready' });
    // A disabled login with no name cannot be enabled by Roundtable: the seat needs a login.
    expect(seatState('claude-sonnet-4-6', [login({ disabled: true, name: '' })], NOW)).toMatchObject({
      kind: 'needs-login',
    });
  });

  test('one available login is enough; a pause that has run out counts as available', () => {
    expect(
      seatState(
        'claude-sonnet-4-6',
        [login({ unavailable: true, nextRetryAt: NOW + 5_000 }), login({ authIndex: '2' })],
        NOW,
      ),
    ).toEqual({
      kind: 'ready',
      provider: 'claude',
    });
    expect(seatState('claude-sonnet-4-6', [login({ unavailable: true, nextRetryAt: NOW - 1 })], NOW)).toMatchObject({
      kind: 'ready',
    });
  });

  test('every login paused: the seat cools until the earliest retry, with the reason and the login to reset', () => {
    const state = seatState(
      'claude-sonnet-4-6',
      [
        login({ authIndex: 'late', unavailable: true, nextRetryAt: NOW + 90_000, statusMessage: 'quota' }),
        login({ authIndex: 'soon', unavailable: true, nextRetryAt: NOW + 64_000, statusMessage: 'rate limited' }),
      ],
      NOW,
    );
    expect(state).toEqual({
      kind: 'cooling',
      provider: 'claude',
      until: NOW + 64_000,
      reason: 'rate limited',
      authIndex: 'soon',
    });
  });

  test('a model whose name says nothing of its provider is unknown, not blamed on a login', () => {
    expect(seatState('my-local-model', [], NOW)).toEqual({ kind: 'unknown' });
  });
});
