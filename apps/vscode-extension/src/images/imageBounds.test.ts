import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ORCHESTRATOR_SETTINGS, DisposableStore, Emitter, Orchestrator, silentLogger } from '@roundtable/core';
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_MESSAGE } from '@roundtable/core/limits';
import { type HostToWebview, type SidecarStatus, viewSignal, webviewIntent } from '@roundtable/core/protocol';
import { FakeClock, MemoryThreadRepository, ScriptedChat } from '@roundtable/core/testing';
import { ChatViewController } from '@roundtable/core/views/ChatViewController';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createHostActions, type HostUi } from '../webview/hostActions';
import { removeUnnamedImages, storeImage, UNNAMED_IMAGE_AGE_MS } from './imageAssets';
import { imageFolder } from './imageFolder';

// Bounds before storage, on disk: a view over the host's real actions, storing into a temporary storage folder.
// Whatever is refused (the image past the limit, one too large or not an image, the loser of a race for the last
// place, one whose write failed) leaves no file in the images folder, not even a temporary one.

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const png = (n: number, size = PNG_SIGNATURE.length + 1) => {
  const bytes = Buffer.alloc(size, n);
  bytes.set(PNG_SIGNATURE);
  return bytes;
};
const fileOf = (bytes: Buffer) => `${createHash('sha256').update(bytes).digest('hex')}.png`;
const full = `A message takes at most ${MAX_IMAGES_PER_MESSAGE} images; remove one first.`;

let root: string;
let owned: DisposableStore;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rt-image-bounds-'));
  owned = new DisposableStore();
});
afterEach(async () => {
  owned.dispose();
  await rm(root, { recursive: true, force: true });
});

async function composer() {
  let ids = 0;
  const orchestrator = owned.add(
    new Orchestrator({
      repository: owned.add(new MemoryThreadRepository()),
      chat: new ScriptedChat().backend,
      clock: new FakeClock(),
      ids: { next: () => `id-${++ids}` },
      logger: silentLogger,
      settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [] },
    }),
  );
  const ui = new Proxy({} as HostUi, { get: () => async () => undefined });
  const host = createHostActions({
    ui,
    logger: silentLogger,
    locate: () => undefined,
    sidecarActions: async () => {},
    fixes: { cliPage: () => undefined, setting: () => 'roundtable.participants' },
    storageRoot: root,
    owner: owned.add(new DisposableStore()),
  });
  const status = owned.add(new Emitter<SidecarStatus>());
  const sidecar = { current: { state: 'healthy', detail: 'ok' } as SidecarStatus, onDidChange: status.event };
  const posted: HostToWebview[] = [];
  const controller = owned.add(
    new ChatViewController({ orchestrator, sidecar, host, logger: silentLogger }, (m) => posted.push(m)),
  );
  await controller.receive(viewSignal('view/ready'));
  let r = 0;
  /** Sends one image as the page does; resolves to the host's answer. */
  const attach = async (name: string, bytes: Buffer) => {
    const requestId = `r${++r}`;
    await controller.receive(webviewIntent('image/attach', requestId, { name, data: bytes.toString('base64') }));
    const done = posted.find((m) => m.type === 'request/done' && m.payload.requestId === requestId);
    return done?.type === 'request/done' ? done.payload : undefined;
  };
  const files = async () => (await readdir(imageFolder(root)).catch(() => [] as string[])).sort();
  return { controller, attach, files };
}

