import {
  type HostMessageType,
  type HostToWebview,
  hostMessage,
  type PendingContext,
  type ViewMessage,
  viewSignal,
  type WebviewMessageType,
  type WebviewToHost,
} from '../../src/protocol/messages';
import type { TurnPlan } from '../../src/transcript/plan';

// One valid message of every type of the webview protocol, both directions: where the protocol's fuzz tests start.

// ---- one valid message of every type -----------------------------------------------------------------------

const AT = '2026-03-01T12:00:00.000Z';
const T = 'thread-1';

export const intents: { [K in WebviewMessageType]: Extract<WebviewToHost, { type: K }> } = {
  'view/ready': viewSignal('view/ready') as Extract<WebviewToHost, { type: 'view/ready' }>,
  'view/resync': viewSignal('view/resync') as Extract<WebviewToHost, { type: 'view/resync' }>,
  'chat/send': { v: 2, type: 'chat/send', requestId: 'r', payload: { threadId: T, text: 'hi', targets: ['claude'] } },
  'chat/stop': { v: 2, type: 'chat/stop', requestId: 'r', payload: { threadId: T } },
  'context/remove': { v: 2, type: 'context/remove', requestId: 'r', payload: { id: 'c1' } },
  'image/attach': { v: 2, type: 'image/attach', requestId: 'r', payload: { name: 'a.png', data: 'iVBORw0KGgo=' } },
  'files/find': { v: 2, type: 'files/find', requestId: 'r', payload: { query: 'retr' } },
  'chat/estimate': { v: 2, type: 'chat/estimate', requestId: 'r', payload: { threadId: T, text: '@all why?' } },
  'context/addFile': { v: 2, type: 'context/addFile', requestId: 'r', payload: { path: 'src/retry.ts' } },
  'turn/continue': { v: 2, type: 'turn/continue', requestId: 'r', payload: { threadId: T } },
  'turn/dismiss': { v: 2, type: 'turn/dismiss', requestId: 'r', payload: { threadId: T } },
  'turn/anotherRound': { v: 2, type: 'turn/anotherRound', requestId: 'r', payload: { threadId: T } },
  'turn/discussDisputes': {
    v: 2,
    type: 'turn/discussDisputes',
    requestId: 'r',
    payload: { threadId: T, messageId: 'm' },
  },
  'turn/reviewAnyway': {
    v: 2,
    type: 'turn/reviewAnyway',
    requestId: 'r',
    payload: { threadId: T, planId: 'p' },
  },
  'chat/setTarget': { v: 2, type: 'chat/setTarget', requestId: 'r', payload: { threadId: T, participantId: 'gpt' } },
  'chat/setMode': { v: 2, type: 'chat/setMode', requestId: 'r', payload: { threadId: T, mode: 'council' } },
  'message/review': {
    v: 2,
    type: 'message/review',
    requestId: 'r',
    payload: { threadId: T, messageId: 'm1', groupId: 'reviewers' },
  },
  'thread/new': { v: 2, type: 'thread/new', requestId: 'r', payload: {} },
  'thread/open': { v: 2, type: 'thread/open', requestId: 'r', payload: { threadId: T } },
  'message/retry': { v: 2, type: 'message/retry', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'message/delete': { v: 2, type: 'message/delete', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'message/regenerateAs': {
    v: 2,
    type: 'message/regenerateAs',
    requestId: 'r',
    payload: { threadId: T, messageId: 'm1', participantId: 'gpt' },
  },
  'message/prompt': { v: 2, type: 'message/prompt', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'message/continue': { v: 2, type: 'message/continue', requestId: 'r', payload: { threadId: T, messageId: 'm1' } },
  'storage/retry': { v: 2, type: 'storage/retry', requestId: 'r', payload: { threadId: T } },
  'storage/reveal': { v: 2, type: 'storage/reveal', requestId: 'r', payload: { threadId: T } },
  'link/open': { v: 2, type: 'link/open', requestId: 'r', payload: { url: 'https://example.com' } },
  'view/cspViolation': {
    v: 2,
    type: 'view/cspViolation',
    requestId: 'r',
    payload: { directive: 'script-src', blocked: 'inline', sample: '' },
  },
  'terms/dismiss': { v: 2, type: 'terms/dismiss', requestId: 'r', payload: {} },
  'code/insert': { v: 2, type: 'code/insert', requestId: 'r', payload: { code: 'x()' } },
  'code/newFile': { v: 2, type: 'code/newFile', requestId: 'r', payload: { code: 'x()', language: 'ts' } },
  'change/review': { v: 2, type: 'change/review', requestId: 'r', payload: { info: 'diff', code: '--- a/x\n' } },
  'change/apply': { v: 2, type: 'change/apply', requestId: 'r', payload: { info: 'ts a.ts', code: 'x\n' } },
  'change/compare': {
    v: 2,
    type: 'change/compare',
    requestId: 'r',
    payload: { threadId: 't', messageId: 'm', info: 'ts a.ts', code: 'x\n' },
  },
  'sidecar/actions': { v: 2, type: 'sidecar/actions', requestId: 'r', payload: {} },
  'seat/reset': { v: 2, type: 'seat/reset', requestId: 'r', payload: { participantId: 'claude' } },
  'seat/fix': { v: 2, type: 'seat/fix', requestId: 'r', payload: { participantId: 'claude' } },
};

const reply: ViewMessage = {
  id: 'm1',
  role: 'assistant',
  speaker: 'claude',
  content: 'Hi',
  status: 'complete',
  createdAt: AT,
};
const entry = { id: T, title: 'A thread', updatedAt: AT, messageCount: 1, busy: false };
const claude = { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true };
const plan: TurnPlan = {
  id: 'p1',
  createdAt: AT,
  kind: 'review',
  mode: 'discuss',
  question: 'm0',
  target: 'm1',
  round: 1,
  steps: [{ kind: 'review', seats: ['gpt'], reads: 'target', names: 'anonymised', concurrency: 1 }],
  letters: { claude: 'A' },
};
const block: PendingContext = {
  id: 'c1',
  block: { kind: 'selection', path: 'a.ts', range: [1, 2], content: 'x', language: 'ts' },
};

export const hostMessages: { [K in HostMessageType]: Extract<HostToWebview, { type: K }> } = {
  'view/state': hostMessage('view/state', 0, T, {
    thread: {
      id: T,
      title: 'A thread',
      createdAt: AT,
      updatedAt: AT,
      busy: false,
      messages: [reply],
      mode: 'council',
      plans: [plan],
    },
    participants: [claude],
    groups: [{ id: 'reviewers', displayName: '@reviewers', members: ['claude'], mode: 'council' }],
    defaultTarget: 'claude',
    sidecar: { state: 'downloading', detail: 'Downloading', receivedBytes: 10, totalBytes: 100 },
    seats: { claude: { kind: 'cooling', until: 1, reason: 'quota', canReset: true } },
    saveProblems: [{ threadId: T, title: 'A thread', reason: 'disk full' }],
    termsNotice: 'full',
    turn: {
      state: 'running',
      mode: 'council',
      step: 'review',
      stepIndex: 1,
      stepCount: 3,
      responders: ['claude', 'gpt'],
      answering: ['gpt'],
      done: 1,
      concurrent: true,
    },
    context: [block],
    spending: {
      gpt: {
        today: { requests: 2, inputTokens: 50, outputTokens: 7 },
        last5h: { requests: 0, inputTokens: 0, outputTokens: 0 },
      },
    },
  }) as Extract<HostToWebview, { type: 'view/state' }>,
  'message/added': { v: 2, seq: 1, threadId: T, type: 'message/added', payload: { message: reply, index: 1 } },
  'threads/listed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'threads/listed',
    payload: { entries: [entry, { ...entry, id: 'broken', unreadable: 'not JSON' }], total: 1 },
  },
  'message/patched': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'message/patched',
    payload: {
      messageId: 'm1',
      append: { text: '!', offset: 2 },
      status: 'error',
      error: 'e',
      usage: null,
      timing: { firstTokenMs: 5, totalMs: 9 },
    },
  },
  'threads/changed': { v: 2, seq: 1, threadId: T, type: 'threads/changed', payload: { entry } },
  'threads/removed': { v: 2, seq: 1, threadId: T, type: 'threads/removed', payload: { threadId: 'old' } },
  'table/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'table/changed',
    payload: { participants: [claude], groups: [], defaultTarget: null, mode: 'discuss' },
  },
  'plan/added': { v: 2, seq: 1, threadId: T, type: 'plan/added', payload: { plan } },
  'sidecar/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'sidecar/changed',
    payload: { state: 'backoff', detail: 'x', retryAt: 5 },
  },
  'seats/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'seats/changed',
    payload: { gpt: { kind: 'needs-login', provider: 'codex' } },
  },
  'context/changed': { v: 2, seq: 1, threadId: T, type: 'context/changed', payload: { blocks: [block] } },
  'files/found': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'files/found',
    payload: { query: 'retr', files: ['src/retry.ts', 'lib/r-e-t-r.ts'] },
  },
  'cost/estimated': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'cost/estimated',
    payload: {
      requestId: 'r',
      cost: { kind: 'sends', mode: 'discuss', seats: ['claude', 'gpt'], requests: 2, most: 6, rounds: 3 },
    },
  },
  'turn/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'turn/changed',
    payload: {
      turn: {
        state: 'answered',
        speakers: ['claude', 'gpt'],
        round: 1,
        maxRounds: 3,
        mode: 'council',
        agreed: { plan: 'p', answer: '42', seats: 2, saved: 3 },
      },
    },
  },
  'storage/changed': { v: 2, seq: 1, threadId: T, type: 'storage/changed', payload: { saveProblems: [] } },
  'spending/changed': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'spending/changed',
    payload: {
      seats: {
        claude: {
          today: { requests: 3, inputTokens: 1200, outputTokens: 300, estimated: true },
          last5h: { requests: 1, inputTokens: 400, outputTokens: 100 },
        },
      },
    },
  },
  'terms/changed': { v: 2, seq: 1, threadId: T, type: 'terms/changed', payload: { notice: 'line' } },
  'composer/focus': { v: 2, seq: 1, threadId: T, type: 'composer/focus', payload: {} },
  'request/done': {
    v: 2,
    seq: 1,
    threadId: T,
    type: 'request/done',
    payload: { requestId: 'r', ok: false, reason: 'no' },
  },
};
