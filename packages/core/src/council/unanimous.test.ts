import { describe, expect, test } from 'vitest';
import type { PlanStep, TurnPlan } from '../transcript/plan';
import type { Message, MessageStatus } from '../transcript/schema';
import { endedAtVote, unanimousVote, votesEndedAfter } from './unanimous';
import { describeUnanimous } from './unanimousText';

const step = (kind: PlanStep['kind'], seats: string[]): PlanStep => ({
  kind,
  seats,
  reads: kind === 'answer' ? 'blind' : kind === 'review' ? 'peers' : 'council',
  names: kind === 'answer' ? 'labelled' : 'anonymised',
  concurrency: 3,
});

const SEATS = ['claude', 'gpt', 'gemini'];
const council: TurnPlan = {
  id: 'p1',
  createdAt: '2026-01-01T00:00:00.000Z',
  kind: 'message',
  mode: 'council',
  question: 'q',
  round: 1,
  steps: [step('answer', SEATS), step('review', SEATS), step('synthesis', ['claude'])],
};

type Reply = Pick<Message, 'id' | 'role' | 'speaker' | 'step' | 'alternativeOf' | 'status' | 'content'>;
const answer = (speaker: string, content: string, status: MessageStatus = 'complete', index = 0): Reply => ({
  id: `${speaker}-${index}`,
  role: 'assistant',
  speaker,
  step: { plan: 'p1', index },
  status,
  content,
});
const agreeing = () => [answer('claude', 'Answer: 42'), answer('gpt', 'Answer: 42.0'), answer('gemini', '\\boxed{42}')];

describe('unanimousVote', () => {
  test('every seat stating the same short answer, in any words the vote reads, is a unanimous vote', () => {
    expect(unanimousVote(council, agreeing())).toEqual({ plan: 'p1', answer: '42', seats: 3, saved: 4 });
  });

  test.each<[string, Reply[]]>([
    ['a split vote', [answer('claude', 'Answer: 42'), answer('gpt', 'Answer: 41'), answer('gemini', 'Answer: 42')]],
    ['no short answer', [answer('claude', 'It depends.'), answer('gpt', 'It depends.'), answer('gemini', 'Hm.')]],
    ['an answer that states none', [...agreeing().slice(0, 2), answer('gemini', 'Probably 42')]],
    ['an answer that failed', [...agreeing().slice(0, 2), answer('gemini', 'Answer: 42', 'error')]],
    ['an answer that was stopped', [...agreeing().slice(0, 2), answer('gemini', 'Answer: 42', 'cancelled')]],
    ['an answer still streaming', [...agreeing().slice(0, 2), answer('gemini', 'Answer: 42', 'streaming')]],
    ['an answer deleted', [...agreeing().slice(0, 2), answer('gemini', '', 'deleted')]],
    ['a seat that never answered', agreeing().slice(0, 2)],
    [
      'only an alternative from a seat (the original is what counts)',
      [...agreeing().slice(0, 2), { ...answer('gemini', 'Answer: 42'), alternativeOf: 'x' }],
    ],
  ])('%s is none', (_, replies) => {
    expect(unanimousVote(council, replies)).toBeUndefined();
  });

  test('an alternative does not split a unanimous vote (the vote reads the originals)', () => {
    const alternative = { ...answer('gpt', 'Answer: 7'), id: 'alt', alternativeOf: 'gpt-0' };
    expect(unanimousVote(council, [...agreeing(), alternative])).toMatchObject({ answer: '42' });
  });

  test.each<[string, TurnPlan]>([
    ['Independent', { ...council, mode: 'independent', steps: [step('answer', SEATS)] }],
    ['a reveal round', { ...council, kind: 'round' }],
    ['a Council of one step', { ...council, steps: [step('answer', SEATS)] }],
    ['a Council of one seat', { ...council, steps: [step('answer', ['claude']), step('synthesis', ['claude'])] }],
  ])('%s has none', (_, plan) => {
    expect(unanimousVote(plan, agreeing())).toBeUndefined();
  });

  test('two seats save three requests (two reviews and the synthesis)', () => {
    const pair = {
      ...council,
      steps: [step('answer', ['a', 'b']), step('review', ['a', 'b']), step('synthesis', ['a'])],
    };
    const replies = [answer('a', 'Answer: yes'), answer('b', 'Final answer: Yes.')];
    expect(unanimousVote(pair, replies)).toEqual({ plan: 'p1', answer: 'yes', seats: 2, saved: 3 });
  });
});

describe('endedAtVote', () => {
  test('a unanimous Council none of whose later steps has a reply ended at its vote', () => {
    expect(endedAtVote(council, agreeing())).toMatchObject({ answer: '42' });
  });

  test('once a review is placed (Review anyway, or the setting off), it is an ordinary Council', () => {
    expect(endedAtVote(council, [...agreeing(), answer('claude', '', 'streaming', 1)])).toBeUndefined();
    expect(endedAtVote(council, [...agreeing(), answer('claude', '', 'cancelled', 1)])).toBeUndefined();
  });

  test('an export says it after the plan’s last answer in the conversation', () => {
    const ordered = agreeing().map((m, i) => ({ ...m, seq: i, createdAt: '2026-01-01T00:00:00.000Z' }));
    const after = votesEndedAfter(ordered as Message[], [council]);
    expect([...after.keys()]).toEqual(['gemini-0']);
  });
});

describe('describeUnanimous', () => {
  test.each([
    [{ answer: '42', seats: 3, saved: 4 }, 'All 3 agree: 42. Reviews and synthesis skipped (4 requests saved)'],
    [{ answer: 'yes', seats: 2, saved: 3 }, 'Both agree: yes. Reviews and synthesis skipped (3 requests saved)'],
    [{ answer: 'paris', seats: 5, saved: 6 }, 'All 5 agree: paris. Reviews and synthesis skipped (6 requests saved)'],
  ])('%o: %s', (vote, line) => {
    expect(describeUnanimous(vote)).toBe(line);
  });
});
