// Entry of dist/threadTools.js: switching, renaming, deleting, exporting and importing threads, the diagnostics
// report, the host's actions for a view (links, reveal, code into an editor, seats), and what some commands ask the
// user. None of it is needed for a window's first chat state, so it is loaded the first time one of those runs, not
// at activation. The seats on the official CLIs (`clisBundle.ts`) and the editor's context (`contextBundle.ts`) have
// bundles of their own: what the thread tools show of a CLI (the diagnostics' lines, the pill's) comes through the
// host's `CliSeats`, which loads the CLIs' bundle, and a seat's Install page is a constant of core's.
export { seatFixes } from '../clis/seatFixes';
export { askProxyAccessKey, pickDiscussionMode } from '../commandPickers';
export { showDiagnostics } from '../showDiagnostics';
export { chooseProxyMode } from '../sidecar/chooseProxyMode';
export { pickSidecarAction } from '../sidecar/pickSidecarAction';
export { createHostActions } from '../webview/hostActions';
export { deleteThread, exportThread, importThread, renameThread, switchThread } from './threadTools';
