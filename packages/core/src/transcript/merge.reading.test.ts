import { describe, expect, test } from 'vitest';
import { laterMessage } from './merge';
import type { Message } from './schema';

// A synthesis's reading joins like everything else of a message: it only moves forward.

const synthesis: Message = {
  id: 's',
  seq: 0,
  role: 'assistant',
  speaker: 'claude',
  content: 'Final.',
  status: 'complete',
  step: { plan: 'p', index: 2 },
  createdAt: '2026-12-01T10:00:00.000Z',
};

describe('a synthesis in two copies', () => {
  test.each<[string, Partial<Message>, Partial<Message>]>([
    ['the copy that read it wins over one that did not (an older thread read in one window)', {}, { synthesis: {} }],
    [
      'a retry, not read yet, wins over the run before it that was',
      { synthesis: { malformed: 'it is not JSON' } },
      { content: '', attempt: 2, status: 'streaming' },
    ],
  ])('%s, whichever side it is on', (_what, behind, ahead) => {
    const a = { ...synthesis, ...behind };
    const b = { ...synthesis, ...ahead };
    expect(laterMessage(a, b)).toBe(b);
    expect(laterMessage(b, a)).toBe(b);
  });
});
