// Entry of dist/context.js: what the editor adds to a message as context (the selection, the active file, a file
// picked from the workspace, the working tree's changes, the problems). Loaded the first time one of those is asked
// for, not at activation; kept apart from the thread tools so that adding context never loads them. Nothing here may
// import a runtime value from @roundtable/core: that would bring a second copy of zod (the host passes the limits in).
export { editorFileContext, editorSelectionContext } from './editorContext';
export { pickChangesContext } from './pickChangesContext';
export { pickFileContext } from './pickFileContext';
export { pickProblemsContext } from './pickProblemsContext';
