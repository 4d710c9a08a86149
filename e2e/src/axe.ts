import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ImpactValue, Result, RunOptions } from 'axe-core';
import type { Frame } from 'playwright-core';

/** The part of an axe result this harness reads. */
export interface Violation {
  readonly id: string;
  readonly impact?: ImpactValue;
  readonly help: string;
  readonly helpUrl: string;
  readonly nodes: readonly { readonly target: unknown; readonly html: string; readonly failureSummary?: string }[];
}

/** Impacts that fail a run: axe's "serious" and "critical" block people from using the page. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ['serious', 'critical'];

export function blockingViolations<V extends Violation>(violations: readonly V[]): V[] {
  return violations.filter((v) => BLOCKING_IMPACTS.includes(v.impact ?? null));
}

/** A node's target as one readable selector (axe gives a list, one entry per frame or shadow root). */
function selector(target: unknown): string {
  return Array.isArray(target) ? target.map((part) => selector(part)).join(' >> ') : String(target);
}

/** One rule per paragraph: id, impact and help, then each element with what axe says is wrong with it. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((node) => {
        const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ').trim();
        return `  - ${selector(node.target)}: ${summary || node.html}`;
      });
      return [`${v.id} (${v.impact ?? 'no impact'}): ${v.help} <${v.helpUrl}>`, ...nodes].join('\n');
    })
    .join('\n\n');
}

/** The violations of several runs as one list: each rule once, each element of it once. */
export function mergeViolations<V extends Violation>(runs: readonly (readonly V[])[]): V[] {
  const byRule = new Map<string, V>();
  for (const violation of runs.flat()) {
    const seen = byRule.get(violation.id);
    if (!seen) {
      byRule.set(violation.id, violation);
      continue;
    }
    const targets = new Set(seen.nodes.map((n) => selector(n.target)));
    const more = violation.nodes.filter((n) => !targets.has(selector(n.target)));
    byRule.set(violation.id, { ...seen, nodes: [...seen.nodes, ...more] });
  }
  return [...byRule.values()];
}

let source: string | undefined;

/** axe-core's browser bundle, as text. */
function axeSource(): string {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return source;
}

type AxeWindow = { axe?: { run(context: Document, options: RunOptions): Promise<{ violations: Result[] }> } };

async function runOnce(frame: Frame, options: RunOptions): Promise<Result[]> {
  return frame.evaluate(
    async (opts) => {
      const axe = (window as unknown as AxeWindow).axe;
      if (!axe) throw new Error('axe-core is not in this frame');
      return (await axe.run(document, opts)).violations;
    },
    { ...options, resultTypes: ['violations'] } as RunOptions,
  );
}

export interface AxeRunOptions {
  /** A scrolling container whose every screenful the contrast rule must see (axe judges only what is on screen). */
  readonly scroller?: string;
}

/**
 * Runs axe-core with its default rules inside `frame` and returns every violation. The webview's CSP allows no
 * inline script and no eval, so axe's source goes in through the debugging protocol's evaluate, which the page's
 * CSP does not govern. With a `scroller`, the contrast rule runs again at each screenful of it, and the scroll
 * position is put back afterwards. axe cannot see past its frame: it judges text against what the page paints itself
 * (`pageBackground`), which is what the user sees only if the page paints the colour of the part it sits in.
 */
export async function runAxe(frame: Frame, options: AxeRunOptions = {}): Promise<Result[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) {
    await frame.evaluate(`${axeSource()}\n;void 0`);
  }
  const runs = [await runOnce(frame, {})];
  if (options.scroller) runs.push(...(await contrastPerScreenful(frame, options.scroller)));
  return mergeViolations(runs);
}

/** The colour the page paints behind everything (its root element's, else its body's): what axe judges text against. */
export function pageBackground(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    const root = getComputedStyle(document.documentElement).backgroundColor;
    return root === 'rgba(0, 0, 0, 0)' ? getComputedStyle(document.body).backgroundColor : root;
  });
}

async function contrastPerScreenful(frame: Frame, scroller: string): Promise<Result[][]> {
  const box = frame.locator(scroller).first();
  const { start, height, total } = await box.evaluate((el) => ({
    start: el.scrollTop,
    height: el.clientHeight,
    total: el.scrollHeight,
  }));
  const scrollTo = (top: number) =>
    box.evaluate((el, to) => {
      el.scrollTop = to;
    }, top);
  const runs: Result[][] = [];
  try {
    // Overlapping screenfuls, so a line cut in half at one edge is whole in the next.
    const step = Math.max(40, Math.floor(height * 0.8));
    for (let top = 0; top < total; top += step) {
      await scrollTo(top);
      runs.push(await runOnce(frame, { runOnly: { type: 'rule', values: ['color-contrast'] } }));
    }
  } finally {
    await scrollTo(start);
  }
  return runs;
}
