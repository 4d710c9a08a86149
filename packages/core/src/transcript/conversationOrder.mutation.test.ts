import { describe, expect, test } from 'vitest';
import { answerPoint, conversationOrder } from './conversationOrder';
import type { Message } from './schema';

function msg(id: string, seq: number, alternativeOf?: string): Message {
  return {
    id,
    seq,
    role: alternativeOf === undefined ? 'user' : 'assistant',
    speaker: alternativeOf === undefined ? 'user' : 'claude',
    content: id,
    status: 'complete',
    createdAt: `2026-05-01T10:00:0${seq}.000Z`,
    ...(alternativeOf === undefined ? {} : { alternativeOf }),
  };
}

describe('conversationOrder', () => {
  test('returns the input itself when it holds no alternative', () => {
    const input = [msg('a', 0), msg('b', 1)];
    expect(conversationOrder(input)).toBe(input);
    const empty: Message[] = [];
    expect(conversationOrder(empty)).toBe(empty);
  });

  test('an alternative whose original is not there stays where it is', () => {
    const input = [msg('a', 0), msg('x', 1, 'gone'), msg('b', 2)];
    expect(conversationOrder(input).map((m) => m.id)).toEqual(['a', 'x', 'b']);
  });

  test('an alternative moves right after its original; one whose original is missing stays', () => {
    const input = [msg('r', 0), msg('u', 1), msg('x', 2, 'gone'), msg('alt', 3, 'r')];
    expect(conversationOrder(input).map((m) => m.id)).toEqual(['r', 'alt', 'u', 'x']);
  });
});

describe('answerPoint', () => {
  test('an unknown id gives -1', () => {
    expect(answerPoint([msg('a', 0), msg('b', 1, 'a')], 'nope')).toBe(-1);
    expect(answerPoint([], 'nope')).toBe(-1);
  });

  test("an alternative answers at its original's place; any other message at its own", () => {
    const messages = [msg('u', 0), msg('r', 1), msg('alt', 2, 'r')];
    expect(answerPoint(messages, 'alt')).toBe(1);
    expect(answerPoint(messages, 'u')).toBe(0);
  });
});
