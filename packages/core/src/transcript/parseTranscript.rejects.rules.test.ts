// parseTranscript refusing a thread of the right shape that breaks a rule: seq, ids, speakers, statuses, user-only
// fields, the thread order.
import { describe, test } from 'vitest';
import { expectRefusal, type RefusalRow, remove, set, valid } from '../../test/support/transcriptFixture';

describe('parseTranscript rejects, naming the field or invariant', () => {
  test.each<RefusalRow>([
    // ---- seq: starts at 0, +1 each, no gaps
    {
      name: 'seq starting at 1',
      edit: (t) => {
        for (const m of t.messages) m.seq += 1;
      },
      expected: ['messages[0].seq: expected 0', 'got 1'],
    },
    { name: 'seq gap', edit: set('messages.2.seq', 3), expected: ['messages[2].seq: expected 2', 'got 3'] },
    { name: 'duplicate seq', edit: set('messages.2.seq', 1), expected: ['messages[2].seq: expected 2', 'got 1'] },
    { name: 'decreasing seq', edit: set('messages.3.seq', 0), expected: ['messages[3].seq: expected 3', 'got 0'] },
    {
      name: 'messages out of order',
      edit: (t) => {
        t.messages.reverse();
      },
      expected: ['messages[0].seq: expected 0', 'got 7'],
    },
    // ---- ids
    {
      name: 'duplicate message id',
      edit: set('messages.2.id', 'm0'),
      expected: ['messages[2].id: duplicate message id "m0"'],
    },
    // ---- role and speaker agree
    {
      name: 'user message spoken by a participant',
      edit: set('messages.0.speaker', 'claude'),
      expected: ['messages[0].speaker: a user message must be spoken by "user"'],
    },
    {
      name: 'system note spoken by the user',
      edit: set('messages.4.speaker', 'user'),
      expected: ['messages[4].speaker: a system message must be spoken by "system"'],
    },
    {
      name: 'assistant message spoken by "user"',
      edit: set('messages.1.speaker', 'user'),
      expected: ['messages[1].speaker: "user" is not a participant of this thread (claude, gpt)'],
    },
    {
      name: 'assistant speaker not in the thread',
      edit: set('messages.1.speaker', 'gemini'),
      expected: ['messages[1].speaker: "gemini" is not a participant of this thread (claude, gpt)'],
    },
    {
      name: 'assistant speaker in a thread without participants',
      edit: set('participants', []),
      expected: ['messages[1].speaker: "claude" is not a participant of this thread (none)'],
    },
    {
      name: 'assistant speaker differing only in case',
      edit: set('messages.1.speaker', 'Claude'),
      expected: ['messages[1].speaker: "Claude" is not a participant'],
    },
    // ---- statuses
    {
      name: 'streaming message on disk',
      edit: set('messages.3.status', 'streaming'),
      expected: ['messages[3].status: "streaming" is written only for a reply of a plan whose turn holds a lease'],
    },
    {
      name: 'streaming reply of a plan whose lease ended',
      edit: set('messages.1.status', 'streaming'),
      expected: ['messages[1].status: "streaming" is written only for a reply of a plan whose turn holds a lease'],
    },
    {
      name: 'streaming user message under a lease',
      edit: (t) => {
        t.messages[0] = { ...t.messages[0], status: 'streaming', step: { plan: 'p1', index: 0 } } as never;
        t.leases = [{ plan: 'p1', token: 'l', owner: 'w', pid: 1, host: 'h', heartbeat: t.createdAt }];
      },
      expected: ['messages[0].status: "streaming" is written only for a reply of a plan whose turn holds a lease'],
    },
    {
      name: 'a complete reply marked cut off',
      edit: set('messages.1.cutOff', true),
      expected: ['messages[1].cutOff: only a stopped reply was cut off'],
    },
    {
      name: 'a failed reply marked cut at its length limit',
      edit: set('messages.2.cutAtLength', true),
      expected: ['messages[2].cutAtLength: only a complete reply stops at its length limit'],
    },
    {
      name: 'error without its text',
      edit: remove('messages.2.error'),
      expected: ['messages[2].error: a message with status "error" needs its error text'],
    },
    {
      name: 'error with empty text',
      edit: set('messages.2.error', ''),
      expected: ['messages[2].error: a message with status "error" needs its error text'],
    },
    {
      name: 'error text on a complete message',
      edit: set('messages.1.error', 'oops'),
      expected: ['messages[1].error: only status "error" carries an error'],
    },
    {
      name: 'error text on a cancelled message',
      edit: set('messages.3.error', 'stopped'),
      expected: ['messages[3].error: only status "error" carries an error'],
    },
    {
      name: 'error text on a tombstone',
      edit: set('messages.5.error', 'gone'),
      expected: ['messages[5].error: only status "error" carries an error'],
    },
    {
      name: 'deleted message with context blocks',
      edit: set('messages.5.contextBlocks', [{ kind: 'file', path: 'a.ts', content: 'x' }]),
      expected: ['messages[5].contextBlocks: a deleted message keeps no context'],
    },
    {
      name: 'deleted message with images',
      edit: set('messages.5.images', valid().messages[0]?.images),
      expected: ['messages[5].images: a deleted message keeps no images'],
    },
    {
      name: 'images on a reply',
      edit: set('messages.1.images', valid().messages[0]?.images),
      expected: ['messages[1].images: only user messages carry images'],
    },
    {
      name: 'blank error text',
      edit: set('messages.2.error', '   '),
      expected: ['messages[2].error: a message with status "error" needs its error text'],
    },
    {
      name: 'deleted message with content',
      edit: set('messages.5.content', 'still here'),
      expected: ['messages[5].content: a deleted message keeps no content'],
    },
    // ---- user-only fields
    {
      name: 'context blocks on an assistant message',
      edit: set('messages.1.contextBlocks', [{ kind: 'file', path: 'a.ts', content: '' }]),
      expected: ['messages[1].contextBlocks: only user messages carry context blocks'],
    },
    {
      name: 'empty context blocks on a system note',
      edit: set('messages.4.contextBlocks', []),
      expected: ['messages[4].contextBlocks: only user messages carry context blocks'],
    },
    {
      name: 'targets on an assistant message',
      edit: set('messages.1.targets', ['gpt']),
      expected: ['messages[1].targets: only user messages carry targets'],
    },
    {
      name: 'targets on a system note',
      edit: set('messages.4.targets', []),
      expected: ['messages[4].targets: only user messages carry targets'],
    },
    {
      name: 'an attempt on a user message',
      edit: set('messages.0.attempt', 2),
      expected: ['messages[0].attempt: only replies are retried'],
    },
    { name: 'attempt 1 written out', edit: set('messages.1.attempt', 1), expected: ['at messages[1].attempt'] },
    // ---- the thread order: createdAt, then id
    {
      name: 'a message older than the one before it',
      edit: set('messages.3.createdAt', '2025-03-01T11:59:59.000Z'),
      expected: ['messages[3]: out of order', '"m3"'],
    },
    {
      name: 'same time, ids out of order',
      edit: (t) => {
        const [a, b] = [t.messages[1], t.messages[2]];
        if (a && b) [a.id, b.id] = [b.id, a.id];
      },
      expected: ['messages[2]: out of order'],
    },
  ])('$name', expectRefusal);
});
