// Entry of dist/changes.js: what a reply's proposed changes need when the user clicks one of a change block's buttons
// (Review change, Apply, Compare proposals): the diff library, the reading of change blocks, and VS Code's diff editor
// and workspace edits. Loaded by the thread tools' host actions on the first click, so neither activation nor the
// thread tools parse it.
export { compareProposedChanges } from '../adapters/compareProposals';
export { applyProposedChange, reviewProposedChange } from '../adapters/proposedChanges';
