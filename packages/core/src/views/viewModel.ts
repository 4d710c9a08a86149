import type { MessagePatchPayload, SaveProblem, ThreadListEntry, ViewMessage } from '../protocol/messages';
import type { UnreadableThread } from '../store/ports';
import type { MessagePatch } from '../store/ThreadDocument';
import type { SaveProblem as StoreSaveProblem, ThreadStore } from '../store/ThreadStore';
import type { Message, ThreadSummary } from '../transcript/schema';

/** Pure translations from the store's shapes to the protocol's. */

export function toViewMessage(m: Message): ViewMessage {
  const { seq: _seq, ...rest } = m;
  return rest;
}

export function toPatchPayload(messageId: string, patch: MessagePatch): MessagePatchPayload {
  return { messageId, ...patch };
}

export function summaryEntry(summary: ThreadSummary, busy: boolean): ThreadListEntry {
  return {
    id: summary.id,
    title: summary.title,
    updatedAt: summary.updatedAt,
    messageCount: summary.messageCount,
    busy,
  };
}

/** An unreadable file's list entry: its file name stands in for id and title; it sorts last (epoch time). */
export function unreadableEntry(u: UnreadableThread): ThreadListEntry {
  return {
    id: u.key,
    title: u.key,
    updatedAt: new Date(0).toISOString(),
    messageCount: 0,
    busy: false,
    unreadable: u.setAside ? `${u.reason} It was renamed ${u.key} and kept.` : u.reason,
  };
}

/** The whole thread list: threads newest first, then the unreadable files. */
export function listEntries(store: ThreadStore, isBusy: (threadId: string) => boolean): ThreadListEntry[] {
  return [
    ...store.catalog.list().map((s) => summaryEntry(s, isBusy(s.id))),
    ...store.catalog.unreadable().map(unreadableEntry),
  ];
}

export function saveProblemsView(store: ThreadStore, problems: readonly StoreSaveProblem[]): SaveProblem[] {
  return problems.map((p) => ({ ...p, title: store.summary(p.threadId)?.title ?? p.threadId }));
}
