import { describe, expect, test } from 'vitest';
import type { ParticipantConfig } from '../participants/participant';
import type { TurnPlan } from '../transcript/plan';
import { Anonymiser, type NamedSeat } from './anonymise';
import { commentRanges } from './codeComments';
import { namedSeats, recordSeatNames, seatNamesOf } from './seatNames';

const seat = (p: Partial<ParticipantConfig> & Pick<ParticipantConfig, 'id' | 'displayName' | 'model'>) =>
  ({ color: '#123456', enabled: true, ...p }) as ParticipantConfig;
const claude = seat({ id: 'claude', displayName: 'Claude', model: 'claude-sonnet-4-6', provider: 'claude-cli' });
const gpt = seat({ id: 'gpt', displayName: 'GPT', model: 'gpt-5.5' });
const gemini = seat({ id: 'gemini', displayName: 'Gemini', model: 'gemini-3-flash' });
const local = seat({ id: 'local', displayName: 'Local', model: 'my-model-7b', provider: 'lmstudio' });
const LETTERS: Record<string, string> = { claude: 'Response A', gpt: 'Response B', gemini: 'Response C' };

function anonymiser(participants: ParticipantConfig[], plan?: TurnPlan): Anonymiser {
  return new Anonymiser(
    namedSeats(plan, participants, (id) => LETTERS[id] ?? 'another assistant'),
    ['all'],
  );
}

describe('the anonymiser scrubs every name a reply can give away', () => {
  const a = () => anonymiser([claude, gpt]);

  test.each([
    [
      'a display name and an id, in any case',
      'Claude agrees with gpt and CLAUDE.',
      'Response A agrees with Response B and Response A.',
    ],
    ['a family name the seat does not go by', 'As ChatGPT, I think so.', 'As Response B, I think so.'],
    ['makers', 'Anthropic and OpenAI disagree.', 'Response A and Response B disagree.'],
    [
      'model ids, whole',
      'I am claude-sonnet-4-6, not gpt-5.5 or GPT-4o-mini.',
      'I am Response A, not Response B or Response B.',
    ],
    [
      'a model id of a family no seat is of',
      'gemini-3-flash and llama3.1:70b say so.',
      'another assistant and another assistant say so.',
    ],
    [
      'words after a hyphen stay words',
      'A Claude-style answer, a Claude-GPT tie.',
      'A Response A-style answer, a Response A-Response B tie.',
    ],
    ['a provider', 'Run through claude-cli.', 'Run through Response A.'],
    [
      'a name inside a word stays',
      'Claudette read the metadata of a GPTs list.',
      'Claudette read the metadata of a GPTs list.',
    ],
    ['a family word that is also English: acceptable', 'A gemini, born in June.', 'A another assistant, born in June.'],
  ])('in prose: %s', (_what, text, scrubbed) => {
    expect(a().scrub(text)).toBe(scrubbed);
  });

  test.each([
    ['a name standing alone', 'Say `As ChatGPT` or `claude`.', 'Say `As Response B` or `Response A`.'],
    ['a model id', 'Set `gpt-5.5`.', 'Set `Response B`.'],
    [
      'a name that is part of an identifier or a path',
      'Call `claudeClient`, `claude_api`, `anthropic.Client()`, `@anthropic-ai/sdk`, `$gpt` or `gpt/`.',
      'Call `claudeClient`, `claude_api`, `anthropic.Client()`, `@anthropic-ai/sdk`, `$gpt` or `gpt/`.',
    ],
    ['a name ending a sentence in a span', 'Say `thanks, Claude.`', 'Say `thanks, Response A.`'],
  ])('in inline code: %s', (_what, text, scrubbed) => {
    expect(a().scrub(text)).toBe(scrubbed);
  });

  test('in a fenced block, its comments are scrubbed and its code is left exactly as written', () => {
    const block = [
      '```ts',
      "// Claude's fix, reviewed by GPT",
      'import anthropic from "anthropic"; /* ChatGPT wrote this */',
      'const claudeClient = new Anthropic(); // uses claude.run()',
      'const url = "https://claude.ai//x"; // see `gpt-5.5`',
      '```',
    ].join('\n');
    expect(a().scrub(`Here:\n${block}\nDone, Claude.`)).toBe(
      [
        'Here:',
        '```ts',
        "// Response A's fix, reviewed by Response B",
        'import anthropic from "anthropic"; /* Response B wrote this */',
        'const claudeClient = new Anthropic(); // uses claude.run()',
        'const url = "https://claude.ai//x"; // see `Response B`',
        '```',
        'Done, Response A.',
      ].join('\n'),
    );
  });

  test('comments in the languages that write them otherwise, and in a block of no language', () => {
    const scrub = (info: string, code: string) => a().scrub(`\`\`\`${info}\n${code}\n\`\`\``);
    expect(scrub('python', 'claude = 1  # Claude wrote it\nprint("# not Claude\'s")')).toBe(
      '```python\nclaude = 1  # Response A wrote it\nprint("# not Claude\'s")\n```',
    );
    expect(scrub('sql', 'SELECT gpt FROM t; -- by GPT')).toBe('```sql\nSELECT gpt FROM t; -- by Response B\n```');
    expect(scrub('html', '<b>claude</b><!-- Claude -->')).toBe('```html\n<b>claude</b><!-- Response A -->\n```');
    expect(scrub('', 'claude --help # Claude\na#Claude')).toBe('```\nclaude --help # Response A\na#Claude\n```');
    expect(scrub('c', '#include "claude.h" /* multi\n line Claude */ int gpt;')).toBe(
      '```c\n#include "claude.h" /* multi\n line Response A */ int gpt;\n```',
    );
  });

  test('a block cut off at the end of the text still has its comments scrubbed', () => {
    expect(a().scrub('```js\n// Claude\nclaude()')).toBe('```js\n// Response A\nclaude()');
  });

  test('a maker that is an everyday word or known for much else goes only when its family sits at the table', () => {
    expect(a().scrub('Google Cloud and Meta.')).toBe('Google Cloud and Meta.');
    expect(anonymiser([claude, gemini]).scrub('Google Cloud, by Google.')).toBe('Response C Cloud, by Response C.');
    expect(
      anonymiser([claude, seat({ id: 'l', displayName: 'L', model: 'llama3.1:8b' })]).scrub('Meta, metadata'),
    ).toBe('another assistant, metadata');
  });

  test('a name several seats go by becomes nobody in particular, never another seat’s label', () => {
    const twin = seat({ id: 'twin', displayName: 'Twin', model: 'gpt-5.5' });
    const scrubbed = anonymiser([claude, gpt, twin]).scrub('As ChatGPT (gpt-5.5), Twin and GPT agree.');
    // GPT is a seat's name, and a word of the family both seats are of.
    expect(scrubbed).toBe('As another assistant (another assistant), another assistant and another assistant agree.');
  });

  test('a model id or provider that reads as a word is no name', () => {
    expect(seatNamesOf(local)).toEqual(['Local', 'my-model-7b']);
    expect(seatNamesOf(seat({ id: 'x', displayName: 'X', model: 'auto', provider: 'local' }))).toEqual(['X']);
    expect(seatNamesOf(seat({ id: 'x', displayName: 'X', model: 'openrouter/qwen/qwen2.5-coder' }))).toEqual([
      'X',
      'openrouter/qwen/qwen2.5-coder',
      'qwen2.5-coder',
    ]);
  });

  test('self-labels and @-mentions go; every replacement is tallied, for the prompt inspector', () => {
    const x = a();
    expect(x.scrub('[Claude]: As Claude, I agree with @gpt and @all. `ChatGPT` // fine', 'claude')).toBe(
      'As Response A, I agree with and . `Response B` // fine',
    );
    expect(x.scrub('```ts\n// GPT\n```')).toBe('```ts\n// Response B\n```');
    expect(x.replacements()).toEqual([
      { from: '@all', to: '', count: 1 },
      { from: '@gpt', to: '', count: 1 },
      { from: 'ChatGPT', to: 'Response B', count: 1 },
      { from: 'Claude', to: 'Response A', count: 1 },
      { from: 'GPT', to: 'Response B', count: 1 },
      { from: '[Claude]:', to: '', count: 1 },
    ]);
  });
});

