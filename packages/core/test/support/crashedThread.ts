import type { Transcript } from '../../src/transcript/schema';

// A thread as a window that died in the middle of a turn left it: its turn's lease never ended.

export const AT = '2026-01-01T00:00:00.000Z';

/** A Discuss turn of two seats, as a window that died wrote it: Claude's reply under way, GPT's still to come. */
export function leftByACrash(): Transcript {
  return {
    version: 7,
    id: 't1',
    title: 'why',
    createdAt: AT,
    updatedAt: AT,
    participants: ['claude', 'gpt'],
    messages: [
      { id: 'q', seq: 0, role: 'user', speaker: 'user', content: 'why? @all', status: 'complete', createdAt: AT },
      {
        id: 'r1',
        seq: 1,
        role: 'assistant',
        speaker: 'claude',
        content: 'Because the ind',
        status: 'streaming',
        step: { plan: 'p1', index: 0 },
        createdAt: AT,
      },
    ],
    plans: [
      {
        id: 'p1',
        createdAt: AT,
        kind: 'message',
        mode: 'discuss',
        question: 'q',
        round: 1,
        order: 'seat',
        steps: [{ kind: 'answer', seats: ['claude', 'gpt'], reads: 'peers', names: 'labelled', concurrency: 1 }],
      },
    ],
    leases: [{ plan: 'p1', token: 'dead', owner: 'dead-window', pid: 9, host: 'elsewhere', heartbeat: AT }],
  };
}
