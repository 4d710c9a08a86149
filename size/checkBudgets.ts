import type { Budget, SideBudgets } from '../budgets';
import { type ChunkGraph, chunkOf, duplicatedModules, lazySources, sizeOf, staticClosure } from './readChunkGraph';

/** What one line of the budget table measured, against its budget. */
export interface Measured {
  side: string;
  kind: 'moment' | 'feature';
  name: string;
  files: number;
  raw: number;
  gzip: number;
  budget: Budget;
}

export interface BudgetReport {
  rows: Measured[];
  /** Why the build breaks the table: a line over budget, a lazy chunk with no line, a module in two chunks. */
  problems: string[];
}

/**
 * Measures a side's build (its chunk graph, read from `folder`) against its part of the table: every moment (the
 * entry, what it imports statically, and each lazy feature the moment names with what that imports statically, each
 * chunk once), every lazy feature (what its import adds to the entry's, and to its `after` features', a claim
 * checked against who imports it), every `import()` target of the build (each
 * must have its line), and no module in two chunks.
 */
export function checkSide(side: string, budgets: SideBudgets, graph: ChunkGraph, folder: string): BudgetReport {
  const problems: string[] = [];
  const rows: Measured[] = [];
  const entry = staticClosure(graph, [chunkOf(graph, budgets.entry)]);
  const featureFiles = (source: string) => staticClosure(graph, [chunkOf(graph, source)]);
  const measure = (kind: Measured['kind'], name: string, files: Set<string>, budget: Budget) => {
    const size = sizeOf(folder, files);
    rows.push({ side, kind, name, files: files.size, ...size, budget });
    if (size.raw > budget.raw) problems.push(`${side} ${kind} "${name}": ${size.raw} B, over its ${budget.raw} B`);
    if (size.gzip > budget.gzip) {
      problems.push(`${side} ${kind} "${name}": ${size.gzip} B gzip, over its ${budget.gzip} B`);
    }
  };
  for (const [name, moment] of Object.entries(budgets.moments)) {
    const files = new Set(entry);
    for (const feature of moment.loads) {
      if (!budgets.features[feature]) problems.push(`${side} moment "${name}" loads ${feature}, which has no line`);
      for (const file of featureFiles(feature)) files.add(file);
    }
    measure('moment', name, files, moment);
  }
  // What loading a feature brings: its files, and those of the features it always comes after (and theirs in turn).
  const loadedWith = (feature: string, seen = new Set<string>()): Set<string> => {
    const files = new Set(featureFiles(feature));
    if (seen.has(feature)) return files;
    seen.add(feature);
    for (const earlier of budgets.features[feature]?.after ?? []) {
      for (const file of loadedWith(earlier, seen)) files.add(file);
    }
    return files;
  };
  for (const [source, budget] of Object.entries(budgets.features)) {
    const before = new Set(entry);
    for (const earlier of budget.after ?? []) {
      if (!budgets.features[earlier])
        problems.push(`${side} feature "${source}" comes after ${earlier}, which has no line`);
      const loaded = loadedWith(earlier);
      // The claim holds only if nothing else imports it: every chunk that does is part of what `earlier` loads.
      const importers = Object.entries(graph.chunks)
        .filter(([, chunk]) => chunk.dynamicImports.includes(chunkOf(graph, source)))
        .map(([file]) => file);
      const elsewhere = importers.filter((file) => !loaded.has(file));
      if (elsewhere.length > 0) {
        problems.push(
          `${side} feature "${source}" is not always after ${earlier}: it is also imported from ${elsewhere.join(' and ')}`,
        );
      }
      for (const file of loaded) before.add(file);
    }
    measure('feature', source, new Set([...featureFiles(source)].filter((file) => !before.has(file))), budget);
  }
  for (const source of lazySources(graph)) {
    if (!budgets.features[source]) problems.push(`${side}: ${source} is loaded by an import() and has no budget line`);
  }
  for (const [id, files] of duplicatedModules(graph)) problems.push(`${side}: ${id} is in ${files.join(' and ')}`);
  return { rows, problems };
}

/** One line per measure, with its change from the figures of the last build measured (when known). */
export function describeRows(rows: readonly Measured[], last: Readonly<Record<string, number>>): string[] {
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const change = (key: string, now: number) => {
    const before = last[key];
    if (before === undefined || before === now) return '';
    return ` (${now > before ? '+' : ''}${now - before} B)`;
  };
  return rows.map((r) => {
    const key = `${r.side} ${r.name}`;
    return `${r.side} ${r.kind} ${r.name}: ${kib(r.raw)}${change(`${key} raw`, r.raw)} of ${kib(r.budget.raw)}, ${kib(r.gzip)} gzip${change(`${key} gzip`, r.gzip)} of ${kib(r.budget.gzip)} (${r.files} files)`;
  });
}

/** The figures of `rows`, keyed as `describeRows` reads them back. */
export function figuresOf(rows: readonly Measured[]): Record<string, number> {
  return Object.fromEntries(
    rows.flatMap((r) => [
      [`${r.side} ${r.name} raw`, r.raw],
      [`${r.side} ${r.name} gzip`, r.gzip],
    ]),
  );
}
