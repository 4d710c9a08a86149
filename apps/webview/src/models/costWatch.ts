import { computed, effect } from '@preact/signals';
import type { ChatModel } from './ChatModel';
import type { ComposerModel } from './ComposerModel';

/** The draft's `@names`, in order: only they change who a message goes to, so only they make the count change. */
export function mentionsIn(draft: string): string {
  return (draft.match(/@[\w-]+/g) ?? []).join(' ').toLowerCase();
}

/**
 * Keeps the cost beside the send button current: the host is asked what the draft would cost whenever something that
 * decides it changes (the draft's mentions, the Stances toggle, the shown thread, its mode and "speaking to", the table,
 * the seats that can answer, the end of a turn) and not on every other key. Returns what stops it.
 */
export function watchTurnCost(chat: ChatModel, composer: ComposerModel): () => void {
  const mentions = computed(() => mentionsIn(composer.draft.value));
  return effect(() => {
    const { replica } = chat;
    // Read for what they decide; the draft itself is only peeked: its other words change nothing.
    void [mentions.value, composer.stances.value, replica.thread.value?.id, chat.busy.value];
    void [replica.mode.value, replica.defaultTarget.value, replica.participants.value, replica.groups.value];
    void replica.seats.value;
    if (chat.ready.peek()) chat.estimate(composer.draft.peek(), composer.stances.peek());
  });
}
