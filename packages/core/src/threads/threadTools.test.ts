import { describe, expect, test } from 'vitest';
import { IMAGE_SHA, valid } from '../../test/support/transcriptFixture';
import type { ParticipantConfig } from '../participants/participant';
import type { Transcript } from '../transcript/schema';
import { closeOpenFence, exportMarkdown } from './exportMarkdown';
import { readThreadExport, threadExportJson } from './importThread';
import { matchThread, searchThreads } from './searchThreads';

const participants: ParticipantConfig[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
];

describe('exportMarkdown', () => {
  const markdown = exportMarkdown(valid(), participants);
  const sections = markdown.split('\n\n---\n\n');

  test('has the title, who sat at the table, then one section per message in the conversation order', () => {
    expect(sections[0]).toBe(
      [
        '# Empty input bug',
        '',
        'Started 2025-03-01 12:00 UTC, last changed 2025-03-01 10:05 UTC.',
        'At the table: Claude (claude-sonnet-4-6), GPT (gpt-5.5).',
      ].join('\n'),
    );
    // The fixture's gpt reply m6 reviews m1 and m3 is an alternative of m1: both come right after it, the review
    // first. Replies of a plan say which step they were.
    expect(sections.slice(1).map((s) => s.split('\n')[0])).toEqual([
      '**You** · 2025-03-01 12:00 UTC',
      '**Claude** · 2025-03-01 12:00 UTC · council answer (blind)',
      '**GPT** · 2025-03-01 12:00 UTC · review · review of the reply above',
      '**GPT** · 2025-03-01 12:00 UTC · alternative to the reply above',
      '**GPT** · 2025-03-01 12:00 UTC · council answer (blind)',
      '**System** · 2025-03-01 12:00 UTC',
      '**You** · 2025-03-01 12:00 UTC',
      '**Claude** · 2025-03-01 12:00 UTC · council synthesis',
      '## Cost by seat',
    ]);
  });

  test('keeps text and context blocks intact, and says how each message ended and who got no reply', () => {
    expect(sections[1]).toBe(
      [
        '**You** · 2025-03-01 12:00 UTC',
        'Why does this throw? @claude',
        'Selection: src/a.ts (lines 10-42)\n```ts\nx()\n```',
        'File: README.md\n```\n```',
        'Unstaged changes: the workspace\n```diff\n--- a/x\n+++ b/x\n```',
        'Problems: src/a.ts\n```\nsrc/a.ts:3:1 error: x is not defined\n```',
        '_Image: shot.png (PNG, 68 bytes)_',
        '_No reply from some names: @bob is not at the table; @gemini is disabled; @grok is muted; fewer answer one message (roundtable.router.maxRespondersPerTurn), so @kimi was left out._',
      ].join('\n\n'),
    );
    expect(sections[4]).toContain('Stopp\n\n_(stopped)_');
    expect(sections[5]).toContain('Partial\n\n_Error: HTTP 500: upstream failed_');
    expect(sections[7]).toBe('**You** · 2025-03-01 12:00 UTC\n\n_message deleted_');
  });

  test('a synthesis shows what was read of it: its answer, its vote and its ledger by seat name, what it lacked', () => {
    // The fixture's reading holds every field (claims and a reason at once, which a reading never does): each is
    // shown from what is stored, and the text's own ledger block is not read again.
    expect(sections[8]).toBe(
      [
        '**Claude** · 2025-03-01 12:00 UTC · council synthesis',
        '_It read the responses without names: Response A = GPT, Response B = Claude._',
        'Guard it.',
        'Vote: 2 of 2 answer guard it. The synthesis answers guard it, as the majority does.',
        'Ledger:\n\n| Claim | Claude | GPT |\n| --- | --- | --- |\n| xs can be empty | – | supported |',
        '_Written without Claude’s answer (it was stopped)._',
      ].join('\n\n'),
    );
  });

  test('a ledger cell keeps a claim on its line, and a pipe in it from ending the cell', () => {
    const t = valid();
    const synthesis = t.messages[7] as Transcript['messages'][number];
    t.messages[7] = { ...synthesis, synthesis: { claims: [{ claim: 'a | b\nc', marks: { claude: 'disputed' } }] } };
    expect(exportMarkdown(t, participants)).toContain('| a \\| b c | disputed | – |');
  });

  test('a synthesis whose ledger could not be read keeps its whole text, and says why; one never read, its text', () => {
    const t = valid();
    const synthesis = t.messages[7] as Transcript['messages'][number];
    t.messages[7] = { ...synthesis, synthesis: { malformed: 'it is not JSON' } };
    const malformed = exportMarkdown(t, participants).split('\n\n---\n\n')[8] ?? '';
    expect(malformed).toContain(synthesis.content);
    expect(malformed).toContain('_The ledger could not be read (it is not JSON); it is shown as the model wrote it._');
    expect(malformed).not.toContain('| Claim |');
    const { synthesis: _read, ...unread } = synthesis;
    t.messages[7] = unread;
    const older = exportMarkdown(t, participants).split('\n\n---\n\n')[8] ?? '';
    expect(older).toContain(synthesis.content);
    expect(older).not.toContain('Ledger');
  });

  test('says what each reply cost, and who stood behind each neutral label a reply read', () => {
    expect(sections[2]).toContain('_4.2 s · first text after 0.8 s · 120 tokens in, 9 out_');
    expect(sections[5]).toContain('_0.9 s · about 30 tokens in, 2 out (estimated)_');
    expect(sections[3]).toContain('_It read the responses without names: Response A = Claude._');
  });

  test('code inside a reply stays exactly as written; a reply cut off inside a block has it closed', () => {
    const t: Transcript = {
      ...valid(),
      messages: [
        { ...(valid().messages[1] as Transcript['messages'][number]), content: 'Look:\n````md\n```ts\nx\n```\n````' },
        { ...(valid().messages[2] as Transcript['messages'][number]), content: 'Half:\n```ts\nconst a =' },
      ],
    };
    const out = exportMarkdown(t, participants);
    expect(out).toContain('Look:\n````md\n```ts\nx\n```\n````');
    expect(out).toContain('Half:\n```ts\nconst a =\n```\n\n_Error');
  });
});

