import type { Message, MessageStatus, Timing, Usage } from '../transcript/schema';
import type { PositionsReading, SynthesisReading } from '../transcript/synthesisReading';

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
  synthesis?: SynthesisReading | null;
  positions?: PositionsReading | null;
  cutOff?: true | null;
  cutAtLength?: true | null;
}

/** The fields a patch carries whole when they change, `null` when they are gone. */
export const REPLACED_FIELDS = [
  'error',
  'usage',
  'attempt',
  'leftOut',
  'timing',
  'synthesis',
  'positions',
  'cutOff',
  'cutAtLength',
] as const;

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
  for (const key of REPLACED_FIELDS) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) Object.assign(patch, { [key]: after[key] ?? null });
  }
  return patch;
}
