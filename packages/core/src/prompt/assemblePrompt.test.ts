import { describe, expect, test } from 'vitest';
import {
  CONFIGS,
  deepFreeze,
  fileBlock,
  five,
  framing,
  hundred,
  input,
  MARKER,
  note,
  out,
  SYSTEM_LEN,
  said,
  seat,
  sys,
  thread,
  u,
  user,
} from '../../test/support/promptFixtures';
import type { ChatMessage } from '../llm/types';
import { type AssemblePromptInput, assemblePrompt } from './index';

describe('assemblePrompt: character budget', () => {
  test.each<{ name: string; input: AssemblePromptInput; expected: ChatMessage[]; omitted: number }>([
    {
      name: 'exactly at the limit: untouched',
      input: input(five, { softLimitChars: SYSTEM_LEN + 500, keepRecent: 1 }),
      expected: ['a', 'b', 'c', 'd', 'e'].map(out),
      omitted: 0,
    },
    {
      name: 'one over: the oldest goes, one marker in its place',
      input: input(five, { softLimitChars: SYSTEM_LEN + 499, keepRecent: 1 }),
      expected: [u(MARKER), ...['b', 'c', 'd', 'e'].map(out)],
      omitted: 1,
    },
    {
      name: 'drops oldest first until it fits',
      input: input(five, { softLimitChars: SYSTEM_LEN + MARKER.length + 200, keepRecent: 1 }),
      expected: [u(MARKER), out('d'), out('e')],
      omitted: 3,
    },
    {
      name: "the marker's own length counts",
      input: input(five, { softLimitChars: SYSTEM_LEN + MARKER.length + 199, keepRecent: 1 }),
      expected: [u(MARKER), out('e')],
      omitted: 4,
    },
    {
      name: 'keeps keepRecent even when still over',
      input: input(five, { softLimitChars: 0, keepRecent: 2 }),
      expected: [u(MARKER), out('d'), out('e')],
      omitted: 3,
    },
    {
      name: 'keepRecent covering everything: nothing dropped, no marker',
      input: input(five, { softLimitChars: 0, keepRecent: 5 }),
      expected: ['a', 'b', 'c', 'd', 'e'].map(out),
      omitted: 0,
    },
    {
      name: 'keepRecent 0: everything droppable goes, the system message stays',
      input: input(five, { softLimitChars: 0, keepRecent: 0 }),
      expected: [u(MARKER)],
      omitted: 5,
    },
    {
      name: 'system message alone over the limit is never dropped, and no marker without drops',
      input: input([], { softLimitChars: 10, keepRecent: 0 }),
      expected: [],
      omitted: 0,
    },
    {
      name: 'excluded messages are not counted as omitted',
      input: input([hundred('a'), said('gpt', '', { status: 'deleted' }), hundred('b'), hundred('c')], {
        softLimitChars: SYSTEM_LEN + MARKER.length + 100,
        keepRecent: 1,
      }),
      expected: [u(MARKER), out('c')],
      omitted: 2,
    },
    {
      name: 'keepRecent counts included messages only',
      input: input([hundred('a'), hundred('b'), said('gpt', 'x', { status: 'streaming' })], {
        softLimitChars: 0,
        keepRecent: 1,
      }),
      expected: [u(MARKER), out('b')],
      omitted: 1,
    },
    {
      name: 'multiple mode: notes are dropped in seq order with the rest; marker after the kept notes',
      input: input([note('n'.repeat(100)), hundred('a'), note('m'.repeat(100)), hundred('b'), hundred('c')], {
        softLimitChars: SYSTEM_LEN + MARKER.length + 300,
        keepRecent: 1,
      }),
      expected: [sys('m'.repeat(100)), u(MARKER), out('b'), out('c')],
      omitted: 2,
    },
    {
      name: 'multiple mode: a later note outlives an older turn',
      input: input([hundred('a'), note('n'.repeat(100)), hundred('b')], { softLimitChars: 0, keepRecent: 2 }),
      expected: [sys('n'.repeat(100)), u(MARKER), out('b')],
      omitted: 1,
    },
    {
      name: 'inline mode: notes are dropped in place like any message',
      input: input([note('n'.repeat(91)), hundred('a'), note('m'.repeat(91)), hundred('b')], {
        systemMode: 'inline',
        softLimitChars: SYSTEM_LEN + MARKER.length + 200,
        keepRecent: 1,
      }),
      expected: [u(MARKER), u(`[System] ${'m'.repeat(91)}`), out('b')],
      omitted: 2,
    },
  ])('$name', ({ input, expected, omitted }) => {
    const result = assemblePrompt(input);
    expect(result.messages[0]).toEqual(sys(framing('Claude', 'GPT')));
    expect(result.messages.slice(1)).toEqual(expected);
    expect(result.omitted).toBe(omitted);
  });
});

