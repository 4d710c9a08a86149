export {
  describeErrorBody,
  describeStreamErrorPayload,
  type HeadersLike,
  isAuthUnavailable,
} from './describeErrorBody';
export { COOLING_WINDOW_MS, FailureMemory } from './failureMemory';
export { readBounded, STREAM_LIMITS, type StreamLimits } from './limits';
export { MIN_SECRET_FRAGMENT, REDACTED, redactSecret, redactSecrets } from './redactSecret';
export {
  DEFAULT_FIRST_BYTE_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STALL_MS,
  streamChatCompletion,
} from './streamChatCompletion';
export type {
  ChatCompletionRequest,
  ChatError,
  ChatErrorKind,
  ChatMessage,
  ImageLoader,
  StreamEvent,
  TokenUsage,
  WireMessage,
  WirePart,
} from './types';
export { wireMessages } from './wireMessages';
