import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup } from '../../test/support/viewSetup';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import type { HostActions } from './viewPorts';

type StoredImage = ReturnType<HostActions['storeImage']>;

// Bounds before storage: an image is counted (with those still being stored), sized and typed before the host is
// asked to store it, so one refused is never written. The host's store here records every image it is asked to
// store (for the real one, asked means written) and can hold them, as a slow disk would.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
/** A PNG's first bytes with `n` to tell images apart, as the page sends them (base64). */
const png = (n: number, size = PNG_SIGNATURE.length + 1) => {
  const bytes = Buffer.alloc(size, n);
  bytes.set(PNG_SIGNATURE);
  return bytes.toString('base64');
};
const full = `A message takes at most ${MAX_IMAGES_PER_MESSAGE} images; remove one first.`;

/** Replaces the host's store with one that records what it is asked to store, and holds each while `holding`. */
function recordingStore(host: HostActions) {
  const writes: string[] = [];
  const held: (() => void)[] = [];
  const store = {
    writes,
    holding: false,
    /** Lets every held store finish. */
    release: () => {
      for (const go of held.splice(0)) go();
    },
    /** What the next store answers instead of storing (a full disk, say), once. */
    failNext: undefined as undefined | 'refuse' | 'throw' | 'throwAtOnce',
  };
  host.storeImage = (data, name) => {
    writes.push(name ?? '(unnamed)');
    const failure = store.failNext;
    store.failNext = undefined;
    if (failure === 'throwAtOnce') throw new Error('ENOSPC: thrown before a promise');
    return stored(data, name, failure);
  };
  const stored = async (data: string, name: string | undefined, failure: typeof store.failNext): StoredImage => {
    if (store.holding) await new Promise<void>((resolve) => held.push(resolve));
    if (failure === 'throw') throw new Error('ENOSPC: no space left on device');
    if (failure === 'refuse') return { ok: false, reason: 'Roundtable could not store the image: ENOSPC' };
    const bytes = Buffer.from(data, 'base64');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    return { ok: true, image: { sha256, mime: 'image/png', bytes: bytes.length, ...(name ? { name } : {}) } };
  };
  return store;
}

async function composer() {
  const { view, host } = setup();
  const store = recordingStore(host);
  const v = view();
  await v.ready();
  const attach = (name: string, data: string) => v.intent('image/attach', { name, data });
  const names = () => v.controller.context.currentImages.map((i) => i.image.name);
  return { v, store, attach, names };
}

