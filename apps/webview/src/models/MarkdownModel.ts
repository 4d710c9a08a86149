import { batch, signal } from '@preact/signals';

export type RenderMarkdown = (markdown: string) => string;

/**
 * Holds the Markdown renderer, which lives in a lazy chunk so the main chunk stays small. main.tsx starts
 * the import at boot, in parallel with the `ready` round trip; the view waits for it to settle before it
 * shows the transcript, so messages never flash as plain text and then re-render. If the chunk cannot load
 * (a broken install, a CSP without `cspSource` in script-src), the view still works and shows plain text.
 */
export class MarkdownModel {
  readonly renderer = signal<RenderMarkdown | undefined>(undefined);
  /** True once loading finished, successfully or not. */
  readonly settled = signal(false);

  constructor(load: () => Promise<RenderMarkdown>) {
    load().then(
      (render) => this.settle(render),
      (error: unknown) => {
        console.error('[roundtable] could not load the Markdown renderer; showing plain text', error);
        this.settle(undefined);
      },
    );
  }

  /** A model whose renderer is already there (tests, or a build that bundles it eagerly). */
  static loaded(render: RenderMarkdown): MarkdownModel {
    const model = new MarkdownModel(() => new Promise(() => {}));
    model.settle(render);
    return model;
  }

  private settle(render: RenderMarkdown | undefined): void {
    batch(() => {
      this.renderer.value = render;
      this.settled.value = true;
    });
  }
}
