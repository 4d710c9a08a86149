import { batch, signal } from '@preact/signals';

export type RenderMarkdown = ((markdown: string) => string) & {
  /** One reply's renderer, its change blocks' actions worked out (`rendererFor`); reading it subscribes to those. */
  of?: (messageId: string) => RenderMarkdown;
};

/** How long the view waits for the renderer before it shows the transcript as text (it loads in milliseconds). */
export const MARKDOWN_GRACE_MS = 250;

/**
 * Holds the Markdown renderer, which lives in a lazy chunk so the main chunk stays small and the first transcript
 * needs only the main chunk. main.tsx starts the import at boot, in parallel with the `ready` round trip; the view
 * waits for it a moment (`graceMs`) so messages do not flash as text and then re-render, but never longer: after
 * that it shows them as text, and as Markdown once the renderer arrives. If the chunk cannot load (a broken install,
 * a CSP without `cspSource` in script-src), the view still works and shows plain text.
 */
export class MarkdownModel {
  readonly renderer = signal<RenderMarkdown | undefined>(undefined);
  /** True once loading finished, successfully or not, or the grace period is over. */
  readonly settled = signal(false);

  constructor(load: () => Promise<RenderMarkdown>, graceMs = MARKDOWN_GRACE_MS) {
    this.grace = setTimeout(() => (this.settled.value = true), graceMs);
    load().then(
      (render) => this.settle(render),
      (error: unknown) => {
        console.error('[roundtable] could not load the Markdown renderer; showing plain text', error);
        this.settle(undefined);
      },
    );
  }

  private readonly grace: ReturnType<typeof setTimeout>;

  /** A model whose renderer is already there (tests, or a build that bundles it eagerly). */
  static loaded(render: RenderMarkdown): MarkdownModel {
    const model = new MarkdownModel(() => new Promise(() => {}));
    model.settle(render);
    return model;
  }

  private settle(render: RenderMarkdown | undefined): void {
    clearTimeout(this.grace);
    batch(() => {
      this.renderer.value = render;
      this.settled.value = true;
    });
  }
}
