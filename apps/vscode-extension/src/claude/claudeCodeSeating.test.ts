import { describe, expect, test } from 'vitest';
import { DEFAULT_SEATS } from '../adapters/defaultSeats';
import { planClaudeCodeSeating } from './claudeCodeSeating';

// Seat Claude on Claude Code, as a settings change: the user's Claude seats on the proxy move to the CLI, nothing else
// changes, and the result reads back.

const gpt = { id: 'gpt', displayName: 'GPT', model: 'gpt-5.5', enabled: true };
const claudeOnProxy = { id: 'claude', displayName: 'Claude', model: 'claude-sonnet-4-6', enabled: true };
const opus = { id: 'opus', displayName: 'Opus', model: 'Claude-Opus-4-6', provider: 'cliproxyapi', enabled: true };
const local = { id: 'qwen', displayName: 'Qwen', model: 'claude-but-local', provider: 'llamacpp', enabled: true };
const llamacpp = { id: 'llamacpp', name: 'llama.cpp', baseUrl: 'http://127.0.0.1:8080/v1' };

describe('planClaudeCodeSeating', () => {
  test('moves every Claude seat on the proxy to a new claude-code provider, leaving every other entry as it was', () => {
    const planned = planClaudeCodeSeating({ participants: [gpt, claudeOnProxy, opus, local], providers: [llamacpp] });
    expect(planned).toEqual({
      ok: true,
      plan: {
        providers: [llamacpp, { id: 'claude-code', kind: 'cli', cli: 'claude', name: 'Claude Code' }],
        participants: [gpt, { ...claudeOnProxy, provider: 'claude-code' }, { ...opus, provider: 'claude-code' }, local],
        providerId: 'claude-code',
        moved: ['claude', 'opus'],
        added: undefined,
        reusedProvider: false,
      },
    });
  });

  test('uses the user’s own entry for the claude CLI, and a free id when claude-code is taken by another', () => {
    const own = { id: 'mine', kind: 'cli', cli: 'claude', name: 'My Claude', command: '/opt/claude' };
    const reused = planClaudeCodeSeating({ participants: [claudeOnProxy], providers: [own] });
    expect(reused.ok && reused.plan).toMatchObject({ providerId: 'mine', reusedProvider: true, providers: [own] });
    const taken = { id: 'claude-code', name: 'Something else', baseUrl: 'http://127.0.0.1:9000/v1' };
    const fresh = planClaudeCodeSeating({ participants: [claudeOnProxy], providers: [taken] });
    expect(fresh.ok && fresh.plan.providerId).toBe('claude-code-2');
  });

  test('with no list of the user’s own, the default seats are written out, Claude among them on the CLI', () => {
    const planned = planClaudeCodeSeating({ participants: undefined, providers: undefined });
    expect(planned.ok && planned.plan.participants).toEqual(
      DEFAULT_SEATS.map((s) => (s.id === 'claude' ? { ...s, provider: 'claude-code' } : { ...s })),
    );
  });

  test('with no Claude seat on the proxy, one is added (under a free @-name)', () => {
    const claudeAlias = { ...gpt, aliases: ['claude'] };
    const planned = planClaudeCodeSeating({ participants: [claudeAlias], providers: [] });
    expect(planned.ok && planned.plan.added).toBe('claude-2');
    expect(planned.ok && planned.plan.participants.at(-1)).toEqual({
      id: 'claude-2',
      displayName: 'Claude',
      color: '#D97706',
      model: 'sonnet',
      provider: 'claude-code',
      enabled: true,
    });
  });

  test('refuses, writing nothing, lists that are not lists and a full table', () => {
    expect(planClaudeCodeSeating({ participants: 'oops', providers: [] })).toMatchObject({ ok: false });
    expect(planClaudeCodeSeating({ participants: [], providers: {} })).toMatchObject({ ok: false });
    const full = Array.from({ length: 16 }, (_, i) => ({ ...gpt, id: `g${i}` }));
    expect(planClaudeCodeSeating({ participants: full, providers: [] })).toEqual({
      ok: false,
      reason: 'The table is full: remove a seat from roundtable.participants first.',
    });
  });
});
