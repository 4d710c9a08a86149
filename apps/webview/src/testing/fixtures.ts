import { type ChatState, type HostToWebview, hostMessage } from '@roundtable/core/protocol';
import type { ChatMessage } from '../state/applyHostMessage';

// Test data builders. Everything they return passes the protocol schemas (the fake transport validates).

const CREATED = '2026-11-30T12:00:00.000Z';

export function chatMessage(overrides: Partial<ChatMessage> & Pick<ChatMessage, 'id'>): ChatMessage {
  return {
    seq: 0,
    role: 'assistant',
    speaker: 'claude',
    content: '',
    status: 'complete',
    createdAt: CREATED,
    ...overrides,
  };
}

export function chatState(overrides: Partial<ChatState> = {}, messages: ChatMessage[] = []): ChatState {
  return {
    transcript: {
      version: 1,
      id: 'thread-1',
      title: 'Planning the release',
      createdAt: CREATED,
      updatedAt: CREATED,
      participants: ['claude', 'gpt'],
      messages,
    },
    participants: [
      { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet', enabled: true },
      { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5', enabled: true },
      { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-pro', enabled: false },
    ],
    sidecarStatus: { ok: true, detail: 'CLIProxyAPI at http://127.0.0.1:8317' },
    threads: [{ id: 'thread-1', title: 'Planning the release', updatedAt: CREATED }],
    defaultTarget: 'claude',
    busy: false,
    ...overrides,
  };
}

export const stateMessage = (state: ChatState): HostToWebview => hostMessage('state', state);

export const deltaMessage = (messageId: string, contentDelta: string, offset: number): HostToWebview =>
  hostMessage('delta', { messageId, contentDelta, offset });
