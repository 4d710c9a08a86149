// Entry of dist/threadTools.js: switching, renaming, deleting, exporting and importing threads, the diagnostics
// report, the host's actions for a view (links, reveal, code into an editor, seats), and what some commands ask the
// user. None of it is needed for a window's first chat state, so it is loaded the first time one of those runs, not
// at activation. The seats on the official CLIs too (`clisBundle.ts`), loaded the first time a CLI provider is
// checked or asked for a reply. The editor's context has a bundle of its own (`contextBundle.ts`).
export { chatOverCli, cliActions, cliRoute, disposeClis, openCliSignIn, setCliTurnsRoot } from '../clis/clisBundle';
export { seatFixes } from '../clis/seatFixes';
export { askProxyAccessKey, pickDiscussionMode } from '../commandPickers';
export { showDiagnostics } from '../showDiagnostics';
export { chooseProxyMode } from '../sidecar/chooseProxyMode';
export { pickSidecarAction } from '../sidecar/pickSidecarAction';
export { createHostActions } from '../webview/hostActions';
export { deleteThread, exportThread, importThread, renameThread, switchThread } from './threadTools';
