import type { ParticipantSetting } from '../src/settings';

// What the seats "say" in the README's screenshots: scripted replies the fake proxy streams in place of its echo,
// so the pictures show a conversation a person would have. Nothing here is checked against a real model.

/** The first seat: a Council's chair (no `roundtable.council.chair` is set), and the one asked for the change. */
export const FIRST: ParticipantSetting = {
  id: 'claude',
  displayName: 'Claude',
  color: '#D97706',
  model: 'claude-sonnet-4-6',
  enabled: true,
};

export const SEATS: readonly ParticipantSetting[] = [
  FIRST,
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];

/** One scripted reply per seat id. */
export type SeatReplies = Readonly<Record<string, string>>;

/** Discuss: one after another, each reading the replies before it. */
export const DISCUSS: { question: string; replies: SeatReplies } = {
  question: '@all Our retries hammer the API after an outage. Backoff or jitter?',
  replies: {
    claude: [
      'Both: backoff alone keeps clients in step. Add **full jitter**:',
      '',
      '```ts',
      'await sleep(random() * min(cap, base * 2 ** n));',
      '```',
    ].join('\n'),
    gpt: 'Agree with Claude. Also honour `Retry-After` when the server sends one, and cap the attempts.',
    gemini: 'Both hold. Keep a retry budget too, so an outage does not double the load.',
  },
};

/** A Council: blind answers, anonymous reviews, and the chair's synthesis with its ledger. */
export const COUNCIL: { question: string; answers: SeatReplies; reviews: SeatReplies; synthesis: string } = {
  question: '@all Is the regex `/^(\\w+\\s?)*$/` safe to run on user input?',
  answers: {
    claude:
      'No. `(\\w+\\s?)*` can split a run of word characters in exponentially many ways, so a long input that fails at the end backtracks for minutes. Rewrite it as `^\\w+(\\s\\w+)*$`.\n\nAnswer: no',
    gpt: 'No: nested quantifiers over the same characters. Input like `aaaaaaaaaaaaaaaaaaaaaaaa!` hangs it. Wrap the match in a timeout.\n\nAnswer: no',
    gemini:
      'Not safe. The inner `\\w+` and the outer `*` overlap, which is the classic catastrophic backtracking shape.\n\nAnswer: no',
  },
  reviews: {
    claude:
      'Verdict: Response A and Response B are right; B’s timeout does not work in Node.\n\nA regex match cannot be interrupted on the main thread.',
    gpt: 'Verdict: Response A and Response B agree; A’s rewrite is the real fix.\n\nThe rewritten pattern has one way to match each input.',
    gemini: 'Verdict: Response A and Response B are correct.\n\nBoth explain the backtracking; A also fixes it.',
  },
  synthesis: [
    'No, it is not safe: `(\\w+\\s?)*` backtracks exponentially on a near-miss input. Rewrite it as `^\\w+(\\s\\w+)*$`, which matches each input in one way.',
    '',
    'Answer: no',
    '',
    '```ledger',
    JSON.stringify({
      answers: { A: 'no', B: 'no', C: 'no' },
      claims: [
        {
          claim: 'The nested quantifier backtracks exponentially.',
          A: 'supported',
          B: 'supported',
          C: 'supported',
        },
        {
          claim: 'The rewrite removes the ambiguity.',
          A: 'supported',
          B: 'not addressed',
          C: 'supported',
        },
        {
          claim: 'A timeout is enough protection.',
          A: 'disputed',
          B: 'supported',
          C: 'disputed',
          for: 'It bounds the damage of any pattern, including ones not yet reviewed.',
          against: 'Node cannot interrupt a running match on the main thread; it needs a worker.',
        },
      ],
    }),
    '```',
  ].join('\n'),
};

/** A file in the workspace, and a reply proposing a change to it as a unified diff. */
export const CHANGE = {
  file: 'src/retry.ts',
  before: [
    'export async function withRetry<T>(call: () => Promise<T>, attempts = 5): Promise<T> {',
    '  let last: unknown;',
    '  for (let attempt = 0; attempt < attempts; attempt++) {',
    '    try {',
    '      return await call();',
    '    } catch (error) {',
    '      last = error;',
    '    }',
    '  }',
    '  throw last;',
    '}',
    '',
  ].join('\n'),
  question: '@claude add jittered backoff to src/retry.ts',
  reply: [
    'The loop retries at once. Wait a random time up to the capped backoff between attempts:',
    '',
    '```diff',
    '--- a/src/retry.ts',
    '+++ b/src/retry.ts',
    '@@ -1,3 +1,6 @@',
    '+const BASE_MS = 200;',
    '+const CAP_MS = 10_000;',
    '+',
    ' export async function withRetry<T>(call: () => Promise<T>, attempts = 5): Promise<T> {',
    '   let last: unknown;',
    '   for (let attempt = 0; attempt < attempts; attempt++) {',
    '@@ -5,7 +8,11 @@',
    '       return await call();',
    '     } catch (error) {',
    '       last = error;',
    '+      // Full jitter: clients that failed together do not retry together.',
    '+      await sleep(Math.random() * Math.min(CAP_MS, BASE_MS * 2 ** attempt));',
    '     }',
    '   }',
    '   throw last;',
    ' }',
    '+',
    '+const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));',
    '```',
  ].join('\n'),
  /** A line only the proposed side of the diff editor shows. */
  added: 'const CAP_MS = 10_000;',
} as const;
