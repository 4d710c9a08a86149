import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import { MAX_IMAGES_PER_MESSAGE } from '../limits/images';
import { type IntentResult, OK, refuse } from '../orchestrator/result';
import {
  MAX_CONTEXT_BLOCK_CHARS,
  MAX_CONTEXT_BLOCKS,
  type PendingContext,
  type PendingImage,
} from '../protocol/pendingContext';
import type { ContextBlock, ImageRef } from '../transcript/schema';

const TOO_MANY_IMAGES = `A message takes at most ${MAX_IMAGES_PER_MESSAGE} images; remove one first.`;

/** The place `reserveImage` holds for one image while the host stores it; freed by the first call of either. */
export interface ImageSlot {
  /** The image is stored: it joins the composer (the same image already waiting is not added again). */
  fill(image: ImageRef): IntentResult;
  /** The image was not stored (refused, or its write failed): its place is free again. */
  release(): void;
}

/** What waits in a composer, as a page is told of it: chips of editor context, and images (absent when none). */
export interface PendingItems {
  blocks: PendingContext[];
  images?: PendingImage[];
}

/**
 * One view's editor context waiting for the next message: chips added by "Add Selection to Chat", removed one by
 * one, and taken all at once by a message that is sent. It belongs to the view, not the thread (like a draft).
 *
 * Images wait beside the chips (pasted, dropped or attached, already stored), at most `MAX_IMAGES_PER_MESSAGE`,
 * each image once, and go with the same message.
 *
 * Invariants: at most `MAX_CONTEXT_BLOCKS` chips; no chip carries more than `MAX_CONTEXT_BLOCK_CHARS` of content
 * (a longer one is cut, with a note saying how much was left out); the same source (kind, path, range, and which
 * changes) is kept once, holding what it was last added with. The images waiting and those being stored (each
 * holding an `ImageSlot`) are at most `MAX_IMAGES_PER_MESSAGE`, so the host is never asked to store one past it.
 */
export class PendingContextBox extends Disposable {
  private chips: PendingContext[] = [];
  private images: PendingImage[] = [];
  /** Images given a place (`reserveImage`) that the host is still storing. */
  private storing = 0;
  private counter = 0;
  private readonly changeEmitter = this._register(new Emitter<PendingItems>());
  readonly onDidChange: Event<PendingItems> = this.changeEmitter.event;

  get current(): readonly PendingContext[] {
    return this.chips;
  }

  get currentImages(): readonly PendingImage[] {
    return this.images;
  }

  /**
   * Holds a place for an image the host is about to store, or refuses it: the count is checked before anything is
   * written, so a refused image leaves no file. It counts the images waiting and those still being stored, so adds
   * that arrive together cannot all pass it and together exceed the limit.
   *
   * Several images pasted, dropped or picked at once arrive one intent each, in order: the first that fit are taken
   * and each of the rest is refused with why. A user who picked six keeps the four they picked first, sees which
   * made it, and chooses what to swap, rather than losing all six for the two too many (the page cuts a batch the
   * same way before sending it; this holds when it could not know of images still on their way).
   */
  reserveImage(): { ok: true; slot: ImageSlot } | { ok: false; reason: string } {
    if (this.images.length + this.storing >= MAX_IMAGES_PER_MESSAGE) return { ok: false, reason: TOO_MANY_IMAGES };
    this.storing++;
    let held = true;
    // Frees the place once: a slot settled twice must not free another image's place.
    const free = () => {
      if (held) this.storing--;
      held = false;
    };
    return {
      ok: true,
      slot: {
        // Once freed, the image takes its place back only if it is still free (`addImage` counts again).
        fill: (image) => {
          free();
          return this.addImage(image);
        },
        release: free,
      },
    };
  }

