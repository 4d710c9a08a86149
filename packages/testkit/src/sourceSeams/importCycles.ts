import type { RuntimeImport, SourceGraph } from './readSourceGraph';

/**
 * The import cycles of a graph, each written from its first file in sort order back to it, as
 * `src/a.ts -> src/b.ts -import()-> src/c.ts -> src/a.ts` (`-import()->` marks a lazy import: a cycle through
 * one is still a cycle, only one that closes later). Every import that lies on some cycle is on at least one
 * cycle named, and each named cycle is a shortest one through that import, so the list shows every import to
 * cut without listing the (possibly exponentially many) longer rings. Sorted, without repeats: `[]` when acyclic.
 */
export function importCycles(graph: Pick<SourceGraph, 'imports'>): string[] {
  const cycles = new Set<string>();
  for (const component of tangledComponents(graph.imports)) {
    for (const from of component) {
      for (const edge of graph.imports.get(from) ?? []) {
        if (!component.has(edge.file)) continue;
        const back = shortestPath(graph.imports, edge.file, from, component);
        if (back) cycles.add(written([edge, ...back]));
      }
    }
  }
  return [...cycles].sort();
}

/**
 * The strongly connected components with a cycle in them (more than one file, or a file that imports itself),
 * by Tarjan's algorithm, iteratively so that a long chain of imports cannot overflow the stack.
 */
function tangledComponents(imports: ReadonlyMap<string, readonly RuntimeImport[]>): Set<string>[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: Set<string>[] = [];
  for (const root of imports.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; next: number }[] = [{ file: root, next: 0 }];
    visit(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as { file: string; next: number };
      const edges = imports.get(top.file) ?? [];
      const edge = edges[top.next++];
      if (edge) {
        if (!index.has(edge.file)) {
          visit(edge.file);
          work.push({ file: edge.file, next: 0 });
        } else if (onStack.has(edge.file)) {
          low.set(top.file, Math.min(lowOf(top.file), indexOf(edge.file)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(lowOf(parent.file), lowOf(top.file)));
      if (lowOf(top.file) !== indexOf(top.file)) continue;
      const component = new Set<string>();
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.add(member);
      } while (member !== top.file);
      if (component.size > 1 || edges.some((own) => own.file === top.file)) found.push(component);
    }
  }
  return found;

  function visit(file: string): void {
    const order = index.size;
    index.set(file, order);
    low.set(file, order);
    stack.push(file);
    onStack.add(file);
  }
  function indexOf(file: string): number {
    return index.get(file) ?? 0;
  }
  function lowOf(file: string): number {
    return low.get(file) ?? 0;
  }
}

/** The imports of a shortest way from `start` to `goal` inside `within` (breadth first), or undefined if none. */
function shortestPath(
  imports: ReadonlyMap<string, readonly RuntimeImport[]>,
  start: string,
  goal: string,
  within: ReadonlySet<string>,
): RuntimeImport[] | undefined {
  if (start === goal) return [];
  const cameBy = new Map<string, { from: string; edge: RuntimeImport }>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const file = queue[head] as string;
    for (const edge of imports.get(file) ?? []) {
      if (!within.has(edge.file) || edge.file === start || cameBy.has(edge.file)) continue;
      cameBy.set(edge.file, { from: file, edge });
      if (edge.file === goal) return pathTo(goal);
      queue.push(edge.file);
    }
  }
  return undefined;

  function pathTo(file: string): RuntimeImport[] {
    const path: RuntimeImport[] = [];
    for (let step = cameBy.get(file); step; step = cameBy.get(step.from)) path.unshift(step.edge);
    return path;
  }
}

/**
 * A ring of imports, each into the file it names, the last back into the file the first leaves, written from its
 * first file in sort order, so that one cycle found from any of its imports is written the same way.
 */
function written(ring: readonly RuntimeImport[]): string {
  const first = ring.reduce((best, step, at) => ((ring[best] as RuntimeImport).file <= step.file ? best : at), 0);
  const turned = [...ring.slice(first + 1), ...ring.slice(0, first + 1)];
  return turned.reduce(
    (text, step) => `${text}${step.lazy ? ' -import()-> ' : ' -> '}${step.file}`,
    (ring[first] as RuntimeImport).file,
  );
}
