import { computed, type ReadonlySignal } from '@preact/signals';
import { changeBlocksIn, changedFiles, isRoutable } from '@roundtable/core/present';
import type { ViewMessage } from '@roundtable/core/protocol';
import type { RenderMarkdown } from '../models/MarkdownModel';
import { sameWhileEqual } from '../models/sameWhileEqual';
import type { ThreadReplica } from '../state/ThreadReplica';
import { renderMarkdown } from './renderMarkdown';

const NONE: readonly string[] = [];

/**
 * The Markdown renderer, with `of(messageId)`: the renderer for one reply, whose change blocks also offer Compare
 * proposals when another seat's reply in the thread changes the same file, and Ask the table to review this change
 * when the reply can be reviewed (see `RenderEnv`). Lives in the renderer's lazy chunk: the main chunk only asks.
 *
 * What a reply's renderer depends on is derived through `computed`s keyed on each message's signal, so a streamed
 * delta costs one status check: a reply's files are read (its fences scanned) once it is no longer streaming, and
 * again only if its text changes (a retry); the thread's index of who changes which file is derived again only when
 * some reply's files do. A reply gets a new renderer (so its blocks render again) only when what its blocks offer
 * changes; a reply with no change block always has the shared one.
 */
export function rendererFor(replica: ThreadReplica): RenderMarkdown {
  const base = (markdown: string) => renderMarkdown(markdown);
  const files = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<readonly string[]>>();
  const renderers = new WeakMap<ReadonlySignal<ViewMessage>, ReadonlySignal<RenderMarkdown>>();

  const filesOf = (message: ReadonlySignal<ViewMessage>) => {
    let found = files.get(message);
    if (!found) {
      found = sameWhileEqual(() => {
        const m = message.value;
        if (m.role !== 'assistant' || m.status === 'streaming' || m.status === 'deleted') return NONE;
        const changed = [...new Set(changeBlocksIn(m.content).flatMap(changedFiles))];
        return changed.length > 0 ? changed : NONE;
      }, sameItems);
      files.set(message, found);
    }
    return found;
  };

  /** Who changes which file: the speakers of the replies proposing a change to it. */
  const speakers = computed(() => {
    const index = new Map<string, Set<string>>();
    for (const id of replica.order.value) {
      const message = replica.message(id);
      if (!message) continue;
      for (const file of filesOf(message).value) {
        const seats = index.get(file) ?? new Set<string>();
        seats.add(message.peek().speaker);
        index.set(file, seats);
      }
    }
    return index;
  });

  const rendererOf = (message: ReadonlySignal<ViewMessage>) => {
    let found = renderers.get(message);
    if (!found) {
      let last: { key: string; render: RenderMarkdown } | undefined;
      found = computed(() => {
        const mine = filesOf(message).value;
        if (mine === NONE) return base;
        const { speaker, status, reviewOf, step } = message.peek();
        const index = speakers.value;
        const compare = mine.filter((f) => [...(index.get(f) ?? [])].some((s) => s !== speaker));
        const isReview =
          reviewOf !== undefined ||
          replica.plans.value.get(step?.plan ?? '')?.steps[step?.index ?? 0]?.kind === 'review';
        const ask =
          !isReview && status !== 'error' && replica.participants.value.some((p) => isRoutable(p) && p.id !== speaker);
        const key = `${ask} ${compare.join('\n')}`;
        if (last?.key !== key) {
          const env = { compare: new Set(compare), ask };
          last = { key, render: (markdown: string) => renderMarkdown(markdown, env) };
        }
        return last.render;
      });
      renderers.set(message, found);
    }
    return found;
  };

  return Object.assign(base, {
    of: (messageId: string) => {
      const message = replica.message(messageId);
      return message ? rendererOf(message).value : base;
    },
  });
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}