describe('closeOpenFence', () => {
  test.each([
    ['no code', 'plain', 'plain'],
    ['a closed block', '```\nx\n```', '```\nx\n```'],
    ['an open block', '```js\nx', '```js\nx\n```'],
    ['an open tilde block', '~~~\nx\n', '~~~\nx\n~~~'],
    ['a shorter fence does not close a longer one', '````\n```\n', '````\n```\n````'],
    ['a fence with text after it does not close', '```\nx\n``` not a close', '```\nx\n``` not a close\n```'],
  ])('%s', (_name, text, expected) => {
    expect(closeOpenFence(text)).toBe(expected);
  });
});

describe('Export to JSON and Import', () => {
  test('what Export writes, Import reads back as the same thread', () => {
    expect(readThreadExport(threadExportJson(valid()))).toEqual({ ok: true, transcript: valid(), images: [] });
  });

  // The fixture's message names a 68-byte PNG.
  const png = new Uint8Array(68);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

  test('the images go along in base64, by SHA-256, and come back checked', () => {
    const text = threadExportJson(valid(), { [IMAGE_SHA]: base64(png) });
    expect(JSON.parse(text).images).toEqual({ [IMAGE_SHA]: base64(png) });
    const read = readThreadExport(text);
    expect(read).toEqual({
      ok: true,
      transcript: valid(),
      images: [{ image: valid().messages[0]?.images?.[0], bytes: png }],
    });
  });

  test.each([
    ['bytes that are no image', { [IMAGE_SHA]: base64(new Uint8Array(68)) }, /is not a PNG, JPEG, GIF or WebP image/],
    ['an image of another size', { [IMAGE_SHA]: base64(png.subarray(0, 60)) }, /not the image its message names/],
    [
      'an image of another type',
      { [IMAGE_SHA]: base64(Uint8Array.from([0xff, 0xd8, 0xff, ...new Array(65).fill(0)])) },
      /not the image its message names/,
    ],
    ['an image no message names', { ['cd'.repeat(32)]: base64(png) }, /no message names/],
    ['bytes that are not base64', { [IMAGE_SHA]: '<script>' }, /not base64/],
    ['images that are not a map', [base64(png)], /must map/],
  ])('refuses %s, and stores nothing', (_name, images, reason) => {
    const text = JSON.stringify({ ...valid(), images });
    expect(readThreadExport(text)).toEqual({ ok: false, reason: expect.stringMatching(reason) });
  });

  test('Markdown links each image to its file, never inlines it', () => {
    const markdown = exportMarkdown(
      valid(),
      participants,
      'You',
      (image) => `file:///store/assets/${image.sha256}.png`,
    );
    expect(markdown).toContain(`![shot.png (PNG, 68 bytes)](<file:///store/assets/${IMAGE_SHA}.png>)`);
    expect(exportMarkdown(valid(), participants)).toContain('_Image: shot.png (PNG, 68 bytes)_');
  });

  test.each([
    ['not JSON', '{"version": 3,', /It is not JSON/],
    ['JSON but not a thread', '[1, 2]', /not a Roundtable thread/],
    ['an object that is not a thread', '{"name": "package"}', /not a Roundtable thread/],
    [
      'a thread that breaks an invariant',
      JSON.stringify({ ...valid(), participants: ['claude'] }),
      /"gpt" is not a participant/,
    ],
    ['a thread of a newer format', JSON.stringify({ ...valid(), version: 99 }), /newer Roundtable/],
  ])('refuses %s with a readable reason', (_name, text, reason) => {
    const result = readThreadExport(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('matchThread', () => {
  test('finds the query in the title or in messages and context, ignoring case and blanks, with a snippet', () => {
    expect(matchThread(valid(), 'empty INPUT')).toEqual({ title: true, snippet: undefined });
    expect(matchThread(valid(), 'undefined')).toEqual({ title: false, snippet: 'Because xs[0] is undefined.' });
    expect(matchThread(valid(), 'x()')).toMatchObject({ snippet: 'x()' });
    expect(matchThread(valid(), 'nowhere')).toBeUndefined();
    expect(matchThread(valid(), '   ')).toBeUndefined();
  });

  test('a long message gives a snippet around the hit, marked where it was cut', () => {
    const t = valid();
    t.messages[1] = {
      ...(t.messages[1] as Transcript['messages'][number]),
      content: `${'a '.repeat(100)}needle${' b'.repeat(100)}`,
    };
    const snippet = matchThread(t, 'needle')?.snippet ?? '';
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('needle');
    expect(snippet.length).toBeLessThanOrEqual(92);
  });

  test('deleted messages hold nothing', () => {
    const t = valid();
    t.messages[1] = { ...(t.messages[1] as Transcript['messages'][number]), content: '', status: 'deleted' };
    expect(matchThread(t, 'undefined')).toBeUndefined();
  });
});

describe('searchThreads', () => {
  test('reads each thread once, keeps those that match, and stops when a newer query takes over', async () => {
    const threads = new Map([
      ['a', { ...valid(), id: 'a' }],
      ['b', { ...valid(), id: 'b', title: 'Other', messages: [] }],
    ]);
    const reads: string[] = [];
    const read = async (id: string) => {
      reads.push(id);
      return threads.get(id);
    };
    const found = await searchThreads(['a', 'b', 'gone'], 'undefined', read);
    expect([...found.keys()]).toEqual(['a']);
    expect(reads).toEqual(['a', 'b', 'gone']);

    // The user typed on while "a" was read: "b" is never read for the old query.
    let current = true;
    reads.length = 0;
    const typedOn = async (id: string) => {
      current = false;
      return read(id);
    };
    const partial = await searchThreads(['a', 'b'], 'undefined', typedOn, () => current);
    expect([...partial.keys()]).toEqual(['a']);
    expect(reads).toEqual(['a']);
  });
});
