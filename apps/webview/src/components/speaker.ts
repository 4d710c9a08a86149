import type { ViewMessage } from '@roundtable/core/protocol';
import type { Participant } from '../models/ChatModel';

export interface Speaker {
  label: string;
  /** The participant's accent colour; the only non-theme colour in the UI. Absent for the user and notes. */
  accent?: string;
}

/** Who a message is from, as shown above it. A speaker no longer in the settings keeps its id as label. */
export function describeSpeaker(message: ViewMessage, participants: ReadonlyMap<string, Participant>): Speaker {
  if (message.role === 'user') return { label: 'You' };
  if (message.role === 'system') return { label: 'System' };
  const participant = participants.get(message.speaker);
  return participant ? { label: participant.displayName, accent: participant.color } : { label: message.speaker };
}