describe('ChatViewController: images are bounded before they are stored', () => {
  test(`the image after the ${MAX_IMAGES_PER_MESSAGE}th is refused and never stored; one removed makes room`, async () => {
    const { v, store, attach, names } = await composer();
    for (let n = 1; n <= MAX_IMAGES_PER_MESSAGE; n++)
      expect(await attach(`${n}.png`, png(n))).toMatchObject({ ok: true });
    expect(await attach('5.png', png(5))).toEqual({ requestId: expect.any(String), ok: false, reason: full });
    expect(await attach('6.png', png(6))).toMatchObject({ ok: false, reason: full });
    expect(store.writes).toEqual(['1.png', '2.png', '3.png', '4.png']);
    expect(await v.intent('context/remove', { id: v.controller.context.currentImages[0]?.id ?? '' })).toMatchObject({
      ok: true,
    });
    expect(await attach('7.png', png(7))).toMatchObject({ ok: true });
    expect(names()).toEqual(['2.png', '3.png', '4.png', '7.png']);
    expect(store.writes).toEqual(['1.png', '2.png', '3.png', '4.png', '7.png']);
  });

  test('an image over the size limit, or not an image, is refused with why and never stored', async () => {
    const { store, attach, names } = await composer();
    expect(await attach('big.png', png(1, MAX_IMAGE_BYTES + 1))).toMatchObject({
      ok: false,
      reason: 'big.png is 5.0 MB; an image may be at most 5.0 MB.',
    });
    expect(await attach('vector.png', Buffer.from('<svg onload="alert(1)"/>').toString('base64'))).toMatchObject({
      ok: false,
      reason: 'vector.png is not a PNG, JPEG, GIF or WebP image.',
    });
    expect(await attach('empty.png', 'A')).toMatchObject({ ok: false, reason: 'empty.png is empty.' });
    expect(store.writes).toEqual([]);
    // Exactly the limit is taken; refused ones held no place.
    expect(await attach('limit.png', png(2, MAX_IMAGE_BYTES))).toMatchObject({ ok: true });
    expect(names()).toEqual(['limit.png']);
  });

  test('a batch past the limit: the first that fit are stored, in order; the rest are refused, answered last', async () => {
    const { v, store, attach, names } = await composer();
    expect(await attach('0.png', png(0))).toMatchObject({ ok: true });
    store.holding = true;
    const batch = [1, 2, 3, 4, 5].map((n) => attach(`${n}.png`, png(n)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.writes).toEqual(['0.png', '1.png', '2.png', '3.png']);
    store.release();
    const answers = await Promise.all(batch);
    expect(answers.map((a) => (a?.ok ? 'ok' : a?.reason))).toEqual(['ok', 'ok', 'ok', full, full]);
    // The page shows the last answer to an image: the refusals come after the successes that would clear them.
    const done = v.posted.flatMap((m) => (m.type === 'request/done' ? [m.payload.ok] : []));
    expect(done.slice(-5)).toEqual([true, true, true, false, false]);
    expect(names()).toEqual(['0.png', '1.png', '2.png', '3.png']);
  });

  test('two adds arriving together for the last place: one is stored, the other refused unwritten', async () => {
    const { store, attach, names } = await composer();
    for (let n = 1; n < MAX_IMAGES_PER_MESSAGE; n++) await attach(`${n}.png`, png(n));
    store.holding = true;
    const a = attach('a.png', png(10));
    const b = attach('b.png', png(11));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store.writes.slice(MAX_IMAGES_PER_MESSAGE - 1)).toEqual(['a.png']);
    store.release();
    expect([(await a)?.ok, await b]).toEqual([true, expect.objectContaining({ ok: false, reason: full })]);
    expect(names()).toEqual(['1.png', '2.png', '3.png', 'a.png']);
  });

  test('an image that fails to store gives its place back, whether the store refuses, rejects or throws', async () => {
    const { store, attach, names } = await composer();
    for (let n = 1; n < MAX_IMAGES_PER_MESSAGE; n++) await attach(`${n}.png`, png(n));
    store.failNext = 'refuse';
    expect(await attach('full-disk.png', png(8))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('ENOSPC'),
    });
    store.failNext = 'throw';
    expect(await attach('thrown.png', png(9))).toMatchObject({ ok: false, reason: expect.stringContaining('ENOSPC') });
    store.failNext = 'throwAtOnce';
    expect(await attach('at-once.png', png(9))).toMatchObject({ ok: false, reason: expect.stringContaining('ENOSPC') });
    expect(await attach('last.png', png(10))).toMatchObject({ ok: true });
    expect(names()).toEqual(['1.png', '2.png', '3.png', 'last.png']);
  });

  test('the same image again joins once and, while there is room, is no refusal', async () => {
    const { store, attach, names } = await composer();
    expect(await attach('one.png', png(1))).toMatchObject({ ok: true });
    expect(await attach('again.png', png(1))).toMatchObject({ ok: true });
    for (let n = 2; n <= MAX_IMAGES_PER_MESSAGE; n++) await attach(`${n}.png`, png(n));
    expect(names()).toEqual(['one.png', '2.png', '3.png', '4.png']);
    expect(store.writes).toHaveLength(MAX_IMAGES_PER_MESSAGE + 1); // stored under its SHA-256: the same file
  });
});
