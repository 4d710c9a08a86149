import type { Message, MessageStatus, Timing, Usage } from '../transcript/schema';

/** A change to one message, as small as it can be said: appended text, or the fields that changed. */
export interface MessagePatch {
  /** Text appended at `offset`, the content's length (UTF-16 code units) before it. */
  append?: { text: string; offset: number };
  /** The whole content, when it changed other than by appending. */
  content?: string;
  status?: MessageStatus;
  /** `null` removes it. */
  error?: string | null;
  usage?: Usage | null;
  attempt?: number | null;
  leftOut?: number | null;
  timing?: Timing | null;
}

/** The fields of `after` that differ from `before`, as a patch (content as a whole, never as an append). */
export function diffMessage(before: Message, after: Message): MessagePatch {
  const patch: MessagePatch = {};
  if (after.content !== before.content) {
    if (after.content.startsWith(before.content) && before.status === 'streaming') {
      patch.append = { text: after.content.slice(before.content.length), offset: before.content.length };
    } else {
      patch.content = after.content;
    }
  }
  if (after.status !== before.status) patch.status = after.status;
  if (after.error !== before.error) patch.error = after.error ?? null;
  if (JSON.stringify(after.usage) !== JSON.stringify(before.usage)) patch.usage = after.usage ?? null;
  if (after.attempt !== before.attempt) patch.attempt = after.attempt ?? null;
  if (after.leftOut !== before.leftOut) patch.leftOut = after.leftOut ?? null;
  if (JSON.stringify(after.timing) !== JSON.stringify(before.timing)) patch.timing = after.timing ?? null;
  return patch;
}
