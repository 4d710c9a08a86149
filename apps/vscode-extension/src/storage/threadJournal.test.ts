import { appendFile, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { journalEntry, journalLine } from '@roundtable/core';
import { RecordingLogger } from '@roundtable/core/testing';
import { describe, expect, test } from 'vitest';
import { filesOf, savedOn, withReplies } from '../../test/support/journalFixtures';
import { thread, useStorageFolder } from '../../test/support/storageFolder';

const folder = useStorageFolder();

describe('the thread journal: saves that cost what changed', () => {
  test('a save of a thread this window read appends one line with what changed; the base file is left alone', async () => {
    const repository = folder.repo();
    const first = await savedOn(repository, thread('t'), null);
    const before = await filesOf(folder.threadsDir, 't');
    const second = await savedOn(repository, withReplies(thread('t'), 1), first);
    await savedOn(repository, withReplies(thread('t'), 2), second);
    const after = await filesOf(folder.threadsDir, 't');
    expect(after.baseInode).toBe(before.baseInode);
    const lines = after.journal.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    // Each line holds the new reply, not the messages before it.
    expect(lines.map((l) => JSON.parse(l).thread.messages.map((m: { id: string }) => m.id))).toEqual([
      ['t-r2'],
      ['t-r3'],
    ]);
  });

  test('another window loads the base with its journal replayed, under the revision the saving window got', async () => {
    const mine = folder.repo();
    const first = await savedOn(mine, thread('t'), null);
    const last = await savedOn(mine, withReplies(thread('t'), 3), first);
    const loaded = await folder.repo().load('t');
    expect(loaded).toEqual({ ok: true, transcript: withReplies(thread('t'), 3), revision: last });
  });

  test('a window that read the thread before takes in only the new lines, and sees every change', async () => {
    const mine = folder.repo();
    const theirs = folder.repo();
    let revision = await savedOn(mine, thread('t'), null);
    expect((await theirs.load('t')).ok).toBe(true);
    for (let n = 1; n <= 3; n++) {
      revision = await savedOn(mine, withReplies(thread('t'), n), revision);
      expect(await theirs.load('t')).toEqual({ ok: true, transcript: withReplies(thread('t'), n), revision });
    }
  });

  test('a last line cut short by a crash is ignored, not reported, and cut off by the next save', async () => {
    const repository = folder.repo();
    const first = await savedOn(repository, thread('t'), null);
    await savedOn(repository, withReplies(thread('t'), 1), first);
    const journal = join(folder.threadsDir, 't.journal');
    await appendFile(journal, '{"journal":1,"thread":{"version":4,"id":"t","TORN');
    const logger = new RecordingLogger();
    const reader = folder.repo({ logger });
    const loaded = await reader.load('t');
    expect(loaded.ok && loaded.transcript).toEqual(withReplies(thread('t'), 1));
    expect(logger.lines).toEqual([]);
    // The window that wrote it goes on from what it knows; the torn bytes are cut off, not built upon.
    await savedOn(reader, withReplies(thread('t'), 2), loaded.ok ? loaded.revision : '');
    expect(await readFile(journal, 'utf8')).not.toContain('TORN');
    const reloaded = await folder.repo({ logger }).load('t');
    expect(reloaded.ok && reloaded.transcript).toEqual(withReplies(thread('t'), 2));
    expect(logger.lines).toEqual([]);
  });

  test('a corrupt line is left out and reported; the base and every other line are kept, and so is the journal', async () => {
    const repository = folder.repo();
    const first = await savedOn(repository, thread('t'), null);
    await savedOn(repository, withReplies(thread('t'), 1), first);
    const journal = join(folder.threadsDir, 't.journal');
    // A broken line, then a good one after it (another save's).
    const next = journalEntry(withReplies(thread('t'), 1), withReplies(thread('t'), 2));
    await appendFile(journal, `not json at all\n${journalLine(next ?? thread('t'))}`);
    const logger = new RecordingLogger();
    const reader = folder.repo({ logger });
    const loaded = await reader.load('t');
    expect(loaded.ok && loaded.transcript).toEqual(withReplies(thread('t'), 2));
    expect(logger.lines).toEqual([
      expect.stringMatching(/^error: Thread t: 1 journal line\(s\).*line 2: not valid JSON/),
    ]);
    const copies = (await readdir(folder.threadsDir)).filter((n) => /^t\.corrupt-.*\.journal$/.test(n));
    expect(copies).toHaveLength(1);
    expect(await readFile(join(folder.threadsDir, copies[0] ?? ''), 'utf8')).toContain('not json at all');
    // Folded into the base soon after: the live journal no longer holds the bad line, and nothing was lost.
    await reader.compactNow('t');
    expect(await readFile(journal, 'utf8')).toBe('');
    const again = await folder.repo({ logger }).load('t');
    expect(again.ok && again.transcript).toEqual(withReplies(thread('t'), 2));
    expect(logger.lines).toHaveLength(1);
  });

  test('a line that breaks a rule of the thread (a speaker who is not a participant) is left out like a corrupt one', async () => {
    const repository = folder.repo();
    const first = await savedOn(repository, thread('t'), null);
    await savedOn(repository, withReplies(thread('t'), 1), first);
    const journal = join(folder.threadsDir, 't.journal');
    const line = JSON.parse((await readFile(journal, 'utf8')).trim());
    line.thread.messages[0].speaker = 'stranger';
    line.thread.messages[0].id = 't-x';
    await appendFile(journal, `${JSON.stringify(line)}\n`);
    const logger = new RecordingLogger();
    const loaded = await folder.repo({ logger }).load('t');
    expect(loaded.ok && loaded.transcript).toEqual(withReplies(thread('t'), 1));
    expect(logger.lines.join('\n')).toMatch(/line 2: .*stranger/);
  });
});
