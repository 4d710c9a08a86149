import { describe, expect, test } from 'vitest';
import {
  asst,
  fileBlock,
  framing,
  input,
  note,
  said,
  seat,
  sys,
  thread,
  u,
  user,
} from '../../test/support/promptFixtures';
import type { ChatMessage } from '../llm/types';
import { type AssemblePromptInput, assemblePrompt } from './index';

describe('assemblePrompt: the main system message', () => {
  test.each<{ name: string; input: AssemblePromptInput; expected: string }>([
    {
      name: 'speaker alone in the thread: "none"',
      input: input([], { transcript: thread(['claude'], []) }),
      expected: framing('Claude', 'none'),
    },
    {
      name: 'speaker not yet listed in the thread',
      input: input([], { transcript: thread([], []) }),
      expected: framing('Claude', 'none'),
    },
    {
      name: 'three participants: the other two, in thread order, by display name',
      input: input([], { transcript: thread(['gemini', 'claude', 'gpt'], []) }),
      expected: framing('Claude', 'Gemini, GPT'),
    },
    {
      name: 'another speaker sees Claude among the others',
      input: input([], { transcript: thread(['claude', 'gpt', 'gemini'], []), speakerId: 'gpt' }),
      expected: framing('GPT', 'Claude, Gemini'),
    },
    {
      name: 'persona appended after a blank line',
      input: input([], { participants: [seat('claude', 'Claude', 'Be terse.\nCite sources.'), seat('gpt', 'GPT')] }),
      expected: `${framing('Claude', 'GPT')}\n\nBe terse.\nCite sources.`,
    },
    {
      name: "another participant's persona is not used",
      input: input([], { participants: [seat('claude', 'Claude'), seat('gpt', 'GPT', 'Be GPT.')] }),
      expected: framing('Claude', 'GPT'),
    },
    {
      name: 'whitespace-only persona is not appended',
      input: input([], { participants: [seat('claude', 'Claude', '  \n '), seat('gpt', 'GPT')] }),
      expected: framing('Claude', 'GPT'),
    },
    {
      name: 'participant without a config falls back to its id',
      input: input([], { transcript: thread(['claude', 'old-bot', 'gpt'], []) }),
      expected: framing('Claude', 'old-bot, GPT'),
    },
    {
      name: 'speaker without a config falls back to its id',
      input: input([], { speakerId: 'mystery', transcript: thread(['mystery', 'claude'], []) }),
      expected: framing('mystery', 'Claude'),
    },
    {
      name: 'userName override',
      input: input([], { userName: 'Ada' }),
      expected: framing('Claude', 'GPT', 'Ada'),
    },
  ])('$name', ({ input, expected }) => {
    const { messages } = assemblePrompt(input);
    expect(messages[0]).toEqual(sys(expected));
  });
});

