import { describe, expect, test } from 'vitest';
import manifest from '../../package.json' with { type: 'json' };
import { DEFAULT_SEATS } from './defaultSeats';
import { readSettings } from './readSettings';

const config = (values: Record<string, unknown>) => ({ get: <T>(key: string) => values[key] as T | undefined });

describe('readSettings', () => {
  test('defaults: managed mode, trying 127.0.0.1:8317 first, three seats, manual routing', () => {
    const s = readSettings(config({}));
    expect(s.endpoint).toEqual({ mode: 'managed', port: 8317, externalUrl: '' });
    expect(s.orchestrator.participants.map((p) => `${p.id}:${p.model}`)).toEqual([
      'claude:claude-sonnet-4-6',
      'gpt:gpt-5.5',
      'gemini:gemini-3-flash',
    ]);
    expect(s.orchestrator).toMatchObject({
      routerMode: 'manual',
      maxRespondersPerTurn: 8,
      maxRounds: 3,
      userName: 'User',
      softLimitChars: 150_000,
      speakingOrder: 'seat',
      maxConcurrent: 3,
      chair: null,
      anonymiseReviews: true,
      skipWhenUnanimous: true,
      maxDisputeRounds: 2,
      groups: [],
    });
    expect(s.problems).toEqual([]);
  });

  test('the manifest offers the same three seats as its default, and lists every setting read here', () => {
    const properties = manifest.contributes.configuration.properties;
    expect(properties['roundtable.participants'].default).toEqual(DEFAULT_SEATS);
    const keys = [
      'router.defaultMode',
      'router.maxRespondersPerTurn',
      'router.maxRounds',
      'userName',
      'context.softLimitChars',
      'context.autoIncludeActiveFile',
      'providers',
      'router.order',
      'council.maxConcurrent',
      'council.chair',
      'council.anonymiseReviews',
      'council.skipWhenUnanimous',
      'council.maxDisputeRounds',
      'groups',
    ];
    for (const key of keys) {
      expect(Object.keys(properties)).toContain(`roundtable.${key}`);
    }
  });

  test('reads the council: speaking order, how many at once, the chair, anonymous reviews, skipping when unanimous and groups', () => {
    const s = readSettings(
      config({
        'router.order': 'rotating',
        'council.maxConcurrent': 2,
        'council.chair': 'gpt',
        'council.anonymiseReviews': false,
        'council.skipWhenUnanimous': false,
        'council.maxDisputeRounds': 3,
        groups: [{ id: 'reviewers', members: ['claude', 'gpt'], mode: 'council' }],
      }),
    );
    expect(s.orchestrator).toMatchObject({
      speakingOrder: 'rotating',
      maxConcurrent: 2,
      chair: 'gpt',
      anonymiseReviews: false,
      skipWhenUnanimous: false,
      maxDisputeRounds: 3,
      groups: [{ id: 'reviewers', displayName: '@reviewers', members: ['claude', 'gpt'], mode: 'council' }],
    });
    expect(s.problems).toEqual([]);
  });

  test('a wrong council setting is reported and its default used; a bad group costs that group only', () => {
    const s = readSettings(
      config({
        'router.order': 'alphabetical',
        'council.maxConcurrent': 0,
        'council.chair': 'bob',
        'council.maxDisputeRounds': 9,
        groups: [
          { id: 'claude', members: ['gpt'] },
          { id: 'pair', members: ['gpt', 'bob'] },
          { id: 'ghosts', members: ['bob'] },
          { id: 'Bad Id', members: ['gpt'] },
        ],
      }),
    );
    expect(s.orchestrator).toMatchObject({ speakingOrder: 'seat', maxConcurrent: 3, chair: null, maxDisputeRounds: 2 });
    expect(s.orchestrator.groups).toEqual([{ id: 'pair', displayName: '@pair', members: ['gpt'] }]);
    expect(s.problems).toEqual([
      expect.stringContaining('roundtable.groups[0]: "@claude" is already a participant'),
      expect.stringContaining('roundtable.groups[1].members: "bob" is not at the table'),
      expect.stringContaining('roundtable.groups[2]: none of its members is at the table'),
      expect.stringContaining('roundtable.groups[3]'),
      'roundtable.router.order must be "seat" or "rotating" or "random"; using "seat".',
      'roundtable.council.maxConcurrent must be a whole number from 1 to 16; using 3.',
      'roundtable.council.chair: "bob" is not a participant\'s id; the turn\'s first seat chairs.',
      'roundtable.council.maxDisputeRounds must be a whole number from 1 to 5; using 2.',
    ]);
  });

  test('an empty list seats nobody (the user cleared the table on purpose)', () => {
    expect(readSettings(config({ participants: [] })).orchestrator.participants).toEqual([]);
  });

  test('reads routing, the user name and the context budget', () => {
    const s = readSettings(
      config({
        'router.defaultMode': 'roundRobin',
        'router.maxRespondersPerTurn': 2,
        userName: '  Ada ',
        'context.softLimitChars': 50_000,
        'context.autoIncludeActiveFile': true,
      }),
    );
    expect(s.autoIncludeActiveFile).toBe(true);
    expect(s.orchestrator).toMatchObject({
      routerMode: 'roundRobin',
      maxRespondersPerTurn: 2,
      userName: 'Ada',
      softLimitChars: 50_000,
    });
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

  test('reads roundtable.providers, and names a participant whose provider is not listed', () => {
    const s = readSettings(
      config({
        providers: [
          { id: 'copilot', name: 'Copilot', baseUrl: 'http://127.0.0.1:4141/v1/' },
          { id: 'lan', baseUrl: 'http://192.168.1.2:11434/v1' },
        ],
        participants: [
          { id: 'claude', model: 'claude-sonnet-4-6', provider: 'cliproxyapi' },
          { id: 'gpt', model: 'gpt-4.1', provider: 'copilot' },
          { id: 'llama', model: 'llama3', provider: 'lan' },
        ],
      }),
    );
    expect(s.providers).toEqual([{ id: 'copilot', name: 'Copilot', baseUrl: 'http://127.0.0.1:4141/v1' }]);
    expect(s.orchestrator.participants.map((p) => p.id)).toEqual(['claude', 'gpt', 'llama']);
    expect(s.problems).toHaveLength(2);
    expect(s.problems[0]).toContain('roundtable.providers[1] ("lan")');
    expect(s.problems[1]).toBe('participant "llama": provider "lan" is not in roundtable.providers; its replies fail');
  });

  test('no roundtable.providers: none, and no problem', () => {
    const s = readSettings(config({}));
    expect(s.providers).toEqual([]);
    expect(s.problems).toEqual([]);
  });

  test.each([
    ['providers', { id: 'local' }, 'roundtable.providers must be an array'],
    ['sidecar.mode', 'cloud', 'roundtable.sidecar.mode'],
    ['sidecar.port', 70000, 'roundtable.sidecar.port'],
    ['sidecar.port', '8317', 'roundtable.sidecar.port'],
    ['sidecar.externalUrl', 42, 'roundtable.sidecar.externalUrl'],
    ['participants', { id: 'claude' }, 'must be an array'],
    ['router.defaultMode', 'random', 'roundtable.router.defaultMode must be "manual" or "roundRobin"; using "manual".'],
    ['router.maxRespondersPerTurn', 0, 'roundtable.router.maxRespondersPerTurn must be a whole number from 1 to 16'],
    ['router.maxRespondersPerTurn', 2.5, 'roundtable.router.maxRespondersPerTurn'],
    ['router.maxRounds', 11, 'roundtable.router.maxRounds must be a whole number from 1 to 10; using 3.'],
    ['userName', '', 'roundtable.userName must be 1 to 40 characters; using "User".'],
    ['userName', 'x'.repeat(41), 'roundtable.userName'],
    ['userName', 7, 'roundtable.userName must be a string.'],
    [
      'context.autoIncludeActiveFile',
      'yes',
      'roundtable.context.autoIncludeActiveFile must be true or false; using false.',
    ],
    ['context.softLimitChars', 500, 'roundtable.context.softLimitChars must be a whole number from 10000 to 2000000'],
  ])('a wrong %s (%j) falls back to the default and is reported', (key, value, expected) => {
    const s = readSettings(config({ [key]: value }));
    expect(s.problems.join('\n')).toContain(expected);
    expect(s.endpoint.port).toBe(8317);
    expect(s.endpoint.mode).toBe('managed');
  });
});