describe('images refused before they are stored leave no file', () => {
  test(`the image after the ${MAX_IMAGES_PER_MESSAGE}th, sent alone or in a batch, is not written`, async () => {
    const { attach, files } = await composer();
    const images = [1, 2, 3, 4, 5, 6, 7].map((n) => png(n));
    expect(await attach('1.png', images[0] as Buffer)).toMatchObject({ ok: true });
    // The rest at once, as a paste of six: the first three that fit are stored, the other three refused.
    const answers = await Promise.all(images.slice(1).map((bytes, i) => attach(`${i + 2}.png`, bytes)));
    expect(answers.map((a) => (a?.ok ? 'ok' : a?.reason))).toEqual(['ok', 'ok', 'ok', full, full, full]);
    expect(await files()).toEqual(images.slice(0, MAX_IMAGES_PER_MESSAGE).map(fileOf).sort());
    expect(await attach('8.png', png(8))).toMatchObject({ ok: false, reason: full });
    expect(await files()).toHaveLength(MAX_IMAGES_PER_MESSAGE);
  });

  test('two adds racing for the last place: one file is written, the other refused', async () => {
    const { controller, attach, files } = await composer();
    for (let n = 1; n < MAX_IMAGES_PER_MESSAGE; n++) await attach(`${n}.png`, png(n));
    const [a, b] = await Promise.all([attach('a.png', png(10)), attach('b.png', png(11))]);
    expect([a?.ok, b]).toEqual([true, expect.objectContaining({ ok: false, reason: full })]);
    expect(await files()).toHaveLength(MAX_IMAGES_PER_MESSAGE);
    expect(await files()).not.toContain(fileOf(png(11)));
    expect(controller.context.currentImages.map((i) => i.image.name)).toEqual(['1.png', '2.png', '3.png', 'a.png']);
  });

  test('an image too large, or not an image, leaves the folder as it was', async () => {
    const { attach, files } = await composer();
    expect(await attach('big.png', png(1, MAX_IMAGE_BYTES + 1))).toMatchObject({
      ok: false,
      reason: 'big.png is 5.0 MB; an image may be at most 5.0 MB.',
    });
    expect(await attach('x.png', Buffer.from('<svg/>'))).toMatchObject({
      ok: false,
      reason: 'x.png is not a PNG, JPEG, GIF or WebP image.',
    });
    expect(await files()).toEqual([]);
  });

  test('a write that fails leaves nothing behind, says why, and gives the place back', async () => {
    const { controller, attach, files } = await composer();
    for (let n = 1; n < MAX_IMAGES_PER_MESSAGE; n++) await attach(`${n}.png`, png(n));
    // Something that is not a file holds the last image's name: it cannot be renamed into place.
    const blocked = fileOf(png(9));
    await mkdir(join(imageFolder(root), blocked, 'inside'), { recursive: true });
    const before = await files();
    expect(await attach('9.png', png(9))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Roundtable could not store the image: /),
    });
    expect(await files()).toEqual(before);
    expect(await attach('10.png', png(10))).toMatchObject({ ok: true });
    expect(controller.context.currentImages).toHaveLength(MAX_IMAGES_PER_MESSAGE);
  });
});

describe('the image store adapter', () => {
  test('checks before it writes: a refused image creates neither the folder nor a file', async () => {
    const folder = imageFolder(root);
    expect(await storeImage(folder, png(1, MAX_IMAGE_BYTES + 1), 'big.png')).toMatchObject({ ok: false });
    expect(await storeImage(folder, Buffer.from('GIF8x'), 'x.gif')).toMatchObject({ ok: false });
    expect(await readdir(root)).toEqual([]);
  });

  test('a failed write throws and removes its temporary file', async () => {
    const folder = imageFolder(root);
    const bytes = png(3);
    await mkdir(join(folder, fileOf(bytes)), { recursive: true });
    await writeFile(join(folder, fileOf(bytes), 'inside'), '');
    await expect(storeImage(folder, bytes, 'blocked.png')).rejects.toThrow();
    expect(await readdir(folder)).toEqual([fileOf(bytes)]);
  });

  test('a temporary file a crashed write left is swept once old, not while a write may still use it', async () => {
    const folder = imageFolder(root);
    await mkdir(folder);
    const temporary = `.${'c'.repeat(64)}.0a1b2c3d4e5f.tmp`;
    await writeFile(join(folder, temporary), 'half an image');
    await writeFile(join(folder, 'notes.tmp'), 'not ours');
    const young = Date.now();
    expect(await removeUnnamedImages(folder, new Set(), young, UNNAMED_IMAGE_AGE_MS)).toBe(0);
    expect(
      await removeUnnamedImages(folder, new Set(), young + UNNAMED_IMAGE_AGE_MS + 1000, UNNAMED_IMAGE_AGE_MS),
    ).toBe(1);
    expect(await readdir(folder)).toEqual(['notes.tmp']);
  });
});