describe('the names a plan records', () => {
  const plan = (seatNames?: Record<string, string[]>): TurnPlan => ({
    id: 'p',
    createdAt: '2026-12-01T10:00:00.000Z',
    kind: 'message',
    mode: 'council',
    question: 'q',
    round: 1,
    steps: [{ kind: 'answer', seats: ['claude', 'gpt'], reads: 'blind', names: 'labelled', concurrency: 2 }],
    letters: { claude: 'A', gpt: 'B' },
    ...(seatNames ? { seatNames } : {}),
  });

  test('a seat renamed since the plan was made has its old names scrubbed too, from the plan', () => {
    const recorded = plan(recordSeatNames([{ ...claude, displayName: 'Opus', aliases: ['opus'] }, gpt]));
    const now = [{ ...claude, displayName: 'Sonnet' }, gpt];
    const seats: NamedSeat[] = namedSeats(recorded, now, (id) => LETTERS[id] ?? '');
    expect(seats.find((s) => s.id === 'claude')?.names).toEqual([
      'Opus',
      'opus',
      'claude-sonnet-4-6',
      'claude-cli',
      'Sonnet',
    ]);
    expect(new Anonymiser(seats).scrub('Opus, or @opus now Sonnet.')).toBe('Response A, or now Response A.');
  });

  test('an older plan, which recorded none, falls back to the names the settings give now', () => {
    const seats = namedSeats(plan(), [claude], (id) => LETTERS[id] ?? '');
    expect(seats).toEqual([
      { id: 'claude', names: ['Claude', 'claude-sonnet-4-6', 'claude-cli'], replacement: 'Response A' },
    ]);
    expect(new Anonymiser(seats).scrub('Opus said so; Claude agreed.')).toBe('Opus said so; Response A agreed.');
  });

  test('a seat that has left the table since keeps its recorded names', () => {
    const seats = namedSeats(plan(recordSeatNames([claude, gpt])), [claude], (id) => LETTERS[id] ?? '');
    expect(new Anonymiser(seats).scrub('GPT and gpt-5.5.')).toBe('Response B and Response B.');
  });
});

describe('commentRanges', () => {
  test('a quote hides a comment opener until it closes, on its line', () => {
    const code = 'a = "//x" // y\nb = \'#\' # z';
    expect(commentRanges(code, 'js').map(([s, e]) => code.slice(s, e))).toEqual([' y']);
    expect(commentRanges(code, 'python').map(([s, e]) => code.slice(s, e))).toEqual([' z']);
  });

  test('an unclosed block comment runs to the end', () => {
    const code = 'x /* a\nb';
    expect(commentRanges(code, 'ts').map(([s, e]) => code.slice(s, e))).toEqual([' a\nb']);
  });
});
