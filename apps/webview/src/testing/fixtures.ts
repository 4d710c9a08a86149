import {
  type HostMessageType,
  type HostPayload,
  type HostToWebview,
  hostMessage,
  type ShownThread,
  type ThreadListEntry,
  type TurnPlan,
  type ViewMessage,
  type ViewState,
} from '@roundtable/core/protocol';
import type { IntentAnswer } from '../models/Notices';

// Test data builders. Everything they return passes the protocol schemas (the fake transport validates).

const CREATED = '2026-11-30T12:00:00.000Z';

export function viewMessage(overrides: Partial<ViewMessage> & Pick<ViewMessage, 'id'>): ViewMessage {
  return {
    role: 'assistant',
    speaker: 'claude',
    content: '',
    status: 'complete',
    createdAt: CREATED,
    ...overrides,
  };
}

/**
 * A thread's earlier messages: `count` finished ones, questions and answers from two speakers, each a short
 * paragraph of Markdown with inline code and no fenced block (so nothing in them waits to be highlighted).
 */
export function priorMessages(count: number): ViewMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 3 === 0
      ? viewMessage({
          id: `m${i}`,
          role: 'user',
          speaker: 'user',
          content: `Question ${i}: what does \`step${i}\` do?`,
        })
      : viewMessage({
          id: `m${i}`,
          speaker: i % 3 === 1 ? 'claude' : 'gpt',
          content: `Reply **${i}**: \`step${i}\` reads the input once and reports each problem with its line.`,
        }),
  );
}

export function listEntry(overrides: Partial<ThreadListEntry> & Pick<ThreadListEntry, 'id'>): ThreadListEntry {
  return { title: overrides.id, updatedAt: CREATED, messageCount: 1, busy: false, ...overrides };
}

export function viewState(
  overrides: Partial<Omit<ViewState, 'thread'>> & { thread?: Partial<Omit<ShownThread, 'messages'>> } = {},
  messages: ViewMessage[] = [],
): ViewState {
  const { thread, ...rest } = overrides;
  return {
    thread: {
      id: 'thread-1',
      title: 'Planning the release',
      createdAt: CREATED,
      updatedAt: CREATED,
      busy: false,
      mode: 'discuss',
      plans: [],
      ...thread,
      messages,
    },
    participants: [
      { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet', enabled: true },
      { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5', enabled: true },
      { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-pro', enabled: false },
    ],
    groups: [],
    defaultTarget: 'claude',
    sidecar: { state: 'healthy', detail: 'CLIProxyAPI at http://127.0.0.1:8317' },
    saveProblems: [],
    ...rest,
  };
}

/** A turn plan: one Discuss answer step by Claude and GPT unless `overrides` say otherwise. */
export function turnPlan(overrides: Partial<TurnPlan> & Pick<TurnPlan, 'id'>): TurnPlan {
  return {
    createdAt: CREATED,
    kind: 'message',
    mode: 'discuss',
    question: 'u1',
    round: 1,
    steps: [{ kind: 'answer', seats: ['claude', 'gpt'], reads: 'all', names: 'labelled', concurrency: 1 }],
    ...overrides,
  };
}

/**
 * Plays the host's side of one view: numbers every message in sequence and stamps it with the shown thread,
 * as the host's view controller does, so tests only say what happens.
 */
export class HostScript {
  private seq = 0;
  threadId = 'thread-1';

  state(state: ViewState): HostToWebview {
    this.threadId = state.thread.id;
    return hostMessage('view/state', this.seq++, this.threadId, state);
  }

  send<T extends HostMessageType>(type: T, payload: HostPayload<T>): HostToWebview {
    return hostMessage(type, this.seq++, this.threadId, payload);
  }

  added(message: ViewMessage, index: number): HostToWebview {
    return this.send('message/added', { message, index });
  }

  appended(messageId: string, text: string, offset: number): HostToWebview {
    return this.send('message/patched', { messageId, append: { text, offset } });
  }

  status(messageId: string, status: ViewMessage['status'], error?: string | null): HostToWebview {
    return this.send('message/patched', { messageId, status, ...(error === undefined ? {} : { error }) });
  }

  done(requestId: string, result: IntentAnswer): HostToWebview {
    return this.send('request/done', { requestId, ...result });
  }

  /** The next sequence number, without using it (to build a message that skips or repeats one). */
  get nextSeq(): number {
    return this.seq;
  }
}
