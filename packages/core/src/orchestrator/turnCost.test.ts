import { describe, expect, test } from 'vitest';
import { planForMessage } from '../council/plans';
import type { ParticipantConfig } from '../participants/participant';
import { describeTurnCost, explainTurnCost } from '../threads/describeTurnCost';
import type { DiscussionMode } from '../transcript/plan';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from './settings';
import { costOfPlan, planRequests } from './turnCost';

// The count of a plan's requests and how it is said: what each mode, seat count and setting makes of it.

const seat = (id: string): ParticipantConfig => ({
  id,
  displayName: id.toUpperCase(),
  color: '#888888',
  model: id,
  enabled: true,
});
const SEATS = ['claude', 'gpt', 'gemini'];
const settings = { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: SEATS.map(seat) };
const plan = (mode: DiscussionMode, seats = SEATS) =>
  planForMessage({ id: 'p', question: 'q', mode, seats, ordered: false, settings });
const name = (id: string) => id.toUpperCase();

describe('what a plan costs', () => {
  test('a Council of three is seven requests, three when its answers may end at the vote', () => {
    expect(planRequests(plan('council'))).toBe(7);
    expect(costOfPlan(plan('council'), { maxRounds: 3, skipWhenUnanimous: false })).toEqual({
      kind: 'sends',
      mode: 'council',
      seats: SEATS,
      requests: 7,
    });
    const skipping = costOfPlan(plan('council'), { maxRounds: 3, skipWhenUnanimous: true });
    expect(skipping).toMatchObject({ requests: 7, fewest: 3 });
    expect(describeTurnCost(skipping, name)).toBe('Council · 3 seats · 3-7 requests');
    expect(describeTurnCost(costOfPlan(plan('council'), { maxRounds: 1, skipWhenUnanimous: false }), name)).toBe(
      'Council · 3 seats · 7 requests',
    );
  });

  test('a Council of four is nine; of one seat, its one answer (no review, no vote)', () => {
    const four = ['claude', 'gpt', 'gemini', 'kimi'];
    const wide = { ...settings, participants: four.map(seat) };
    const p = planForMessage({ id: 'p', question: 'q', mode: 'council', seats: four, ordered: false, settings: wide });
    expect(planRequests(p)).toBe(9);
    const one = costOfPlan(plan('council', ['gpt']), { maxRounds: 3, skipWhenUnanimous: true });
    expect(one).toEqual({ kind: 'sends', mode: 'council', seats: ['gpt'], requests: 1 });
    expect(describeTurnCost(one, name)).toBe('Council · GPT · 1 request');
  });

  test('Discuss with several seats counts Another round up to the rounds allowed; one seat, or one round, does not', () => {
    const three = costOfPlan(plan('discuss'), { maxRounds: 3, skipWhenUnanimous: true });
    expect(three).toMatchObject({ requests: 3, most: 9, rounds: 3 });
    expect(describeTurnCost(three, name)).toBe('Discuss · 3 seats · 3-9 requests');
    expect(explainTurnCost(three, name)).toContain('up to 3 rounds in all: at most 9 requests');
    expect(costOfPlan(plan('discuss', ['gpt']), { maxRounds: 3, skipWhenUnanimous: true })).not.toHaveProperty('most');
    expect(costOfPlan(plan('discuss'), { maxRounds: 1, skipWhenUnanimous: true })).not.toHaveProperty('most');
  });

  test('Independent is one request a seat, whatever the settings', () => {
    const cost = costOfPlan(plan('independent'), { maxRounds: 3, skipWhenUnanimous: true });
    expect(cost).toEqual({ kind: 'sends', mode: 'independent', seats: SEATS, requests: 3 });
    expect(explainTurnCost(cost, name)).toBe(
      'Independent: CLAUDE, GPT and GEMINI answer. 3 replies, at once: 3 requests. Each request is one call to a seat’s provider, counted against that subscription’s limits.',
    );
  });

  test('a message that would not be sent says why, in place of a count', () => {
    const refused = { kind: 'refused' as const, reason: 'Not sent: CLAUDE needs a Claude login.' };
    expect(describeTurnCost(refused, name)).toBe(refused.reason);
  });
});