  /** An image already stored joins the composer (once: the same image again is no new one). */
  addImage(image: ImageRef): IntentResult {
    if (this.images.some((i) => i.image.sha256 === image.sha256)) return OK;
    if (this.images.length + this.storing >= MAX_IMAGES_PER_MESSAGE) return refuse(TOO_MANY_IMAGES);
    this.images = [...this.images, { id: `i${++this.counter}`, image }];
    this.changed();
    return OK;
  }

  private changed(): void {
    this.changeEmitter.fire({
      blocks: [...this.chips],
      ...(this.images.length > 0 ? { images: [...this.images] } : {}),
    });
  }

  add(block: ContextBlock): IntentResult {
    const capped = capContent(block);
    const same = this.chips.findIndex((c) => sameSource(c.block, capped));
    if (same >= 0) {
      // Added again: what it holds now (the file, the working tree's changes or the problems may have changed).
      const chip = this.chips[same] as PendingContext;
      if (chip.block.content === capped.content) return OK;
      this.chips = this.chips.with(same, { id: chip.id, block: capped });
      this.changed();
      return OK;
    }
    if (this.chips.length >= MAX_CONTEXT_BLOCKS) {
      return refuse(`A message takes at most ${MAX_CONTEXT_BLOCKS} pieces of context; remove one first.`);
    }
    this.chips = [...this.chips, { id: `c${++this.counter}`, block: capped }];
    this.changed();
    return OK;
  }

  /** Takes out a chip or an image (their ids never collide). */
  remove(id: string): IntentResult {
    if (!this.chips.some((c) => c.id === id) && !this.images.some((i) => i.id === id)) return OK; // already gone
    this.chips = this.chips.filter((c) => c.id !== id);
    this.images = this.images.filter((i) => i.id !== id);
    this.changed();
    return OK;
  }

  /**
   * What the next message takes along: every chip, then the active file (when given and not already a chip's
   * whole file), at most `MAX_CONTEXT_BLOCKS` in all. `sent` empties the box once the message is accepted.
   */
  forMessage(activeFile: ContextBlock | undefined): { blocks: ContextBlock[]; images: ImageRef[]; sent: () => void } {
    const blocks = this.chips.map((c) => c.block);
    if (activeFile && !blocks.some((b) => b.kind === 'file' && b.path === activeFile.path)) {
      blocks.push(capContent(activeFile));
    }
    const taken = this.chips;
    const takenImages = this.images;
    return {
      blocks: blocks.slice(0, MAX_CONTEXT_BLOCKS),
      images: takenImages.map((i) => i.image),
      sent: () => {
        if (taken.length === 0 && takenImages.length === 0) return;
        this.chips = this.chips.filter((c) => !taken.includes(c));
        this.images = this.images.filter((i) => !takenImages.includes(i));
        this.changed();
      },
    };
  }
}

function sameSource(a: ContextBlock, b: ContextBlock): boolean {
  return (
    a.kind === b.kind &&
    a.path === b.path &&
    a.scope === b.scope &&
    a.range?.[0] === b.range?.[0] &&
    a.range?.[1] === b.range?.[1]
  );
}

/** A block whose content is at most `MAX_CONTEXT_BLOCK_CHARS`, cut at a line end where possible, with a note. */
export function capContent(block: ContextBlock, max = MAX_CONTEXT_BLOCK_CHARS): ContextBlock {
  if (block.content.length <= max) return block;
  const cut = block.content.lastIndexOf('\n', max);
  const kept = block.content.slice(0, cut > max / 2 ? cut + 1 : max);
  const leftOut = block.content.slice(kept.length);
  const lines = leftOut.split('\n').length - (leftOut.endsWith('\n') ? 1 : 0);
  const note = `[Roundtable cut this ${block.kind} here: ${lines.toLocaleString('en-US')} more line${lines === 1 ? '' : 's'} (${leftOut.length.toLocaleString('en-US')} characters) not included.]`;
  return { ...block, content: `${kept}${kept.endsWith('\n') ? '' : '\n'}${note}\n` };
}
