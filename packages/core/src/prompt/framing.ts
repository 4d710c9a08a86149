import type { ParticipantConfig } from '../participants/participant';

/**
 * The name a participant appears under in prompts: its configured display name, else its id. A thread can
 * outlive a participant's settings entry, and its old messages must still be attributed to someone.
 */
export function displayNameOf(id: string, participants: readonly ParticipantConfig[]): string {
  return participants.find((p) => p.id === id)?.displayName ?? id;
}

export interface FramingInput {
  speakerId: string;
  /** The thread's `participants`, in thread order; the speaker is left out of "Other participants". */
  threadParticipants: readonly string[];
  participants: readonly ParticipantConfig[];
  userName: string;
  /** Standing instructions of the table (asking for diffs), after the preamble and before the persona. */
  notes?: readonly string[];
}

/**
 * The main system message: who the speaker is, who else is at the table, how messages are
 * labelled, the table's `notes`, then the speaker's own persona (if any), each after a blank line.
 */
export function buildSystemPrompt({
  speakerId,
  threadParticipants,
  participants,
  userName,
  notes = [],
}: FramingInput): string {
  const others = threadParticipants.filter((id) => id !== speakerId).map((id) => displayNameOf(id, participants));
  const preamble =
    `You are ${displayNameOf(speakerId, participants)}, one of several AI assistants in a shared group conversation ` +
    `with a human user (${userName}). Other participants: ${others.length > 0 ? others.join(', ') : 'none'}. ` +
    'Messages are labeled with their speaker. Respond as yourself; do not impersonate other participants; ' +
    'do not prefix your reply with your own name.';
  // The persona is the user's own instruction for this seat: it comes last, after the table's.
  const persona = participants.find((p) => p.id === speakerId)?.systemPrompt?.trim();
  return [preamble, ...notes, ...(persona ? [persona] : [])].join('\n\n');
}
