// parseTranscript refusing a thread of the wrong shape (thread, choices, names, participant ids, messages, blocks,
// usage), or a value that is no thread at all.
import { describe, expect, test } from 'vitest';
import { expectRefusal, type RefusalRow, remove, set, valid } from '../../test/support/transcriptFixture';
import { parseTranscript } from './parseTranscript';

describe('parseTranscript rejects, naming the field or invariant', () => {
  test.each<RefusalRow>([
    // ---- thread shape
    { name: 'unknown version', edit: set('version', 0), expected: ['at version'] },
    { name: 'version not a number', edit: set('version', '2'), expected: ['at version'] },
    { name: 'missing version', edit: remove('version'), expected: ['at version'] },
    { name: 'unknown top-level field', edit: set('extra', 1), expected: ['Unrecognized key: "extra"'] },
    { name: 'missing id', edit: remove('id'), expected: ['at id'] },
    { name: 'empty id', edit: set('id', ''), expected: ['at id'] },
    { name: 'missing title', edit: remove('title'), expected: ['at title'] },
    { name: 'createdAt not a date', edit: set('createdAt', 'yesterday'), expected: ['at createdAt'] },
    { name: 'createdAt date only', edit: set('createdAt', '2025-03-01'), expected: ['at createdAt'] },
    { name: 'createdAt without zone', edit: set('createdAt', '2025-03-01T12:00:00'), expected: ['at createdAt'] },
    { name: 'missing updatedAt', edit: remove('updatedAt'), expected: ['at updatedAt'] },
    { name: 'participants not an array', edit: set('participants', 'claude'), expected: ['at participants'] },
    { name: 'missing messages', edit: remove('messages'), expected: ['at messages'] },
    // ---- thread-level choices (version 3)
    { name: 'blank rename', edit: set('renamed.value', '  '), expected: ['at renamed.value'] },
    { name: 'rename without a time', edit: remove('renamed.at'), expected: ['at renamed.at'] },
    { name: 'speakingTo not an id', edit: set('speakingTo.value', 'All Of Us'), expected: ['at speakingTo.value'] },
    { name: 'speakingTo with extra keys', edit: set('speakingTo.by', 'me'), expected: ['Unrecognized key: "by"'] },
    // ---- names that got no reply, alternatives, left-out counts
    {
      name: 'unrouted on a reply',
      edit: set('messages.1.unrouted', { unknown: ['bob'] }),
      expected: ['messages[1].unrouted: only user messages address anyone'],
    },
    {
      name: 'empty unrouted list',
      edit: set('messages.0.unrouted.unknown', []),
      expected: ['at messages[0].unrouted.unknown'],
    },
    {
      name: 'unrouted unknown key',
      edit: set('messages.0.unrouted.why', ['x']),
      expected: ['Unrecognized key: "why"'],
    },
    {
      name: 'alternative on a user message',
      edit: set('messages.0.alternativeOf', 'm1'),
      expected: ['messages[0].alternativeOf: only a reply is an alternative'],
    },
    {
      name: 'alternative of a message that does not exist',
      edit: set('messages.3.alternativeOf', 'nope'),
      expected: ['messages[3].alternativeOf: "nope" is not an earlier reply of this thread'],
    },
    {
      name: 'alternative of a later reply',
      edit: set('messages.1.alternativeOf', 'm2'),
      expected: ['messages[1].alternativeOf: "m2" is not an earlier reply'],
    },
    {
      name: 'alternative of a user message',
      edit: set('messages.3.alternativeOf', 'm0'),
      expected: ['messages[3].alternativeOf: "m0" is not an earlier reply'],
    },
    {
      name: 'alternative of an alternative',
      edit: (t) => {
        set('messages.2.alternativeOf', 'm1')(t);
        set('messages.3.alternativeOf', 'm2')(t);
      },
      expected: ['messages[3].alternativeOf: "m2" is itself an alternative'],
    },
    { name: 'leftOut of zero', edit: set('messages.1.leftOut', 0), expected: ['at messages[1].leftOut'] },
    {
      name: 'leftOut on a user message',
      edit: set('messages.0.leftOut', 2),
      expected: ['messages[0].leftOut: only replies have a prompt'],
    },
    // ---- participant ids
    { name: 'upper-case participant id', edit: set('participants.1', 'GPT'), expected: ['at participants[1]'] },
    {
      name: 'participant id starting with a digit',
      edit: set('participants.1', '4o'),
      expected: ['at participants[1]'],
    },
    { name: 'participant id with a space', edit: set('participants.1', 'g pt'), expected: ['at participants[1]'] },
    {
      name: 'participant id of 33 characters',
      edit: set('participants.1', `g${'x'.repeat(32)}`),
      expected: ['at participants[1]'],
    },
    { name: 'empty participant id', edit: set('participants.1', ''), expected: ['at participants[1]'] },
    ...['user', 'system', 'all'].map((id) => ({
      name: `reserved participant id "${id}"`,
      edit: set('participants.2', id),
      expected: ['at participants[2]', 'reserved'],
    })),
    {
      name: 'duplicate participant id',
      edit: set('participants.2', 'claude'),
      expected: ['participants[2]: duplicate participant id "claude"'],
    },
    // ---- message shape
    ...['id', 'seq', 'role', 'speaker', 'content', 'status', 'createdAt'].map((field) => ({
      name: `message without ${field}`,
      edit: remove(`messages.1.${field}`),
      expected: [`at messages[1].${field}`],
    })),
    { name: 'empty message id', edit: set('messages.1.id', ''), expected: ['at messages[1].id'] },
    { name: 'empty speaker', edit: set('messages.1.speaker', ''), expected: ['at messages[1].speaker'] },
    { name: 'unknown role', edit: set('messages.1.role', 'tool'), expected: ['at messages[1].role'] },
    { name: 'unknown status', edit: set('messages.1.status', 'pending'), expected: ['at messages[1].status'] },
    { name: 'fractional seq', edit: set('messages.1.seq', 1.5), expected: ['at messages[1].seq'] },
    { name: 'negative seq', edit: set('messages.0.seq', -1), expected: ['at messages[0].seq'] },
    { name: 'content not a string', edit: set('messages.1.content', null), expected: ['at messages[1].content'] },
    {
      name: 'message createdAt not ISO',
      edit: set('messages.1.createdAt', '1 March'),
      expected: ['at messages[1].createdAt'],
    },
    {
      name: 'unknown message field',
      edit: set('messages.1.model', 'gpt-5'),
      expected: ['Unrecognized key: "model"', 'at messages[1]'],
    },
    // ---- context blocks and usage shape
    {
      name: 'unknown context block field',
      edit: set('messages.0.contextBlocks.0.uri', 'file:///a'),
      expected: ['Unrecognized key: "uri"', 'at messages[0].contextBlocks[0]'],
    },
    {
      name: 'unknown context block kind',
      edit: set('messages.0.contextBlocks.0.kind', 'folder'),
      expected: ['at messages[0].contextBlocks[0].kind'],
    },
    {
      name: 'empty context block path',
      edit: set('messages.0.contextBlocks.1.path', ''),
      expected: ['at messages[0].contextBlocks[1].path'],
    },
    {
      name: 'context block range reversed',
      edit: set('messages.0.contextBlocks.0.range', [42, 10]),
      expected: ['at messages[0].contextBlocks[0].range', 'range start must not be after its end'],
    },
    {
      name: 'context block range starts at line 0 (lines are 1-based)',
      edit: set('messages.0.contextBlocks.0.range', [0, 3]),
      expected: ['messages[0].contextBlocks[0].range'],
    },
    {
      name: 'context block range negative',
      edit: set('messages.0.contextBlocks.0.range', [-1, 3]),
      expected: ['messages[0].contextBlocks[0].range'],
    },
    {
      name: 'unknown changes scope',
      edit: set('messages.0.contextBlocks.2.scope', 'stashed'),
      expected: ['at messages[0].contextBlocks[2].scope'],
    },
    // ---- images
    {
      name: 'image named by something other than a SHA-256',
      edit: set('messages.0.images.0.sha256', '../../etc/passwd'),
      expected: ['at messages[0].images[0].sha256'],
    },
    {
      name: 'image of a type no panel shows',
      edit: set('messages.0.images.0.mime', 'image/svg+xml'),
      expected: ['at messages[0].images[0].mime'],
    },
    {
      name: 'image over 5 MB',
      edit: set('messages.0.images.0.bytes', 5 * 1024 * 1024 + 1),
      expected: ['at messages[0].images[0].bytes'],
    },
    {
      name: 'more than four images on a message',
      edit: (t) => {
        const image = t.messages[0]?.images?.[0];
        if (t.messages[0] && image) t.messages[0].images = Array.from({ length: 5 }, () => image);
      },
      expected: ['at messages[0].images'],
    },
    {
      name: 'an empty list of images (absent when none)',
      edit: set('messages.0.images', []),
      expected: ['at messages[0].images'],
    },
    {
      name: 'negative usage',
      edit: set('messages.1.usage.inputTokens', -1),
      expected: ['at messages[1].usage.inputTokens'],
    },
    {
      name: 'unknown usage field',
      edit: set('messages.1.usage.cost', 3),
      expected: ['Unrecognized key: "cost"', 'at messages[1].usage'],
    },
  ])('$name', expectRefusal);

  test.each([
    { name: 'null', json: null },
    { name: 'an array', json: [valid()] },
    { name: 'a string', json: JSON.stringify(valid()) },
    { name: 'undefined', json: undefined },
  ])('not an object: $name', ({ json }) => {
    const result = parseTranscript(json);
    expect(result).toEqual({ ok: false, error: expect.stringContaining('expected object') });
  });
});

describe('parseTranscript on values no file can hold', () => {
  test('an array with its own constructor, or a getter that throws, is refused, never thrown', () => {
    const odd = Object.assign([], { constructor: {} });
    const throwing = Object.defineProperty({ version: 3 }, 'messages', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    for (const value of [
      { ...valid(), messages: odd },
      { ...valid(), participants: odd },
    ]) {
      expect(() => parseTranscript(value)).not.toThrow();
    }
    expect(parseTranscript(throwing)).toEqual({ ok: false, error: expect.stringContaining('Invalid thread: ') });
  });
});
