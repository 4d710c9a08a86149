// Changes a reply proposes (unified diffs, and blocks holding a named file's whole new content): read, applied
// all-or-nothing to the file as it is now, found across a thread's replies, and where their paths may point. A subpath
// of its own (`@roundtable/core/patches`), so only code that reviews or applies a change bundles the diff library.
export {
  type ChangeBlock,
  changeBlocksIn,
  changedFiles,
  diffFiles,
  type Fenced,
  fencedBlocks,
  readChangeBlock,
} from './changeBlocks';
export { type OtherProposal, otherProposals, type ProposingMessage, wholeFileText } from './proposals';
export {
  type AppliedChange,
  applyFileChange,
  type FileChange,
  fileAfter,
  type ParsedChange,
  parseProposedChange,
} from './proposedChange';
export { windowsNameProblem } from './windowsNames';
export { workspacePath } from './workspacePath';
