import { afterEach, describe, expect, test, vi } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup } from '../../test/support/viewSetup';
import { MAX_IMAGES_PER_MESSAGE } from '../transcript/schema';

// Images in a view: pasted into the composer (checked and stored by the host), shown as chips, taken along by the
// next message, which names them.

ensureNoDisposablesAreLeaked();
afterEach(disposeAll);

/** A one-pixel PNG's first bytes with `n` to tell images apart, as the page sends them. */
const png = (n: number) =>
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, n]).toString('base64');

describe('ChatViewController: images', () => {
  test('an attached image reaches the page and the full state, and goes with the next message', async () => {
    const { view, chat, orchestrator } = setup();
    const v = view();
    await v.ready();
    const threadId = v.lastState().thread.id;
    expect(await v.intent('image/attach', { name: 'shot.png', data: png(1) })).toMatchObject({ ok: true });
    const changed = v.posted.filter((m) => m.type === 'context/changed').at(-1);
    const image = changed?.type === 'context/changed' ? changed.payload.images?.[0]?.image : undefined;
    expect(image).toMatchObject({ mime: 'image/png', bytes: 13, name: 'shot.png' });
    expect(image?.sha256).toMatch(/^[0-9a-f]{64}$/);
    v.controller.markHidden();
    await v.ready();
    expect(v.lastState().images).toEqual([{ id: 'i1', image }]);

    await v.intent('chat/send', { threadId, text: '' });
    await chat.call(0);
    expect(orchestrator.store.transcript(threadId)?.messages[0]?.images).toEqual([image]);
    expect(v.controller.context.currentImages).toEqual([]);
    await chat.reply(0, 'seen');
    await vi.waitFor(() => expect(orchestrator.runner.isBusy(threadId)).toBe(false));
  });

  test('what is not an image is refused with the reason, and nothing waits', async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    const svg = Buffer.from('<svg onload="alert(1)"/>').toString('base64');
    expect(await v.intent('image/attach', { name: 'x.png', data: svg })).toMatchObject({
      ok: false,
      reason: 'x.png is not a PNG, JPEG, GIF or WebP image.',
    });
    expect(v.controller.context.currentImages).toEqual([]);
  });

  test(`the same image is kept once, at most ${MAX_IMAGES_PER_MESSAGE} wait, and one is removed by its id`, async () => {
    const { view } = setup();
    const v = view();
    await v.ready();
    for (let n = 0; n < MAX_IMAGES_PER_MESSAGE; n++) await v.intent('image/attach', { data: png(n) });
    await v.intent('image/attach', { data: png(0) });
    expect(v.controller.context.currentImages).toHaveLength(MAX_IMAGES_PER_MESSAGE);
    expect(await v.intent('image/attach', { data: png(99) })).toMatchObject({
      ok: false,
      reason: `A message takes at most ${MAX_IMAGES_PER_MESSAGE} images; remove one first.`,
    });
    expect(await v.intent('context/remove', { id: 'i2' })).toMatchObject({ ok: true });
    expect(v.controller.context.currentImages.map((i) => i.id)).toEqual(['i1', 'i3', 'i4']);
  });

  test('images join the composer in the order they were pasted, whatever order the host stores them in', async () => {
    const { view, host } = setup();
    const store = host.storeImage;
    // The first paste is stored last (a bigger image, a slower disk).
    let release: () => void = () => {};
    const late = new Promise<void>((resolve) => {
      release = resolve;
    });
    host.storeImage = async (data, name) => {
      if (name === 'first.png') await late;
      return store(data, name);
    };
    const v = view();
    await v.ready();
    const first = v.intent('image/attach', { name: 'first.png', data: png(1) });
    const second = v.intent('image/attach', { name: 'second.png', data: png(2) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(v.controller.context.currentImages).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(v.controller.context.currentImages.map((i) => i.image.name)).toEqual(['first.png', 'second.png']);
  });
});
