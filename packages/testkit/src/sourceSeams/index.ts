// Checks of how a package's source hangs together, for its own suite: `@roundtable/testkit/seams`.
export { describeSourceSeams, testKitImports } from './describeSourceSeams';
export { importCycles } from './importCycles';
export { type RuntimeImport, readSourceGraph, type SourceGraph } from './readSourceGraph';
