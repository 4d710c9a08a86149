// Changes a reply proposes (unified diffs, and blocks holding a named file's whole new content): read, applied
// all-or-nothing to the file as it is now, found across a thread's replies, where their paths may point, and whether
// a block naming its file is the whole of it. A subpath
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
  isRename,
  type ParsedChange,
  parseProposedChange,
  sourceOf,
} from './proposedChange';
export { elidedLine, type Wholeness, wholeness } from './wholeFile';
export { windowsNameProblem } from './windowsNames';
export { workspacePath } from './workspacePath';
