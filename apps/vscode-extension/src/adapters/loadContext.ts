import { join } from 'node:path';
import type { editorFileContext, editorSelectionContext } from './editorContext';
import type { pickChangesContext } from './pickChangesContext';
import type { pickFileContext } from './pickFileContext';
import type { pickProblemsContext } from './pickProblemsContext';

/** What dist/context.js exports (see `contextBundle.ts`). */
export interface ContextBundle {
  editorFileContext: typeof editorFileContext;
  editorSelectionContext: typeof editorSelectionContext;
  pickFileContext: typeof pickFileContext;
  pickChangesContext: typeof pickChangesContext;
  pickProblemsContext: typeof pickProblemsContext;
}

/** The editor context's bundle, loaded on first use. A path esbuild does not follow, so it stays its own file. */
export function contextTools(): ContextBundle {
  return require(join(__dirname, 'context.js')) as ContextBundle;
}
