// Entry of dist/threadTools.js: switching, renaming, deleting, exporting and importing threads, and the diagnostics
// report. None of it is needed to chat, so it is loaded the first time one of those commands runs, not at activation.
export { diagnosticsReport } from '../diagnostics';
export { providerReport } from '../proxy/providerHealth';
export { deleteThread, exportThread, importThread, renameThread, switchThread } from './threadTools';
