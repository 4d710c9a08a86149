import { describe, expect, test } from 'vitest';
import { seat } from '../../test/support/seat';
import { describeRouting } from './describeRouting';
import { describeUnrouted, unroutedClauses } from './describeUnrouted';
import type { RouteDecision } from './route';

function nobody(over: Partial<RouteDecision>): RouteDecision {
  return {
    targets: [],
    unknown: [],
    disabled: [],
    muted: [],
    overCap: [],
    groups: [],
    absent: [],
    reason: 'none',
    ...over,
  };
}

describe('describeRouting when nobody answers', () => {
  test('nothing to say when no name went unanswered', () => {
    expect(describeRouting(nobody({}), [seat('claude')], undefined)).toBeUndefined();
  });

  test('a table where nobody can answer lists nobody as at the table', () => {
    const table = [seat('gemini', { enabled: false }), seat('kimi', { muted: true })];
    expect(describeRouting(nobody({ disabled: ['gemini'] }), table, undefined)).toBe(
      'Nobody was asked to answer: @gemini is disabled.',
    );
  });
});

describe('describeUnrouted', () => {
  test('missing lists mean nobody', () => {
    expect(unroutedClauses({})).toEqual([]);
    expect(describeUnrouted({})).toBeUndefined();
  });

  test('an unknown cap, one left out', () => {
    expect(describeUnrouted({ overCap: ['gpt'] })).toBe(
      'Fewer answer one message (roundtable.router.maxRespondersPerTurn), so @gpt was left out.',
    );
  });
});
