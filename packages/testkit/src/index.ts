export { buildCompletion, buildStreamChunks, type ReplyShape } from './chunkStyles';
export { buildEchoReply, type EchoMessage, splitIntoPieces } from './echoReply';
export { type ErrorScenario, fakeErrors, goDuration } from './errorScenarios';
export {
  type FakeProxy,
  type FakeProxyOptions,
  type RecordedRequest,
  type ResponseOutcome,
  startFakeProxy,
} from './fakeProxy';
export { type ChunkStyle, DEFAULT_MODELS, type ModelEntry, styleForModel } from './models';
export {
  DEFAULT_MID_STREAM_ERROR,
  type FlakyScenario,
  findMarker,
  type MidStreamErrorScenario,
  markerScenarios,
  type NoDoneScenario,
  type RawScenario,
  type ReplyOptions,
  type ReplyScenario,
  type Scenario,
  type SlowFirstByteScenario,
  type StallScenario,
} from './scenarios';