describe('assemblePrompt: transcript messages (everything after the main system message)', () => {
  test.each<{ name: string; input: AssemblePromptInput; expected: ChatMessage[] }>([
    { name: 'empty thread: only the system message', input: input([]), expected: [] },
    {
      name: 'user message prefixed [User]',
      input: input([user('Why does this fail?')]),
      expected: [u('[User] Why does this fail?')],
    },
    {
      name: 'user prefix follows userName',
      input: input([user('hi')], { userName: 'Ada' }),
      expected: [u('[Ada] hi')],
    },
    {
      name: 'own messages: assistant, unprefixed',
      input: input([user('q'), said('claude', 'my answer')]),
      expected: [u('[User] q'), asst('my answer')],
    },
    {
      name: "others' messages: user, prefixed [Name]:",
      input: input([user('q'), said('gpt', 'GPT answer'), said('claude', 'mine')]),
      expected: [u('[User] q'), u('[GPT]: GPT answer'), asst('mine')],
    },
    {
      name: 'role depends on who speaks next',
      input: input([user('q'), said('gpt', 'GPT answer'), said('claude', 'mine')], { speakerId: 'gpt' }),
      expected: [u('[User] q'), asst('GPT answer'), u('[Claude]: mine')],
    },
    {
      name: 'unknown speaker labelled by id',
      input: input([said('old-bot', 'hello')], {
        transcript: thread(['claude', 'old-bot'], [said('old-bot', 'hello')]),
      }),
      expected: [u('[old-bot]: hello')],
    },
    {
      name: 'file block without range or language',
      input: input([user('Look', { contextBlocks: [fileBlock] })]),
      expected: [u('[User] Look\n\nFile: src/a.ts\n```\nconst a = 1;\n```')],
    },
    {
      name: 'file block with range',
      input: input([user('Look', { contextBlocks: [{ ...fileBlock, range: [10, 42] }] })]),
      expected: [u('[User] Look\n\nFile: src/a.ts (lines 10-42)\n```\nconst a = 1;\n```')],
    },
    {
      name: 'selection with range and language',
      input: input([
        user('Why does this fail?', {
          contextBlocks: [{ kind: 'selection', path: 'src/foo.ts', range: [10, 42], content: 'x();', language: 'ts' }],
        }),
      ]),
      expected: [u('[User] Why does this fail?\n\nSelection: src/foo.ts (lines 10-42)\n```ts\nx();\n```')],
    },
    {
      name: 'selection without range',
      input: input([user('a', { contextBlocks: [{ kind: 'selection', path: 'b.py', content: 'pass' }] })]),
      expected: [u('[User] a\n\nSelection: b.py\n```\npass\n```')],
    },
    {
      name: 'content with ``` gets a longer fence',
      input: input([user('a', { contextBlocks: [{ ...fileBlock, path: 'README.md', content: '```sh\nls\n```' }] })]),
      expected: [u('[User] a\n\nFile: README.md\n````\n```sh\nls\n```\n````')],
    },
    {
      name: 'fence longer than the longest backtick run anywhere in the content',
      input: input([user('a', { contextBlocks: [{ ...fileBlock, content: 'x `y` `````z' }] })]),
      expected: [u('[User] a\n\nFile: src/a.ts\n``````\nx `y` `````z\n``````')],
    },
    {
      name: 'content ending in a newline gets no blank line before the fence',
      input: input([user('a', { contextBlocks: [{ ...fileBlock, content: 'line\n' }] })]),
      expected: [u('[User] a\n\nFile: src/a.ts\n```\nline\n```')],
    },
    {
      name: 'language that would break the fence line is dropped',
      input: input([user('a', { contextBlocks: [{ ...fileBlock, language: 'ts\n@evil' }] })]),
      expected: [u('[User] a\n\nFile: src/a.ts\n```\nconst a = 1;\n```')],
    },
    {
      name: 'several blocks, in order, separated by blank lines',
      input: input([
        user('both', { contextBlocks: [fileBlock, { kind: 'selection', path: 'b.ts', range: [1, 1], content: 'b' }] }),
      ]),
      expected: [
        u('[User] both\n\nFile: src/a.ts\n```\nconst a = 1;\n```\n\nSelection: b.ts (lines 1-1)\n```\nb\n```'),
      ],
    },
    {
      name: 'blocks without text: bare label',
      input: input([user(' ', { contextBlocks: [fileBlock] })]),
      expected: [u('[User]\n\nFile: src/a.ts\n```\nconst a = 1;\n```')],
    },
    {
      name: 'multiple mode: notes become system messages after the main one, in seq order',
      input: input([user('q'), note('first note'), said('gpt', 'a'), note('second note')]),
      expected: [sys('first note'), sys('second note'), u('[User] q'), u('[GPT]: a')],
    },
    {
      name: 'inline mode: notes stay in place as [System] user content',
      input: input([user('q'), note('first note'), said('gpt', 'a'), note('second note')], { systemMode: 'inline' }),
      expected: [u('[User] q'), u('[System] first note'), u('[GPT]: a'), u('[System] second note')],
    },
    {
      name: 'tombstones are excluded',
      input: input([
        user('q'),
        said('gpt', '', { status: 'deleted' }),
        user('', { status: 'deleted' }),
        said('claude', 'a'),
      ]),
      expected: [u('[User] q'), asst('a')],
    },
    {
      name: 'a streaming reply is excluded',
      input: input([user('q'), said('gpt', 'half a thou', { status: 'streaming' })]),
      expected: [u('[User] q')],
    },
    {
      name: 'empty and whitespace-only messages are excluded',
      input: input([user(''), user(' \n\t'), said('gpt', ''), said('claude', '  '), note(' '), user('q')]),
      expected: [u('[User] q')],
    },
    {
      name: 'error with partial content is included, without the error text',
      input: input([
        user('q'),
        said('gpt', 'partial', { status: 'error', error: 'HTTP 500' }),
        said('claude', 'me too', { status: 'error', error: 'x' }),
      ]),
      expected: [u('[User] q'), u('[GPT]: partial'), asst('me too')],
    },
    {
      name: 'error without content is excluded',
      input: input([user('q'), said('gpt', '', { status: 'error', error: 'HTTP 500' })]),
      expected: [u('[User] q')],
    },
    {
      name: 'cancelled with partial content is included',
      input: input([user('q'), said('gpt', 'stopped here', { status: 'cancelled' })]),
      expected: [u('[User] q'), u('[GPT]: stopped here')],
    },
    {
      name: 'content is passed through verbatim (no trimming)',
      input: input([user('  spaced  '), said('claude', '\nmine\n')]),
      expected: [u('[User]   spaced  '), asst('\nmine\n')],
    },
  ])('$name', ({ input, expected }) => {
    const result = assemblePrompt(input);
    expect(result.messages[0]?.role).toBe('system');
    expect(result.messages.slice(1)).toEqual(expected);
    expect(result.omitted).toBe(0);
  });
});
