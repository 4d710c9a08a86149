// Mutation testing of the core's decision-making code: `pnpm mutate` (slow; not part of .ci/run). It runs one group
// of files at a time (STRYKER_GROUP picks one), each with its own report, so a group's result stands on its own.
// Each surviving mutant is killed by a test, removed as dead code, or explained as equivalent in
// mutation/equivalent.md; the latest scores and survivors are committed in mutation/. A group scoring under 85 %
// fails the run.
export const groups = {
  'routing-prompt-merge': [
    'src/router/route.ts',
    'src/router/parseMentions.ts',
    'src/router/describeRouting.ts',
    'src/router/describeUnrouted.ts',
    'src/prompt/assemblePrompt.ts',
    'src/prompt/fitToBudget.ts',
    'src/prompt/renderMessage.ts',
    'src/prompt/framing.ts',
    'src/prompt/renderContextBlock.ts',
    'src/transcript/merge.ts',
    'src/transcript/order.ts',
    'src/transcript/conversationOrder.ts',
  ],
  schema: ['src/transcript/schema.ts', 'src/transcript/parseTranscript.ts'],
  streaming: [
    'src/llm/streamChatCompletion.ts',
    'src/llm/sseReader.ts',
    'src/llm/interpretChunk.ts',
    'src/llm/describeErrorBody.ts',
    'src/llm/limits.ts',
  ],
};

const group = process.env.STRYKER_GROUP ?? 'routing-prompt-merge';
if (!groups[group]) throw new Error(`STRYKER_GROUP must be one of ${Object.keys(groups).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: groups[group],
  // Static mutants (module-level constants) need the whole suite per mutant; the schemas' messages are checked by
  // the parse tests anyway.
  ignoreStatic: true,
  concurrency: 2,
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 85, break: 85 },
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: `mutation/report-${group}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
