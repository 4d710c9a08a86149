import { join } from 'node:path';
import type { seatFixes } from '../clis/seatFixes';
import type { askProxyAccessKey, pickDiscussionMode } from '../commandPickers';
import type { showDiagnostics } from '../showDiagnostics';
import type { chooseProxyMode } from '../sidecar/chooseProxyMode';
import type { pickSidecarAction } from '../sidecar/pickSidecarAction';
import type { createHostActions } from '../webview/hostActions';
import type { deleteThread, exportThread, importThread, renameThread, switchThread } from './threadTools';

/** What dist/threadTools.js exports (see `threadToolsBundle.ts`). */
export interface ThreadToolsBundle {
  showDiagnostics: typeof showDiagnostics;
  createHostActions: typeof createHostActions;
  seatFixes: typeof seatFixes;
  askProxyAccessKey: typeof askProxyAccessKey;
  pickDiscussionMode: typeof pickDiscussionMode;
  chooseProxyMode: typeof chooseProxyMode;
  pickSidecarAction: typeof pickSidecarAction;
  switchThread: typeof switchThread;
  renameThread: typeof renameThread;
  deleteThread: typeof deleteThread;
  exportThread: typeof exportThread;
  importThread: typeof importThread;
}

/** The thread tools' bundle, loaded on first use. A path esbuild does not follow, so it stays its own file. */
export function threadTools(): ThreadToolsBundle {
  return require(join(__dirname, 'threadTools.js')) as ThreadToolsBundle;
}
