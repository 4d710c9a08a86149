export { seededRandom } from '../base/seededRandom';
export { cliTurnForTests } from './cliTurnForTests';
export { type DisposableLeak, DisposableLeakTracker } from './DisposableLeakTracker';
export { FakeCliLauncher, FakeCliProcess } from './FakeCliLauncher';
export { FakeClock } from './FakeClock';
export {
  anyValue,
  applyFieldMutation,
  type FieldMutation,
  fieldMutation,
  hostileLeaf,
  isContainer,
  mutantOf,
  pathsOf,
  SPECIAL_KEYS,
} from './hostileValues';
export { MemoryThreadRepository, MemoryThreadStorage } from './MemoryThreadRepository';
export { RecordingLogger } from './RecordingLogger';
export { type ScriptedCall, ScriptedChat } from './ScriptedChat';
export { testDialect } from './testDialect';
export { playTwoWindows, type Side, type TwoWindowsResult, type WindowOp, type WindowStorage } from './twoWindows';
export { convergenceProblems, windowOps } from './windowOps';
