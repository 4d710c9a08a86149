import { describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import { MAX_CONTEXT_BLOCK_CHARS, MAX_CONTEXT_BLOCKS } from '../protocol/pendingContext';
import type { ContextBlock, ImageRef } from '../transcript/schema';
import { capContent, PendingContextBox } from './PendingContextBox';

const own = ensureNoDisposablesAreLeaked();

const selection = (path: string, start = 1, end = 2, content = 'const a = 1;\n'): ContextBlock => ({
  kind: 'selection',
  path,
  range: [start, end],
  content,
  language: 'ts',
});

describe('PendingContextBox', () => {
  test('chips are added in order, each once, removed by id, and say so', () => {
    const box = own.add(new PendingContextBox());
    const seen: string[][] = [];
    own.add(box.onDidChange(({ blocks }) => seen.push(blocks.map((c) => c.block.path))));
    box.add(selection('a.ts'));
    box.add(selection('b.ts'));
    box.add(selection('a.ts')); // the same range of the same file again: nothing new
    box.add(selection('a.ts', 5, 9));
    expect(box.current.map((c) => [c.id, c.block.path, c.block.range])).toEqual([
      ['c1', 'a.ts', [1, 2]],
      ['c2', 'b.ts', [1, 2]],
      ['c3', 'a.ts', [5, 9]],
    ]);
    expect(box.remove('c2')).toEqual({ ok: true });
    expect(box.remove('c2')).toEqual({ ok: true }); // twice is harmless
    expect(box.current.map((c) => c.id)).toEqual(['c1', 'c3']);
    expect(seen).toEqual([['a.ts'], ['a.ts', 'b.ts'], ['a.ts', 'b.ts', 'a.ts'], ['a.ts', 'a.ts']]);
  });

  test('the same source added again keeps its chip and takes what it holds now; other changes are another chip', () => {
    const box = own.add(new PendingContextBox());
    const fired: string[] = [];
    own.add(box.onDidChange(({ blocks }) => fired.push(blocks.map((c) => `${c.id}:${c.block.content}`).join(' '))));
    const changes = (scope: 'unstaged' | 'staged', content: string): ContextBlock => ({
      kind: 'changes',
      path: '.',
      scope,
      content,
      language: 'diff',
    });
    box.add(changes('unstaged', 'first\n'));
    box.add(changes('unstaged', 'first\n')); // unchanged: nothing to tell
    box.add(changes('unstaged', 'edited since\n'));
    box.add(changes('staged', 'staged\n'));
    expect(box.current.map((c) => [c.id, c.block.scope, c.block.content])).toEqual([
      ['c1', 'unstaged', 'edited since\n'],
      ['c2', 'staged', 'staged\n'],
    ]);
    expect(fired).toEqual(['c1:first\n', 'c1:edited since\n', 'c1:edited since\n c2:staged\n']);
  });

  test(`holds at most ${MAX_CONTEXT_BLOCKS}, refusing the next with why`, () => {
    const box = own.add(new PendingContextBox());
    for (let i = 0; i < MAX_CONTEXT_BLOCKS; i++) expect(box.add(selection(`f${i}.ts`)).ok).toBe(true);
    expect(box.add(selection('one-more.ts'))).toEqual({
      ok: false,
      reason: `A message takes at most ${MAX_CONTEXT_BLOCKS} pieces of context; remove one first.`,
    });
  });

  test('a message takes the chips and the active file; the box empties only once it is sent', () => {
    const box = own.add(new PendingContextBox());
    box.add(selection('a.ts'));
    const file: ContextBlock = { kind: 'file', path: 'main.ts', content: 'x\n' };
    const refused = box.forMessage(file);
    expect(refused.blocks.map((b) => `${b.kind}:${b.path}`)).toEqual(['selection:a.ts', 'file:main.ts']);
    expect(box.current).toHaveLength(1); // not sent: the chip stays for the next try
    const accepted = box.forMessage(undefined);
    box.add(selection('added-meanwhile.ts'));
    accepted.sent();
    expect(box.current.map((c) => c.block.path)).toEqual(['added-meanwhile.ts']);
  });

  test('the active file is not sent twice when a chip already holds that whole file', () => {
    const box = own.add(new PendingContextBox());
    box.add({ kind: 'file', path: 'main.ts', content: 'x\n' });
    expect(box.forMessage({ kind: 'file', path: 'main.ts', content: 'x\n' }).blocks).toHaveLength(1);
  });
});

describe('PendingContextBox: places for images being stored', () => {
  const image = (n: number): ImageRef => ({ sha256: n.toString(16).padStart(64, '0'), mime: 'image/png', bytes: 9 });
  const reserve = (box: PendingContextBox) => {
    const held = box.reserveImage();
    if (!held.ok) throw new Error(held.reason);
    return held.slot;
  };

  test(`at most ${MAX_IMAGES_PER_MESSAGE} places, waiting and being stored together; a slot freed twice frees one`, () => {
    const box = own.add(new PendingContextBox());
    box.addImage(image(1));
    const slots = Array.from({ length: MAX_IMAGES_PER_MESSAGE - 1 }, () => reserve(box));
    expect(box.reserveImage()).toMatchObject({ ok: false, reason: expect.stringMatching(/^A message takes at most/) });
    expect(box.addImage(image(9))).toMatchObject({ ok: false }); // not past those on their way either
    slots[0]?.release();
    slots[0]?.release(); // twice: still one place
    const again = reserve(box);
    expect(box.reserveImage()).toMatchObject({ ok: false });
    // The same image as one waiting takes no second place: its slot is freed and nothing is added.
    expect(slots[1]?.fill(image(1))).toEqual({ ok: true });
    expect(box.currentImages).toHaveLength(1);
    slots[2]?.fill(image(2));
    again.fill(image(3));
    expect(box.currentImages.map((i) => i.image.sha256.slice(-1))).toEqual(['1', '2', '3']);
    reserve(box).release();
    expect(box.reserveImage()).toMatchObject({ ok: true });
  });

  test('a message sent while an image is being stored does not take its place; the image waits for the next', () => {
    const box = own.add(new PendingContextBox());
    for (let n = 1; n < MAX_IMAGES_PER_MESSAGE; n++) box.addImage(image(n));
    const slot = reserve(box);
    const message = box.forMessage(undefined);
    expect(message.images).toHaveLength(MAX_IMAGES_PER_MESSAGE - 1);
    message.sent();
    slot.fill(image(7));
    expect(box.currentImages.map((i) => i.image.sha256.slice(-1))).toEqual(['7']);
  });
});

describe('capContent', () => {
  test('leaves a block within the limit as it is', () => {
    const block = selection('a.ts', 1, 1, 'short\n');
    expect(capContent(block)).toBe(block);
  });

  test('cuts a long block at a line end and says how much was left out', () => {
    const content = `${'line of text\n'.repeat(20)}`;
    const capped = capContent({ kind: 'file', path: 'big.txt', content }, 100);
    expect(capped.content).toBe(
      `${'line of text\n'.repeat(7)}[Roundtable cut this file here: 13 more lines (169 characters) not included.]\n`,
    );
  });

  test('a huge file is cut to the limit plus its note', () => {
    const content = 'x'.repeat(MAX_CONTEXT_BLOCK_CHARS * 3);
    const capped = capContent({ kind: 'file', path: 'min.js', content });
    expect(capped.content.length).toBeLessThan(MAX_CONTEXT_BLOCK_CHARS + 200);
    expect(capped.content).toContain('[Roundtable cut this file here: 1 more line (200,000 characters) not included.]');
  });
});
