import { describe, expect, test } from 'vitest';
import { compareMessages, inThreadOrder, nextCreatedAt } from './order';
import type { Message } from './schema';

const T = '2026-05-01T10:00:00.000Z';

function msg(id: string, seq: number, createdAt = T): Message {
  return { id, seq, role: 'user', speaker: 'user', content: id, status: 'complete', createdAt };
}

describe('compareMessages', () => {
  test('the same instant and id compare equal', () => {
    expect(compareMessages({ id: 'a', createdAt: T }, { id: 'a', createdAt: T })).toBe(0);
    expect(compareMessages({ id: 'a', createdAt: T }, { id: 'a', createdAt: '2026-05-01T10:00:00Z' })).toBe(0);
  });

  test('at the same instant, the smaller id comes first, in both directions', () => {
    expect(compareMessages({ id: 'a', createdAt: T }, { id: 'b', createdAt: T })).toBeLessThan(0);
    expect(compareMessages({ id: 'b', createdAt: T }, { id: 'a', createdAt: T })).toBeGreaterThan(0);
  });

  test('the instant counts before the id, however it is written', () => {
    expect(
      compareMessages({ id: 'a', createdAt: '2026-05-01T10:00:00.001Z' }, { id: 'b', createdAt: T }),
    ).toBeGreaterThan(0);
    expect(compareMessages({ id: 'b', createdAt: '2026-05-01T10:00:00Z' }, { id: 'a', createdAt: T })).toBeGreaterThan(
      0,
    );
  });
});

describe('inThreadOrder', () => {
  test('keeps the very messages whose seq is already right, in a new array', () => {
    const input = [msg('a', 0), msg('b', 1)];
    const out = inThreadOrder(input);
    expect(out).not.toBe(input);
    expect(out[0]).toBe(input[0]);
    expect(out[1]).toBe(input[1]);
  });

  test('copies a message whose seq changes, leaving the input as it was', () => {
    const b = msg('b', 0);
    const a = msg('a', 1);
    const out = inThreadOrder([b, a]);
    expect(out.map((m) => [m.id, m.seq])).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
    expect(out[0]).not.toBe(a);
    expect(a.seq).toBe(1);
    expect(b.seq).toBe(0);
  });
});

describe('nextCreatedAt', () => {
  test('the clock when it is past the newest message', () => {
    expect(nextCreatedAt(new Date('2026-05-01T10:00:05.000Z'), T)).toBe('2026-05-01T10:00:05.000Z');
    expect(nextCreatedAt(new Date(T), undefined)).toBe(T);
  });

  test('1 ms after the newest message when the clock stands still or steps back', () => {
    expect(nextCreatedAt(new Date(T), T)).toBe('2026-05-01T10:00:00.001Z');
    expect(nextCreatedAt(new Date('2026-05-01T09:00:00.000Z'), T)).toBe('2026-05-01T10:00:00.001Z');
  });
});
