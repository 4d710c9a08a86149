// The public API of @roundtable/core, by name. Internals (the delta batcher, the save scheduler, the thread
// document) are not exported: consumers reach them through the orchestrator and the store.

export { errorMessage } from './base/errors';
export { Emitter, type Event } from './base/event';
export {
  Disposable,
  DisposableStore,
  type DisposableTracker,
  type IDisposable,
  MutableDisposable,
  markAsDisposed,
  markAsSingleton,
  setDisposableTracker,
  setParentOfDisposable,
  toDisposable,
  trackDisposable,
} from './base/lifecycle';
export { RateGate, truncateText } from './base/rateGate';
export { withSyntheses } from './council/readSynthesis';
export { unreadSyntheses } from './council/synthesisStep';
export * from './images';
export {
  type ChatCompletionRequest,
  type ChatError,
  type ChatErrorKind,
  type ChatMessage,
  DEFAULT_FIRST_BYTE_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_STALL_MS,
  describeErrorBody,
  describeStreamErrorPayload,
  FailureMemory,
  type HeadersLike,
  type ImageLoader,
  MIN_SECRET_FRAGMENT,
  REDACTED,
  readBounded,
  redactSecret,
  redactSecrets,
  STREAM_LIMITS,
  type StreamEvent,
  type StreamLimits,
  streamChatCompletion,
  type TokenUsage,
  type WireMessage,
  wireMessages,
} from './llm';
export { MAX_TITLE_CHARS, Orchestrator, type OrchestratorDeps } from './orchestrator/Orchestrator';
export type { BuiltPrompt, ChatBackend, ChatRequest, PromptAssembler } from './orchestrator/ports';
export { type IntentResult, OK, type RefusalAction, refuse } from './orchestrator/result';
export { DEFAULT_ORCHESTRATOR_SETTINGS, type OrchestratorSettings } from './orchestrator/settings';
export type { Table } from './orchestrator/Table';
export type { TurnProgress, TurnProgressChange } from './orchestrator/TurnProgress';
export type { TurnFailure, TurnRunner } from './orchestrator/TurnRunner';
export { MAX_GROUPS, parseGroupSettings, SeatGroup } from './participants/groups';
export {
  MAX_PARTICIPANTS,
  ParticipantConfig,
  type ParticipantSettingsResult,
  ProviderId,
  parseParticipantSettings,
} from './participants/participant';
export {
  boundEntries,
  MAX_PROBLEM_LINES,
  MAX_SETTING_ENTRIES,
  settingListProblems,
} from './participants/settingList';
export {
  type Clock,
  type FetchLike,
  type IdGenerator,
  type Logger,
  randomIds,
  silentLogger,
  systemClock,
} from './ports';
export {
  type AssembledPrompt,
  type AssemblePromptInput,
  assemblePrompt,
  describePrompt,
  displayNameOf,
  OMISSION_MARKER,
  type PromptDocument,
} from './prompt';
export { parseMentions, type RouteDecision, type RouteInput, route } from './router';
export {
  JOURNAL_VERSION,
  type JournalLineRead,
  journalEntry,
  journalLine,
  parseJournalLine,
  type Replayed,
  replayJournal,
} from './store/journal';
export type { MessagePatch } from './store/messagePatch';
export type {
  FirstStoredThreads,
  LoadResult,
  Revision,
  SaveResult,
  StoredThreadList,
  StoredThreadsChange,
  ThreadRepository,
  UnreadableThread,
} from './store/ports';
export { SAVE_TIMING, type SaveTiming } from './store/saveScheduler';
export type {
  OpenResult,
  SaveProblem,
  ThreadChange,
  ThreadLease,
  ThreadSnapshot,
  ThreadStore,
} from './store/ThreadStore';
export { mergeTranscripts } from './transcript/merge';
export { compareMessages } from './transcript/order';
export { parseTranscript, type TranscriptParseResult } from './transcript/parseTranscript';
export { DiscussionMode, type SpeakingOrder, type TurnPlan } from './transcript/plan';
export {
  ChangesScope,
  ContextBlock,
  ImageRef,
  Message,
  MessageRole,
  MessageStatus,
  ParticipantId,
  SYSTEM_SPEAKER,
  ThreadSummary,
  TRANSCRIPT_VERSION,
  type Transcript,
  TranscriptShape,
  USER_SPEAKER,
  Usage,
} from './transcript/schema';
export { deriveTitle, summarize } from './transcript/summary';
export { newestFirst, UNTITLED_THREAD } from './transcript/threadList';
export {
  ChatViewController,
  type ChatViewDeps,
  type HostActions,
  type StatusSource,
} from './views/ChatViewController';
export { handleIntent } from './views/handleIntent';
