import { hostMessage, MAX_USER_TEXT_CHARS, type WebviewToHost, webviewMessage } from '@roundtable/core/protocol';
import { describe, expect, it } from 'vitest';
import { chatMessage, chatState, deltaMessage, stateMessage } from '../testing/fixtures';
import { FakeHostTransport } from '../transport/FakeHostTransport';
import { ChatModel } from './ChatModel';

describe('ChatModel', () => {
  it('posts ready only after its listener is attached', () => {
    const transport = new FakeHostTransport();
    const listenersAtPost: number[] = [];
    const post = transport.post.bind(transport);
    transport.post = (message: WebviewToHost) => {
      listenersAtPost.push(transport.listenerCount);
      post(message);
    };
    new ChatModel(transport);
    expect(transport.postedTypes()).toEqual(['ready']);
    expect(listenersAtPost).toEqual([1]);
  });

  it('replicates host messages into its state signal', () => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    expect(chat.state.value).toBeUndefined();
    transport.emit(stateMessage(chatState({}, [chatMessage({ id: 'm', content: 'a', status: 'streaming' })])));
    transport.emit(deltaMessage('m', 'b', 1));
    transport.emit(hostMessage('messageStatus', { messageId: 'm', status: 'complete' }));
    expect(chat.state.value?.transcript.messages[0]).toMatchObject({ content: 'ab', status: 'complete' });
    expect(chat.enabledParticipants.value.map((p) => p.id)).toEqual(['claude', 'gpt']);
    expect(chat.participantsById.value.get('gemini')?.displayName).toBe('Gemini');
  });

  it('posts ready again for every message the reducer cannot apply', () => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    transport.emit(deltaMessage('m', 'early', 0)); // before any state
    transport.emit(stateMessage(chatState({}, [chatMessage({ id: 'm', content: 'abc', status: 'streaming' })])));
    transport.emit(deltaMessage('m', 'x', 1)); // duplicate
    transport.emit(deltaMessage('m', 'd', 3)); // fine
    expect(transport.postedTypes()).toEqual(['ready', 'ready', 'ready']);
    expect(chat.state.value?.transcript.messages[0]?.content).toBe('abcd');
  });

  it.each([
    { name: 'blank text', text: ' \n\t', busy: false, result: 'empty' },
    { name: 'text over the limit', text: 'x'.repeat(MAX_USER_TEXT_CHARS + 1), busy: false, result: 'tooLong' },
    { name: 'while a turn runs', text: 'hello', busy: true, result: 'busy' },
    { name: 'text at the limit', text: 'x'.repeat(MAX_USER_TEXT_CHARS), busy: false, result: 'sent' },
    { name: 'ordinary text, untrimmed', text: '  indented\n', busy: false, result: 'sent' },
  ] as const)('send: $name -> $result', ({ text, busy, result }) => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    transport.emit(stateMessage(chatState({ busy })));
    expect(chat.send(text)).toBe(result);
    expect(transport.posted.filter((m) => m.type === 'sendMessage')).toEqual(
      result === 'sent' ? [webviewMessage('sendMessage', { text })] : [],
    );
  });

  it('posts the other intents with valid payloads', () => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    chat.stop();
    chat.setDefaultTarget('gpt');
    chat.setDefaultTarget('');
    chat.openLink('https://example.com');
    chat.openLink('');
    chat.openLink(`https://example.com/${'a'.repeat(9000)}`);
    chat.newThread();
    chat.switchThread('thread-2');
    chat.retry('m1');
    chat.deleteMessage('m2');
    expect(transport.posted.slice(1)).toEqual([
      webviewMessage('stopGeneration', {}),
      webviewMessage('setDefaultTarget', { participantId: 'gpt' }),
      webviewMessage('openLink', { url: 'https://example.com' }),
      webviewMessage('newThread', {}),
      webviewMessage('switchThread', { threadId: 'thread-2' }),
      webviewMessage('retryMessage', { messageId: 'm1' }),
      webviewMessage('deleteMessage', { messageId: 'm2' }),
    ]);
  });

  it('stops listening when disposed', () => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    chat.dispose();
    expect(transport.listenerCount).toBe(0);
    transport.emit(stateMessage(chatState()));
    expect(chat.state.value).toBeUndefined();
  });
});
