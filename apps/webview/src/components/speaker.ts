import type { ViewMessage } from '@roundtable/core/protocol';
import type { Participant } from '../models/ChatModel';

export interface Speaker {
  label: string;
  /** A participant's mark: two letters in a box drawn in its accent, so speakers differ without colour too. */
  mark?: string;
  /** The participant's accent colour; the only non-theme colour in the UI. Absent for the user and notes. */
  accent?: string;
  /** The participant is muted now: its messages stay, greyed, and it is not asked to answer. */
  muted?: boolean;
}

/** Who a message is from, as shown above it. A speaker no longer in the settings keeps its id as label. */
export function describeSpeaker(message: ViewMessage, participants: ReadonlyMap<string, Participant>): Speaker {
  if (message.role === 'user') return { label: 'You' };
  if (message.role === 'system') return { label: 'System' };
  const participant = participants.get(message.speaker);
  return participant
    ? {
        label: participant.displayName,
        accent: participant.color,
        mark: markOf(participant.displayName),
        ...(participant.muted ? { muted: true } : {}),
      }
    : { label: message.speaker, mark: markOf(message.speaker) };
}

/** "Claude" → "CL", "Gemini Pro" → "GP", "o3" → "O3". */
export function markOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? (words[0]?.[0] ?? '') + (words[1]?.[0] ?? '') : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