describe('assemblePrompt: purity', () => {
  test('does not mutate a deeply frozen input, and is deterministic', () => {
    const frozen = deepFreeze(
      input(
        [
          note('n'),
          user('q', { contextBlocks: [{ ...fileBlock, range: [1, 2], language: 'ts' }], targets: ['claude'] }),
          said('gpt', 'g'),
          said('claude', 'c'),
          said('gpt', '', { status: 'deleted' }),
        ],
        { participants: [seat('claude', 'Claude', 'persona'), seat('gpt', 'GPT')], softLimitChars: 0, keepRecent: 2 },
      ),
    );
    const snapshot = structuredClone(frozen);
    const first = assemblePrompt(frozen);
    expect(first.omitted).toBe(2);
    expect(frozen).toEqual(snapshot);
    expect(assemblePrompt(frozen)).toEqual(first);
  });

  test('returned messages can be changed without touching the next result', () => {
    const args = input([hundred('a'), hundred('b')], { softLimitChars: 0, keepRecent: 1 });
    const first = assemblePrompt(args);
    for (const m of first.messages) m.content = 'changed';
    expect(assemblePrompt(args).messages[1]).toEqual(u(MARKER));
  });
});

describe('assemblePrompt: golden prompts', () => {
  test('multiple mode: three seats, persona, context, notes, partial and excluded messages', () => {
    const participants = [
      seat('claude', 'Claude', 'You review TypeScript with a focus on correctness.'),
      seat('gpt', 'GPT'),
      seat('gemini', 'Gemini'),
    ];
    const transcript = thread(
      ['claude', 'gpt', 'gemini'],
      [
        note('The user prefers short answers.'),
        user('Why does this throw on empty input? @claude @gpt', {
          targets: ['claude', 'gpt'],
          contextBlocks: [
            {
              kind: 'selection',
              path: 'src/parse.ts',
              range: [10, 14],
              language: 'ts',
              content: 'export function first(xs: string[]) {\n  return xs[0].trim();\n}',
            },
            { kind: 'file', path: 'README.md', content: 'Usage:\n\n```sh\nparse --first\n```\n' },
          ],
        }),
        said('claude', '`xs[0]` is `undefined` for an empty array, so `.trim()` throws.'),
        said('gpt', 'Agreed. Also consider returning', { status: 'cancelled' }),
        said('gemini', '', { status: 'error', error: 'HTTP 429: model_cooldown' }),
        user('', { status: 'deleted' }),
        note('Gemini is rate-limited until 12:30.'),
        user('@claude can you write the fix?', { targets: ['claude'] }),
        said('claude', 'Here is', { status: 'streaming' }),
      ],
    );
    const prompt = assemblePrompt({
      transcript,
      speakerId: 'claude',
      participants,
      systemMode: 'multiple',
      softLimitChars: 150_000,
      keepRecent: 6,
    });
    expect(prompt.omitted).toBe(0);
    expect(prompt).toMatchSnapshot();
  });

  test('inline mode with a budget omission and a custom user name', () => {
    const transcript = thread(
      ['gpt', 'claude', 'retired'],
      [
        user('Long background: '.concat('lorem ipsum '.repeat(40))),
        said('retired', 'An answer from a participant that has since been removed from settings.'),
        note('Claude joined the thread.'),
        user('Summarise the discussion so far.'),
        said('gpt', 'We discussed the background; the retired participant answered.'),
        said('claude', 'And I just joined.'),
        user('@gpt anything to add?'),
      ],
    );
    const prompt = assemblePrompt({
      transcript,
      speakerId: 'gpt',
      participants: CONFIGS,
      systemMode: 'inline',
      softLimitChars: 900,
      keepRecent: 3,
      userName: 'Ada',
    });
    expect(prompt.omitted).toBeGreaterThan(0);
    expect(prompt).toMatchSnapshot();
  });
});
