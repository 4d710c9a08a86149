import { describe, expect, test } from 'vitest';
import type { TurnPlan } from '../transcript/plan';
import { describeVote } from './voteText';

const plan = {
  steps: [
    { kind: 'answer', seats: ['claude', 'gpt', 'gemini', 'kimi'], reads: 'blind', names: 'labelled', concurrency: 3 },
  ],
} as unknown as TurnPlan;
const NAMES: Record<string, string> = { claude: 'Claude', gpt: 'GPT', gemini: 'Gemini', kimi: 'Kimi' };
const name = (seat: string) => NAMES[seat] ?? seat;

describe('describeVote', () => {
  test.each([
    [{ answers: { claude: '42', gpt: '42', gemini: '42' } }, '3 of 3 answer 42.'],
    [{ answers: { gemini: '41', claude: '42', gpt: '42' } }, '2 of 3 answer 42; Gemini (41) dissents.'],
    [
      { answers: { claude: '42', gpt: '42', gemini: '41', kimi: '40', x: '42' } },
      '3 of 5 answer 42; Gemini (41) and Kimi (40) dissent.',
    ],
    [{ answers: { claude: '1', gpt: '2' } }, 'No majority: 1 (Claude), 2 (GPT).'],
    [
      { answers: { claude: 'B', gpt: 'B', gemini: 'C', kimi: 'C' } },
      'No majority: B (Claude and GPT), C (Gemini and Kimi).',
    ],
    [
      { answers: { claude: '42', gpt: '42', gemini: '41' }, synthesis: '42' },
      '2 of 3 answer 42; Gemini (41) dissents. The synthesis answers 42, as the majority does.',
    ],
    [
      { answers: { claude: '42', gpt: '42', gemini: '41' }, synthesis: '41' },
      '2 of 3 answer 42; Gemini (41) dissents. The synthesis answers 41, against the majority (42).',
    ],
    [
      { answers: { claude: '1', gpt: '2' }, synthesis: '2' },
      'No majority: 1 (Claude), 2 (GPT). The synthesis answers 2.',
    ],
  ])('%j: %s', (vote, said) => {
    expect(describeVote(vote, plan, name)).toBe(said);
  });
});
