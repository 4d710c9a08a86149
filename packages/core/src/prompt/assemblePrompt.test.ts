import { describe, expect, test } from 'vitest';
import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { ContextBlock, Message, Transcript } from '../transcript/schema';
import { type AssemblePromptInput, assemblePrompt } from './index';

// ---- builders ---------------------------------------------------------------------------------------------

const MARKER = '[System] Earlier messages omitted for length.';
const AT = '2025-03-01T12:00:00.000Z';

type Spec = Omit<Message, 'id' | 'seq' | 'createdAt'>;

const user = (content: string, extra: Partial<Spec> = {}): Spec => ({
  role: 'user',
  speaker: 'user',
  content,
  status: 'complete',
  ...extra,
});
const said = (speaker: string, content: string, extra: Partial<Spec> = {}): Spec => ({
  role: 'assistant',
  speaker,
  content,
  status: 'complete',
  ...extra,
});
const note = (content: string): Spec => ({ role: 'system', speaker: 'system', content, status: 'complete' });

function thread(participants: string[], specs: Spec[]): Transcript {
  return {
    version: 2,
    id: 't1',
    title: 'Test',
    createdAt: AT,
    updatedAt: AT,
    participants,
    messages: specs.map((spec, seq) => ({ id: `m${seq}`, seq, createdAt: AT, ...spec })),
  };
}

function seat(id: string, displayName: string, systemPrompt?: string): ParticipantConfig {
  return {
    id,
    displayName,
    color: '#123456',
    model: `${id}-model`,
    enabled: true,
    ...(systemPrompt ? { systemPrompt } : {}),
  };
}

const CONFIGS = [seat('claude', 'Claude'), seat('gpt', 'GPT'), seat('gemini', 'Gemini')];

function input(specs: Spec[], overrides: Partial<AssemblePromptInput> = {}): AssemblePromptInput {
  return {
    transcript: thread(['claude', 'gpt'], specs),
    speakerId: 'claude',
    participants: CONFIGS,
    systemMode: 'multiple',
    softLimitChars: 150_000,
    keepRecent: 6,
    ...overrides,
  };
}

/** The framing text the brief prescribes, written out once here as the expectation. */
function framing(name: string, others: string, userName = 'User'): string {
  return (
    `You are ${name}, one of several AI assistants in a shared group conversation with a human user (${userName}). ` +
    `Other participants: ${others}. Messages are labeled with their speaker. Respond as yourself; do not ` +
    'impersonate other participants; do not prefix your reply with your own name.'
  );
}

const u = (content: string): ChatMessage => ({ role: 'user', content });
const asst = (content: string): ChatMessage => ({ role: 'assistant', content });
const sys = (content: string): ChatMessage => ({ role: 'system', content });

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Length of the main system message for the default input, to state budgets relative to it. */
const SYSTEM_LEN = framing('Claude', 'GPT').length;

// ---- the system message -----------------------------------------------------------------------------------

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

// ---- mapping transcript messages --------------------------------------------------------------------------

const fileBlock: ContextBlock = { kind: 'file', path: 'src/a.ts', content: 'const a = 1;' };

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

// ---- the character budget ---------------------------------------------------------------------------------

/** Own messages are unprefixed, so each of these is exactly 100 characters of output. */
const hundred = (ch: string) => said('claude', ch.repeat(100));
const five = ['a', 'b', 'c', 'd', 'e'].map(hundred);
const out = (ch: string) => asst(ch.repeat(100));

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

// ---- purity -----------------------------------------------------------------------------------------------

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

// ---- golden prompts ---------------------------------------------------------------------------------------

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
