import { describe, expect, test } from 'vitest';
import { fileBlock, framing, input, said, user } from '../../test/support/promptFixtures';
import { type AssemblePromptInput, assemblePrompt, DIFF_REQUEST } from './assemblePrompt';

// A seat that reads code from the editor is asked for changes as unified diffs, which Review and Apply then open and
// write; without code, or with the setting off, nothing is added.

const systemOf = (overrides: Partial<AssemblePromptInput>, withCode = true) =>
  assemblePrompt(
    input([user('fix it', withCode ? { contextBlocks: [fileBlock] } : {}), said('gpt', 'sure')], overrides),
  ).messages[0]?.content;

describe('the request for diffs', () => {
  test('follows the framing when a message carries code and the setting is on', () => {
    expect(systemOf({ askForDiffs: true })).toBe(`${framing('Claude', 'GPT')}\n\n${DIFF_REQUEST}`);
  });

  test('comes before the seat persona, which stays last', () => {
    const participants = input([]).participants.map((p) =>
      p.id === 'claude' ? { ...p, systemPrompt: 'Be brief.' } : p,
    );
    expect(systemOf({ askForDiffs: true, participants })).toBe(
      `${framing('Claude', 'GPT')}\n\n${DIFF_REQUEST}\n\nBe brief.`,
    );
  });

  test('is not there without code, nor with the setting off', () => {
    expect(systemOf({ askForDiffs: true }, false)).toBe(framing('Claude', 'GPT'));
    expect(systemOf({ askForDiffs: false })).toBe(framing('Claude', 'GPT'));
    expect(systemOf({})).toBe(framing('Claude', 'GPT'));
  });
});
