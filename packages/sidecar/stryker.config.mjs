// Mutation testing of the managed proxy's restart policy: `pnpm mutate` (slow; not part of .ci/run). The latest
// score and survivors are committed in mutation/; equivalent mutants, when any survive, are explained in
// mutation/equivalent.md.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: ['src/managed/restartPolicy.ts'],
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'mutation/report.json' },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
