// Changes a reply proposes as unified diffs: read, applied all-or-nothing to the file as it is now, and where their
// paths may point. A subpath of its own (`@roundtable/core/patches`), so only code that reviews or applies a change
// bundles the diff library.
export {
  type AppliedChange,
  applyFileChange,
  type FileChange,
  type ParsedChange,
  parseProposedChange,
} from './proposedChange';
export { workspacePath } from './workspacePath';
