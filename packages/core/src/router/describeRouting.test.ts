import { describe, expect, test } from 'vitest';
import { seat } from '../../test/support/seat';
import { describeRouting } from './describeRouting';
import type { RouteDecision } from './route';

const table = [seat('claude'), seat('gpt'), seat('kimi', { muted: true }), seat('gemini', { enabled: false })];

function decision(over: Partial<RouteDecision>): RouteDecision {
  return {
    targets: ['claude'],
    unknown: [],
    disabled: [],
    muted: [],
    overCap: [],
    groups: [],
    absent: [],
    reason: 'mentions',
    ...over,
  };
}

describe('describeRouting', () => {
  test.each<[string, Partial<RouteDecision>, string | undefined]>([
    ['everyone named answers', {}, undefined],
    ['one unknown name', { unknown: ['bob'] }, '@bob is not at the table.'],
    ['two unknown names', { unknown: ['bob', 'eve'] }, '@bob and @eve are not at the table.'],
    [
      'each kind, in one sentence',
      { unknown: ['bob'], disabled: ['gemini'], muted: ['kimi'] },
      '@bob is not at the table; @gemini is disabled; @kimi is muted.',
    ],
    [
      'the cap',
      { overCap: ['gpt', 'grok', 'kimi'] },
      'At most 2 answer one message (roundtable.router.maxRespondersPerTurn), so @gpt, @grok and @kimi were left out.',
    ],
    [
      'nobody answers: says so and who can be addressed',
      { targets: [], reason: 'unroutable', unknown: ['bob'], muted: ['kimi'] },
      'Nobody was asked to answer: @bob is not at the table; @kimi is muted. At the table: @claude and @gpt.',
    ],
  ])('%s', (_name, over, text) => {
    expect(describeRouting(decision(over), table, 2)).toBe(text);
  });
});
