import { describe, expect, test } from 'vitest';
import { readSettings } from './readSettings';

const config = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T | undefined });

describe('readSettings', () => {
  test('defaults: managed mode, trying 127.0.0.1:8317 first, no participants unless configured', () => {
    const s = readSettings(config({}));
    expect(s.endpoint).toEqual({ mode: 'managed', port: 8317, externalUrl: '' });
    expect(s.orchestrator.participants).toEqual([]);
    expect(s.problems).toEqual([]);
  });

  test('reads participants, filling defaults, and keeps the valid ones when one is wrong', () => {
    const s = readSettings(
      config({
        participants: [{ id: 'claude', model: 'claude-sonnet-4-6' }, { id: 'Bad Id', model: 'x' }, { id: 'gpt' }],
      }),
    );
    expect(s.orchestrator.participants).toEqual([
      { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
    ]);
    expect(s.problems).toHaveLength(2);
    expect(s.problems[0]).toContain('roundtable.participants[1]');
    expect(s.problems[1]).toContain('roundtable.participants[2]');
  });

  test.each([
    ['sidecar.mode', 'cloud', 'roundtable.sidecar.mode'],
    ['sidecar.port', 70000, 'roundtable.sidecar.port'],
    ['sidecar.port', '8317', 'roundtable.sidecar.port'],
    ['sidecar.externalUrl', 42, 'roundtable.sidecar.externalUrl'],
    ['participants', { id: 'claude' }, 'must be an array'],
  ])('a wrong %s (%j) falls back to the default and is reported', (key, value, expected) => {
    const s = readSettings(config({ [key]: value }));
    expect(s.problems.join('\n')).toContain(expected);
    expect(s.endpoint.port).toBe(8317);
    expect(s.endpoint.mode).toBe('managed');
  });
});
