import type { ContextBlock } from './schema';

/** What kind of context a block is, as a reader says it: "File", "Selection", "Unstaged changes", "Problems". */
export function contextKindLabel(block: Pick<ContextBlock, 'kind' | 'scope'>): string {
  switch (block.kind) {
    case 'file':
      return 'File';
    case 'selection':
      return 'Selection';
    case 'changes':
      if (block.scope === 'unstaged') return 'Unstaged changes';
      return block.scope === 'staged' ? 'Staged changes' : 'Changes';
    case 'problems':
      return 'Problems';
  }
}

/**
 * Where a block comes from: its path (with the lines of a selection, `src/a.ts (lines 3-7)`), or "the workspace" for
 * the workspace's root (`.`), which only changes and problems can cover.
 */
export function contextPlace(block: Pick<ContextBlock, 'path' | 'range'>): string {
  const range = block.range ? ` (lines ${block.range[0]}-${block.range[1]})` : '';
  return `${block.path === '.' ? 'the workspace' : block.path}${range}`;
}
