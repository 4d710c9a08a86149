/**
 * A rolldown plugin that collects into `into` every module the entry imports statically, transitively: what a window
 * runs before its first chat state. The build puts them in one chunk beside the entry, so that state reads two files,
 * not a file per combination of lazy features that share a module (each costs the ESM loader most of a millisecond).
 * Everything reached only through an `import()` stays out of it.
 */
export function firstStateModules(into) {
  return {
    name: 'roundtable:first-state-modules',
    buildEnd() {
      into.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const pending = [...entries];
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (into.has(id)) continue;
        into.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
