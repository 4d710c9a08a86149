import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup } from '../../test/support/viewSetup';
import { MAX_CONTEXT_BLOCK_CHARS } from '../protocol/pendingContext';

// The composer's `#` file autocomplete, host side: a query answered with the matching files, a chosen file added
// as a chip (read by the host), and what crosses the boundary checked before anything is done.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

describe('ChatViewController: files for #', () => {
  test('a query is answered with the matching files, echoing the query, before the request is done', async () => {
    const { view, files } = setup();
    files.set('src/retryPolicy.ts', 'export const attempts = 5;\n');
    files.set('docs/retry.md', '# Retry\n');
    files.set('README.md', '# Hi\n');
    const v = view();
    await v.ready();
    expect(await v.intent('files/find', { query: 'retry' })).toMatchObject({ ok: true });
    const types = v.types();
    expect(types.slice(-2)).toEqual(['files/found', 'request/done']);
    const found = v.posted.at(-2);
    expect(found?.type === 'files/found' && found.payload).toEqual({
      query: 'retry',
      files: ['docs/retry.md', 'src/retryPolicy.ts'],
    });
  });

  test('the last query is answered again when a change of the files changes its answer, and only then', async () => {
    const { view, files, filesChanged } = setup();
    files.set('src/retryPolicy.ts', '');
    const v = view();
    await v.ready();
    await v.intent('files/find', { query: 'retry' });
    await v.intent('files/find', { query: 'ret' }); // the next key: the view's query from now on
    const found = () => v.posted.flatMap((m) => (m.type === 'files/found' ? [m.payload] : []));
    const answered = found().length;
    files.set('README.md', ''); // matches neither query: nothing is sent again
    filesChanged.fire();
    files.set('docs/ret.md', ''); // created while the list is open
    filesChanged.fire();
    await vi.waitFor(() => expect(found().length).toBe(answered + 1));
    expect(found().at(-1)).toEqual({ query: 'ret', files: ['docs/ret.md', 'src/retryPolicy.ts'] });
    files.delete('docs/ret.md');
    filesChanged.fire();
    await vi.waitFor(() => expect(found().length).toBe(answered + 2));
    expect(found().slice(answered)).toEqual([
      { query: 'ret', files: ['docs/ret.md', 'src/retryPolicy.ts'] },
      { query: 'ret', files: ['src/retryPolicy.ts'] },
    ]);
  });

  test('one view asks again once per change, for its last query only; a disposed view asks nothing', async () => {
    const { view, files, filesChanged, host } = setup();
    files.set('src/retryPolicy.ts', '');
    const [closed, open] = [view(), view()];
    for (const v of [closed, open]) {
      await v.ready();
      for (const query of ['r', 're', 'ret']) await v.intent('files/find', { query });
    }
    closed.controller.dispose();
    const asked = vi.spyOn(host, 'findFiles');
    files.set('src/retry.md', '');
    filesChanged.fire();
    const found = (v: typeof open) => v.posted.flatMap((m) => (m.type === 'files/found' ? [m.payload] : []));
    await vi.waitFor(() => expect(found(open).at(-1)?.files).toContain('src/retry.md'));
    expect(asked.mock.calls).toEqual([['ret']]);
    expect(found(closed).some((f) => f.files.includes('src/retry.md'))).toBe(false);
  });

  test('a chosen file becomes a chip the next message takes along', async () => {
    const { view, files, chat } = setup();
    files.set('src/retryPolicy.ts', 'export const attempts = 5;\n');
    const v = view();
    await v.ready();
    expect(await v.intent('context/addFile', { path: 'src/retryPolicy.ts' })).toMatchObject({ ok: true });
    expect(v.controller.context.current.map((c) => c.block)).toEqual([
      { kind: 'file', path: 'src/retryPolicy.ts', content: 'export const attempts = 5;\n' },
    ]);
    await v.intent('chat/send', { threadId: v.lastState().thread.id, text: 'how many attempts?' });
    expect((await chat.call(0)).messages.at(-1)?.content).toContain(
      'File: src/retryPolicy.ts\n```\nexport const attempts = 5;\n```',
    );
  });

  test('a file the host refuses (binary, gone) is refused with its reason; a long one is cut with a note', async () => {
    const { view, files } = setup();
    files.set('logo.png', null);
    files.set('big.txt', 'line\n'.repeat(MAX_CONTEXT_BLOCK_CHARS));
    const v = view();
    await v.ready();
    expect(await v.intent('context/addFile', { path: 'logo.png' })).toMatchObject({
      ok: false,
      reason: 'logo.png looks like a binary file.',
    });
    expect(await v.intent('context/addFile', { path: 'gone.ts' })).toMatchObject({ ok: false });
    expect(v.controller.context.current).toEqual([]);
    await v.intent('context/addFile', { path: 'big.txt' });
    const [chip] = v.controller.context.current;
    expect(chip?.block.content.length).toBeLessThanOrEqual(MAX_CONTEXT_BLOCK_CHARS + 200);
    expect(chip?.block.content).toMatch(/\[Roundtable cut this file here: [\d,]+ more lines/);
  });

  test.each([
    ['a query longer than 200 characters', 'files/find', { query: 'x'.repeat(201) }],
    ['a query that is not text', 'files/find', { query: 42 }],
    ['a query with more fields', 'files/find', { query: 'a', limit: 5000 }],
    ['an empty path', 'context/addFile', { path: '' }],
    ['a path longer than 1,024 characters', 'context/addFile', { path: `${'a/'.repeat(512)}x.ts` }],
    ['paths as a list', 'context/addFile', { path: ['a.ts', 'b.ts'] }],
  ])('%s is dropped unanswered, with a log line', async (_name, type, payload) => {
    const { view, logs } = setup();
    const v = view();
    await v.ready();
    const before = v.posted.length;
    await v.controller.receive({ v: 2, type, requestId: 'x', payload });
    expect(logs.some((l) => l.includes(`dropped invalid message (type "${type}")`))).toBe(true);
    expect(v.posted.length).toBe(before);
  });
});
