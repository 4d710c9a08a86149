import { lazyModule } from '../lazy/lazyModule';
import { lazyView } from '../lazy/lazyView';
import type { ChatModel } from '../models/ChatModel';
import { Icon } from './icons';

// Images in the composer and in messages, in a chunk of their own: an ordinary thread never loads it. The page's only
// part in it before the chunk arrives: a paste or drop that carries files is taken (and kept from the textarea).

export const imageViews = lazyModule('the image views', () => import('./imageViews'));
export const ImageChips = lazyView(imageViews, (m) => m.ImageChips);
export const MessageImages = lazyView(imageViews, (m) => m.MessageImages);

/** Paste or drop: files go to the image chunk (which reads, scales and hands them on); text is left to the box. */
export function takeImages(event: Event, data: DataTransfer | null, chat: ChatModel): void {
  const files = [...(data?.files ?? [])];
  if (files.length === 0) return;
  event.preventDefault();
  attachLater(files, chat);
}

/** Hands files to the image chunk, loading it first (the first image a page takes loads it). */
function attachLater(files: readonly File[], chat: ChatModel): void {
  void imageViews.load().then((m) => m.attachFiles(files, chat));
}

/** Takes files dropped on `target` (the composer) as pasted ones; the returned function stops listening. */
export function acceptDrops(target: HTMLElement | null, chat: ChatModel): (() => void) | undefined {
  if (!target) return undefined;
  const over = (event: Event) => event.preventDefault();
  const drop = (event: Event) => takeImages(event, (event as DragEvent).dataTransfer, chat);
  target.addEventListener('dragover', over);
  target.addEventListener('drop', drop);
  return () => {
    target.removeEventListener('dragover', over);
    target.removeEventListener('drop', drop);
  };
}

/** The attach button: a file picker for images, in the chunk once clicked. */
export function AttachImage({ chat }: { chat: ChatModel }) {
  return (
    <label class="button-secondary icon-button attach-image" title="Attach images (or paste or drop them into the box)">
      <span class="visually-hidden">Attach images</span>
      <Icon name="add" />
      <input
        type="file"
        class="visually-hidden"
        data-testid="attach-image"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        onChange={(event) => {
          const input = event.currentTarget;
          const files = [...(input.files ?? [])];
          input.value = '';
          if (files.length > 0) attachLater(files, chat);
        }}
      />
    </label>
  );
}
