// Workspace files as the host offers them to the composer's `#` autocomplete. A subpath of its own
// (`@roundtable/core/files`): only the host's on-demand tools bundle it, never the code that starts a window.
export { rankFiles } from './rankFiles';
