import { bench, describe } from 'vitest';
import type { ParticipantConfig } from '../src/participants/participant';
import { assemblePrompt } from '../src/prompt/assemblePrompt';
import { parseTranscript } from '../src/transcript/parseTranscript';
import type { Transcript } from '../src/transcript/schema';

// Speed goals live here, never in tests: `pnpm bench`. A long thread (2 000 messages, ~1 MB of text) must assemble
// and validate fast enough to run before every reply and on every load.

const participants: ParticipantConfig[] = ['claude', 'gpt', 'gemini'].map((id) => ({
  id,
  displayName: id,
  color: '#D97706',
  model: `${id}-model`,
  enabled: true,
}));

function longThread(messages: number): Transcript {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    version: 7,
    id: 'bench',
    title: 'bench',
    createdAt: at,
    updatedAt: at,
    participants: participants.map((p) => p.id),
    messages: Array.from({ length: messages }, (_, seq) => {
      const speaker = seq % 4 === 0 ? 'user' : (participants[seq % 3]?.id ?? 'claude');
      return {
        id: `m${seq}`,
        seq,
        role: speaker === 'user' ? ('user' as const) : ('assistant' as const),
        speaker,
        content: `Message ${seq}: ${'lorem ipsum dolor sit amet '.repeat(20)}`,
        status: 'complete' as const,
        createdAt: at,
      };
    }),
  };
}

const thread = longThread(2_000);
const json = JSON.parse(JSON.stringify(thread)) as unknown;

describe('a 2 000-message thread', () => {
  bench('assemblePrompt within the default 150k-char budget', () => {
    assemblePrompt({
      transcript: thread,
      speakerId: 'gpt',
      participants,
      systemMode: 'multiple',
      softLimitChars: 150_000,
      keepRecent: 6,
    });
  });
  bench('assemblePrompt with no budget pressure', () => {
    assemblePrompt({
      transcript: thread,
      speakerId: 'gpt',
      participants,
      systemMode: 'multiple',
      softLimitChars: 1e9,
      keepRecent: 6,
    });
  });
  bench('parseTranscript (load from disk)', () => {
    parseTranscript(json);
  });
});
