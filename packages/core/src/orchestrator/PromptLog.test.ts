import { describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { PromptLog, type PromptRecord } from './PromptLog';

ensureNoDisposablesAreLeaked();

const record = (messageId: string, attempt = 1): PromptRecord => ({
  messageId,
  speakerId: 'claude',
  model: 'm',
  messages: [{ role: 'user', content: messageId }],
  omitted: 0,
  attempt,
  at: '2026-12-01T10:00:00.000Z',
});

describe('PromptLog', () => {
  test('keeps the newest prompts, dropping the oldest past its size', () => {
    const log = new PromptLog(2);
    log.record(record('a'));
    log.record(record('b'));
    log.record(record('c'));
    expect([log.get('a'), log.get('b')?.messageId, log.get('c')?.messageId]).toEqual([undefined, 'b', 'c']);
  });

  test('a retried reply keeps its latest attempt, counted as new', () => {
    const log = new PromptLog(2);
    log.record(record('a'));
    log.record(record('b'));
    log.record(record('a', 2));
    log.record(record('c'));
    expect(log.get('a')?.attempt).toBe(2);
    expect(log.get('b')).toBeUndefined();
  });
});
