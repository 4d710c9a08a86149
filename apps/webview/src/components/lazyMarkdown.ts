import { lazyModule } from '../lazy/lazyModule';
import { lazyView } from '../lazy/lazyView';

/**
 * The Markdown chunk (`markdownViews`): main.tsx starts loading it at boot and makes the `MarkdownModel`'s renderer
 * from it, so whenever a bubble has a renderer, the view below is already loaded and shows at once.
 */
export const markdownViews = lazyModule('the Markdown renderer', () => import('./markdownViews'));

/** A message's text as Markdown (see `MarkdownContent`); rendered only where there is a renderer. */
export const MarkdownContent = lazyView(markdownViews, (m) => m.MarkdownContent);
