import { createEvent, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness, composerInput } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';

const h = new AppHarness();
afterEach(() => h.dispose());

const SHA = 'ab'.repeat(32);
const shot = { id: 'i1', image: { sha256: SHA, mime: 'image/png' as const, bytes: 68, name: 'shot.png' } };
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

describe('images in the composer and in messages', () => {
  it('a pasted image goes to the host as base64 with its name, and text pastes are left to the box', async () => {
    h.mount();
    h.emit(h.host.state(viewState()));
    const file = new File([PNG], 'shot.png', { type: 'image/png' });
    fireEvent.paste(composerInput(), { clipboardData: { files: [file] } });
    await waitFor(() =>
      expect(h.lastIntent()).toEqual({
        type: 'image/attach',
        payload: { name: 'shot.png', data: Buffer.from(PNG).toString('base64') },
      }),
    );
    const before = h.lastIntent();
    fireEvent.paste(composerInput(), { clipboardData: { files: [] } });
    expect(h.lastIntent()).toEqual(before);
  });

  it('a file that is not an image is refused in the page, with its name', async () => {
    h.mount();
    h.emit(h.host.state(viewState()));
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.paste(composerInput(), { clipboardData: { files: [file] } });
    await waitFor(() => expect(screen.getByTestId('notice').textContent).toContain('notes.txt is not an image.'));
    expect(h.lastIntent()?.type).not.toBe('image/attach');
  });

  it('a dropped image goes to the host too', async () => {
    h.mount();
    h.emit(h.host.state(viewState()));
    const drop = createEvent.drop(composerInput());
    Object.defineProperty(drop, 'dataTransfer', {
      value: { files: [new File([PNG], 'drop.png', { type: 'image/png' })] },
    });
    fireEvent(composerInput(), drop);
    expect(drop.defaultPrevented).toBe(true);
    await waitFor(() => expect(h.lastIntent()).toMatchObject({ type: 'image/attach', payload: { name: 'drop.png' } }));
  });

  it('a waiting image shows as a thumbnail from the images folder; it alone makes a message; × removes it', async () => {
    document.getElementById('root')?.setAttribute('data-images', 'https://res.example/assets');
    h.mount();
    h.emit(h.host.state(viewState({ images: [shot] })));
    const thumbnail = await screen.findByRole('img', { name: 'shot.png' });
    expect(thumbnail.getAttribute('src')).toMatch(new RegExp(`/${SHA}\\.png$`));
    expect((screen.getByTestId('send') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Remove shot.png' }));
    expect(h.lastIntent()).toEqual({ type: 'context/remove', payload: { id: 'i1' } });
    h.emit(h.host.send('context/changed', { blocks: [] }));
    await waitFor(() => expect(screen.queryByTestId('image-chip')).toBeNull());
  });

  it('a sent message shows its images; a deleted one shows none', async () => {
    h.mount();
    const sent = viewMessage({ id: 'm1', role: 'user', speaker: 'user', content: 'look', images: [shot.image] });
    h.emit(h.host.state(viewState({}, [sent])));
    const image = await screen.findByRole('img', { name: 'shot.png' });
    expect(image.closest('[data-testid="message-images"]')).not.toBeNull();
  });
});
