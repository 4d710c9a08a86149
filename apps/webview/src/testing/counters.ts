import { options, type VNode } from 'preact';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { MarkdownModel } from '../models/MarkdownModel';

/** A Markdown model whose renderer counts what it is given: every call's text, and their total length. */
export function countingRenderer(): { counter: { chars: number; calls: string[] }; markdown: MarkdownModel } {
  const counter = { chars: 0, calls: [] as string[] };
  const render = (text: string) => {
    counter.chars += text.length;
    counter.calls.push(text);
    return renderMarkdown(text);
  };
  return { counter, markdown: MarkdownModel.loaded(render) };
}

/** Preact's hook called right before a component's render function runs (`options._render`, mangled `__r`). */
type RenderHook = (vnode: VNode) => void;
type RenderOptions = { __r?: RenderHook };

/**
 * Counts component renders from now until `stop()`, by component name. It wraps Preact's render hook, the one
 * @preact/signals and preact/debug wrap too: Preact calls it only when a component's render function is about to
 * run, not for a component skipped because its props did not change, so the count is the work really done.
 * Stop counters in the reverse order of starting them (each restores the hook it found).
 */
export function countRenders(): { readonly total: number; readonly byName: ReadonlyMap<string, number>; stop(): void } {
  const hooks = options as RenderOptions;
  const previous = hooks.__r;
  const byName = new Map<string, number>();
  let total = 0;
  const hook: RenderHook = (vnode) => {
    if (typeof vnode.type === 'function') {
      total += 1;
      const name = vnode.type.displayName || vnode.type.name || 'anonymous';
      byName.set(name, (byName.get(name) ?? 0) + 1);
    }
    previous?.(vnode);
  };
  hooks.__r = hook;
  return {
    get total() {
      return total;
    },
    byName,
    stop() {
      if (hooks.__r !== hook) throw new Error('render counters stopped out of order');
      hooks.__r = previous;
    },
  };
}
