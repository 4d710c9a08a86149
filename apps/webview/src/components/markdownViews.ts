// The Markdown chunk, loaded at boot in parallel with the host's first state (see `lazyMarkdown`): markdown-it with
// what renders a reply's change blocks, and the views that show rendered Markdown (block by block, in runs the
// browser skips off screen, code highlighted in idle time). Nothing here is needed before there is a renderer: until
// then a reply shows as text.
export { rendererFor } from '../markdown/changeRenderers';
export { MarkdownContent } from './MarkdownContent';
