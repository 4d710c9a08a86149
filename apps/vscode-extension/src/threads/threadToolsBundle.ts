// Entry of dist/threadTools.js: switching, renaming, deleting, exporting and importing threads. None of it is needed
// to chat, so it is loaded the first time one of those commands runs, not at activation.
export { deleteThread, exportThread, importThread, renameThread, switchThread } from './threadTools';
