import { webview } from '../../../budgets.ts';
import type { MomentJs } from './buildFirstTranscript';

/** One streamed piece's frame: when it was due (its rAF timestamp), and how long its scripts and the whole took. */
export interface FrameSample {
  start: number;
  script: number;
  frame: number;
}

/** A frame at 60 Hz: the budget for each frame while text streams in. */
const FRAME_BUDGET_MS = 1000 / 60;
const MAX_COST_RATIO = 1.2;

/** The nearest-rank percentile `p` (0 to 100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const count = (value: number) => value.toLocaleString('en-US');
export const met = (ok: boolean) => (ok ? 'yes' : 'NO');

export function table(rows: readonly (readonly string[])[]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('   ')
        .trimEnd(),
    )
    .join('\n');
}

/** One streaming run: `replies` replies streaming at once (one piece each per frame) after `prior` messages. */
export interface FrameRun {
  prior: number;
  replies: number;
  samples: FrameSample[];
}

/**
 * The bench's report: one reply after 10 and after 1,000 earlier messages, and several replies at once after 10,
 * side by side, each figure next to its target and whether it is met.
 */
export function formatReport(input: {
  reply: string;
  pieces: number;
  runs: readonly [FrameRun, FrameRun, FrameRun];
  size: MomentJs;
  browser: string;
  viewport: string;
}): string {
  const [short, long, together] = input.runs;
  const stats = (samples: FrameSample[]) => {
    const frames = samples.map((s) => s.frame);
    const intervals = samples.slice(1).map((s, i) => s.start - (samples[i]?.start ?? s.start));
    return {
      p95: percentile(frames, 95),
      median: percentile(frames, 50),
      scriptP95: percentile(
        samples.map((s) => s.script),
        95,
      ),
      over: frames.filter((frame) => frame > FRAME_BUDGET_MS).length,
      intervalP95: percentile(intervals, 95),
    };
  };
  const a = stats(short.samples);
  const b = stats(long.samples);
  const c = stats(together.samples);
  const ratio = b.median / a.median;
  const kb = input.size.gzip / 1024;
  const jsBudget = webview.moments['first transcript']?.gzip ?? 0;
  const fences = input.reply.split('```').length >> 1;
  const budget = `< ${ms(FRAME_BUDGET_MS)}`;
  const over = (s: { over: number }) => `${s.over} of ${count(input.pieces)}`;
  const all = [a, b, c];
  const rows = [
    ['', ...[short, long, together].map(describeRun), 'target', 'met'],
    ['frame time, p95', ms(a.p95), ms(b.p95), ms(c.p95), budget, met(all.every((s) => s.p95 < FRAME_BUDGET_MS))],
    ['frame time, median', ms(a.median), ms(b.median), ms(c.median)],
    ['  of which scripts, p95', ms(a.scriptP95), ms(b.scriptP95), ms(c.scriptP95)],
    ['frames over budget', over(a), over(b), over(c)],
    ['rAF interval, p95', ms(a.intervalP95), ms(b.intervalP95), ms(c.intervalP95)],
    [
      'per-batch cost, 1,000 vs 10',
      '',
      `${ratio.toFixed(2)}x`,
      '',
      `≤ ${MAX_COST_RATIO}x`,
      met(ratio <= MAX_COST_RATIO),
    ],
    [
      'first-transcript JS, gzip',
      `${kb.toFixed(1)} KB`,
      `(${input.size.files.join(', ')})`,
      '',
      `≤ ${jsBudget / 1024} KB`,
      met(input.size.gzip <= jsBudget),
    ],
  ];
  return [
    `Streaming replies in ${input.browser}, viewport ${input.viewport}: each ${count(input.reply.length)} characters ` +
      `(~${count(Math.round(input.reply.length / 4))} tokens, ${fences} code blocks) in ${count(input.pieces)} pieces, ` +
      `one per frame (${together.replies} at once: one piece of each per frame, all in one frame)`,
    '',
    table(rows),
    '',
    'frame time: from the frame’s start (its requestAnimationFrame timestamp, where the piece is applied, or the end',
    '  of the previous frame if that ran late) until the main thread is free after it (a task posted from the frame',
    '  runs after its style, layout and paint): scripts, style, layout and paint recording; raster and compositing',
    '  run on other threads. rAF interval: from one frame’s timestamp to the next, 16.7 ms when none is dropped.',
    'per-batch cost: the median frame time with 1,000 earlier messages over the median with 10.',
    `${together.replies} at once: one Independent turn, its replies streaming side by side; the target is the same.`,
    'Timings depend on the machine and its load: they are reported here, never asserted.',
  ].join('\n');
}

function describeRun(run: FrameRun): string {
  const prior = `${count(run.prior)} earlier messages`;
  return run.replies === 1 ? prior : `${prior}, ${run.replies} replies at once`;
}
