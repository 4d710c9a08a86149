export { bundleForChild, removeChildBundle } from './bundleForChild';
export { buildCompletion, buildStreamChunks, type ReplyShape } from './chunkStyles';
export {
  type Behaviour,
  CONFORMANCE_MODELS,
  type ProxyTarget,
  realTargetAvailability,
  startFakeTarget,
  startRealTarget,
  type TargetOptions,
} from './conformance/targets';
export { describeRealOnly, forEachTarget, REQUIRE_REAL_PROXY } from './conformance/useTarget';
export { echoedKeyBody, goJsonString, keyFragmentsIn } from './echoedKey';
export { buildEchoReply, type EchoMessage, splitIntoPieces } from './echoReply';
export { type ErrorScenario, fakeErrors, goDuration } from './errorScenarios';
export {
  type FakeProxy,
  type FakeProxyOptions,
  type RecordedRequest,
  type ResponseOutcome,
  startFakeProxy,
} from './fakeProxy';
export { type Cleanups, isolated } from './isolated';
export { type ChunkStyle, DEFAULT_MODELS, type ModelEntry, styleForModel } from './models';
export { readBody } from './readBody';
export { describeRealModel } from './real/describeRealModel';
export { type FakeUpstream, startFakeUpstream, type UpstreamScenario } from './real/fakeUpstream';
export {
  findPython,
  installRealModel,
  REAL_MODEL_WHEELS,
  realModelCache,
  realModelPython,
  venvPython,
} from './real/realModelInstall';
export {
  DEFAULT_ALIASES,
  REQUIRE_REAL_MODEL,
  type RealModel,
  type RealModelOptions,
  startRealModel,
} from './real/realModelServer';
export {
  freePort,
  NO_EGRESS,
  REAL_PROXY_VERSION,
  type RealProxy,
  type RealProxyOptions,
  realProxyBinary,
  startRealProxy,
} from './real/realProxy';
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
