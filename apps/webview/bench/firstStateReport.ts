import { count, met, ms, percentile, table } from './frameReport';

/** The goal for a long thread's first state: at most this many times what a thread of 10 messages takes. */
export const MAX_FIRST_STATE_RATIO = 1.2;
/** The goal for a streamed reply: Markdown parsed, in characters, per character of the reply. */
export const MAX_PARSED_PER_CHAR = 2;

/** One thread length's first state: the frame times of its samples, and the messages it left in the page. */
export interface FirstStateRun {
  messages: number;
  frames: number[];
  /** What validating the state alone took (the transport's `HostToWebview` parse, part of each frame). */
  validations: number[];
  /** From the frame's start until the replica held every message (a large state's second step). */
  wholes: number[];
  rendered: number;
}

/** A resync of the thread shown (a full state with one message changed): what it rendered, and its frame. */
export interface ResyncRun {
  messages: number;
  bubbles: number;
  components: number;
  frame: number;
}

/** Markdown parsed while a reply streams in batches of a given size. */
export interface ParseRun {
  batches: string;
  replyChars: number;
  parsedChars: number;
}

export function formatFirstStateReport(input: {
  first: readonly FirstStateRun[];
  resync: ResyncRun;
  parse: readonly ParseRun[];
  browser: string;
  viewport: string;
}): string {
  const base = percentile(input.first[0]?.frames ?? [], 50);
  const firstRows = input.first.map((run) => {
    const median = percentile(run.frames, 50);
    const ratio = median / base;
    return [
      `${count(run.messages)} messages`,
      ms(median),
      ms(percentile(run.frames, 100)),
      ms(percentile(run.validations, 50)),
      ms(percentile(run.wholes, 50)),
      count(run.rendered),
      run.messages === input.first[0]?.messages ? '' : `${ratio.toFixed(2)}x`,
      `≤ ${MAX_FIRST_STATE_RATIO}x`,
      run.messages === input.first[0]?.messages ? '' : met(ratio <= MAX_FIRST_STATE_RATIO),
    ];
  });
  const parseRows = input.parse.map((run) => {
    const ratio = run.parsedChars / run.replyChars;
    return [
      run.batches,
      count(run.replyChars),
      count(run.parsedChars),
      `${ratio.toFixed(2)}x`,
      `≤ ${MAX_PARSED_PER_CHAR}x`,
      met(ratio <= MAX_PARSED_PER_CHAR),
    ];
  });
  const { resync } = input;
  return [
    `First state of a thread in ${input.browser}, viewport ${input.viewport}: the frame that applies the host's`,
    'view/state (validated, as the transport does) and renders it, from its start until the main thread is free.',
    '',
    table([
      [
        'first state',
        'median',
        'max',
        'validating it all',
        'whole thread in',
        'messages in page',
        'vs 10',
        'target',
        'met',
      ],
      ...firstRows,
    ]),
    '',
    'validating it all: the protocol schema parse of the whole state alone, median (valibot, as the webview',
    '  runs it); it grows with the thread, as the state does. A state of more than 1,000 messages comes in two',
    '  steps (HostMessageDispatcher): its newest 100 messages in the frame measured, the whole thread after that',
    '  frame is painted ("whole thread in": from the frame’s start until the replica holds every message).',
    '',
    `Resync of the thread shown (${count(resync.messages)} messages, one changed): ${count(resync.bubbles)} ` +
      `bubble(s) and ${count(resync.components)} components rendered, frame ${ms(resync.frame)}.`,
    '',
    table([['Markdown, streamed reply', 'reply chars', 'parsed chars', 'per char', 'target', 'met'], ...parseRows]),
    '',
    'Timings depend on the machine and its load: they are reported here, never asserted.',
  ].join('\n');
}
