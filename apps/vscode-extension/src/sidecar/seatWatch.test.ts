import type { SeatState } from '@roundtable/sidecar/managed';
import { describe, expect, test } from 'vitest';
import { managedSeatMap } from './seatWatch';

const seat = (id: string, model: string) => ({ id, model, enabled: true });
const table = [
  seat('claude', 'claude-sonnet-4-6'),
  seat('gpt', 'gpt-5.5'),
  seat('gemini', 'gemini-3-flash'),
  seat('local', 'my-model'),
];

describe('managedSeatMap', () => {
  test('each login state and each model the proxy does not serve, with what fixes it', () => {
    const states = new Map<string, SeatState>([
      ['claude', { kind: 'needs-login', provider: 'claude' }],
      ['gpt', { kind: 'disabled', provider: 'codex', login: { name: 'codex-a.json', authIndex: '2' } }],
      ['gemini', { kind: 'ready', provider: 'antigravity' }],
      ['local', { kind: 'unknown' }],
    ]);
    expect(managedSeatMap(table, states, ['claude-sonnet-4-6', 'gpt-5.5'])).toEqual({
      claude: { kind: 'needs-login', provider: 'Claude' },
      gpt: { kind: 'unavailable', reason: 'its ChatGPT login is disabled in CLIProxyAPI', fix: 'enable' },
      // A login, but not the model: its name is wrong.
      gemini: { kind: 'unavailable', reason: 'CLIProxyAPI does not serve gemini-3-flash', fix: 'settings' },
      // No login known for a name that says nothing of its provider: signing in to the one that has it helps.
      local: { kind: 'unavailable', reason: 'CLIProxyAPI does not serve my-model', fix: 'signIn' },
    });
  });

  test('a ready seat whose model is served (a thinking suffix read by its base), or while the models are unknown, is not listed', () => {
    const ready = new Map<string, SeatState>([['claude', { kind: 'ready', provider: 'claude' }]]);
    const thinking = [seat('claude', 'claude-sonnet-4-6(16384)')];
    expect(managedSeatMap(thinking, ready, ['claude-sonnet-4-6'])).toEqual({});
    expect(managedSeatMap(table, ready, undefined)).toEqual({});
  });

  test('a paused seat cools, with its reset only when the proxy can reset it', () => {
    const states = new Map<string, SeatState>([
      ['claude', { kind: 'cooling', provider: 'claude', until: 5, reason: 'quota', authIndex: 'a' }],
      ['gpt', { kind: 'cooling', provider: 'codex', until: undefined, reason: 'wait', authIndex: undefined }],
    ]);
    expect(managedSeatMap(table, states, undefined)).toEqual({
      claude: { kind: 'cooling', until: 5, reason: 'quota', canReset: true },
      gpt: { kind: 'cooling', reason: 'wait', canReset: false },
    });
  });
});
