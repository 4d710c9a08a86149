import { describe, expect, test } from 'vitest';
import { base, d } from '../../test/support/routeTable';
import { type RouteDecision, type RouteInput, route } from './index';

// Absent seats (they need a login, or cannot be reached): left out of what the message addresses, before the cap;
// a message whose every addressee is absent goes to nobody else.
describe('route with absent seats', () => {
  test.each<{ name: string; input: Partial<RouteInput>; expected: RouteDecision }>([
    {
      name: 'absent: @all goes to those who can answer, the absent ones reported',
      input: { text: '@all', absent: ['gpt'] },
      expected: d(['claude', 'grok'], 'all', { absent: ['gpt'] }),
    },
    {
      name: 'absent: the cap counts only those who can answer',
      input: { text: '@all', maxResponders: 2, absent: ['claude'] },
      expected: d(['gpt', 'grok'], 'all', { absent: ['claude'] }),
    },
    {
      name: 'absent: mentions keep their order, without the absent one',
      input: { text: '@grok @claude @gpt', absent: ['claude'] },
      expected: d(['grok', 'gpt'], 'mentions', { absent: ['claude'] }),
    },
    {
      name: 'absent: every one named is absent: nobody answers, nobody else is asked',
      input: { text: '@claude @gpt', absent: ['claude', 'gpt'], defaultTarget: 'grok' },
      expected: d([], 'absent', { absent: ['claude', 'gpt'] }),
    },
    {
      name: 'absent: the seat on To is not replaced by another',
      input: { defaultTarget: 'gpt', absent: ['gpt'] },
      expected: d([], 'absent', { absent: ['gpt'] }),
    },
    {
      name: 'absent: with no seat on To, the first that can answer',
      input: { defaultTarget: null, absent: ['claude'] },
      expected: d(['gpt'], 'default'),
    },
    {
      name: 'absent: explicit targets, without the absent one',
      input: { explicitTargets: ['grok', 'gpt'], absent: ['grok'] },
      expected: d(['gpt'], 'explicit', { absent: ['grok'] }),
    },
    {
      name: 'absent: round robin passes over them to the next',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'claude', absent: ['gpt'] },
      expected: d(['grok'], 'roundRobin'),
    },
    {
      name: 'absent: round robin with every routable seat absent',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'claude', absent: ['claude', 'gpt', 'grok'] },
      expected: d([], 'absent', { absent: ['claude', 'gpt', 'grok'] }),
    },
    {
      name: 'absent: a disabled seat stays disabled (absent says nothing of it)',
      input: { text: '@gemini @gpt', absent: ['gemini'] },
      expected: d(['gpt'], 'mentions', { disabled: ['gemini'] }),
    },
  ])('$name', ({ input, expected }) => {
    expect(route({ ...base, ...input })).toEqual(expected);
  });
});
