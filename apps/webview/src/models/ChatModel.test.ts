import { MAX_USER_TEXT_CHARS } from '@roundtable/core/limits';
import type { WebviewToHost } from '@roundtable/core/protocol';
import { describe, expect, it } from 'vitest';
import { HostScript, viewMessage, viewState } from '../testing/fixtures';
import { FakeHostTransport } from '../transport/FakeHostTransport';
import { ChatModel } from './ChatModel';

function setup(state = viewState()) {
  const transport = new FakeHostTransport();
  const chat = new ChatModel(transport);
  const host = new HostScript();
  transport.emit(host.state(state));
  const intents = () =>
    transport.posted.filter((m): m is Extract<WebviewToHost, { requestId: string }> => 'requestId' in m);
  return { transport, chat, host, intents };
}

describe('ChatModel', () => {
  it('posts view/ready only after its listener is attached', () => {
    const transport = new FakeHostTransport();
    const listenersAtPost: number[] = [];
    const post = transport.post.bind(transport);
    transport.post = (message: WebviewToHost) => {
      listenersAtPost.push(transport.listenerCount);
      post(message);
    };
    new ChatModel(transport);
    expect(transport.postedTypes()).toEqual(['view/ready']);
    expect(listenersAtPost).toEqual([1]);
  });

  it('replicates host messages and derives the participants', () => {
    const { transport, chat, host } = setup(
      viewState({}, [viewMessage({ id: 'm', content: 'a', status: 'streaming' })]),
    );
    transport.emit(host.appended('m', 'b', 1));
    transport.emit(host.status('m', 'complete'));
    expect(chat.replica.message('m')?.value).toMatchObject({ content: 'ab', status: 'complete' });
    expect(chat.enabledParticipants.value.map((p) => p.id)).toEqual(['claude', 'gpt']);
    expect(chat.participantsById.value.get('gemini')?.displayName).toBe('Gemini');
  });

  it('asks for a resync once when it loses track, and again only after the state came', () => {
    const { transport, host } = setup(viewState({}, [viewMessage({ id: 'm', content: 'abc', status: 'streaming' })]));
    transport.emit(host.appended('m', 'x', 1)); // already applied
    transport.emit(host.appended('m', 'd', 3)); // would fit, but the replica is waiting for a state
    expect(transport.postedTypes()).toEqual(['view/ready', 'view/resync']);
    transport.emit(host.state(viewState({}, [viewMessage({ id: 'm', content: 'abcd', status: 'streaming' })])));
    transport.emit(host.appended('m', 'e', 9));
    expect(transport.postedTypes()).toEqual(['view/ready', 'view/resync', 'view/resync']);
  });

  it.each([
    { name: 'blank text', text: ' \n\t', busy: false, result: 'empty' },
    { name: 'text over the limit', text: 'x'.repeat(MAX_USER_TEXT_CHARS + 1), busy: false, result: 'tooLong' },
    { name: 'while a reply streams in this thread', text: 'hello', busy: true, result: 'busy' },
    { name: 'text at the limit', text: 'x'.repeat(MAX_USER_TEXT_CHARS), busy: false, result: 'sent' },
    { name: 'ordinary text, untrimmed', text: '  indented\n', busy: false, result: 'sent' },
  ] as const)('send: $name -> $result', ({ text, busy, result }) => {
    const { chat, intents } = setup(viewState({ thread: { busy } }));
    expect(chat.send(text)).toBe(result);
    expect(intents().map((m) => [m.type, m.payload])).toEqual(
      result === 'sent' ? [['chat/send', { threadId: 'thread-1', text }]] : [],
    );
  });

  it('a refusal becomes the notice, and a refused send hands its text back', () => {
    const { transport, chat, host, intents } = setup();
    const refused: string[] = [];
    chat.send('hello', (reason) => refused.push(reason));
    const [request] = intents();
    transport.emit(
      host.done(request?.requestId ?? '', { ok: false, reason: 'A reply is still streaming in this thread.' }),
    );
    expect(refused).toEqual(['A reply is still streaming in this thread.']);
    expect(chat.notice.value).toMatchObject({ kind: 'error', text: 'A reply is still streaming in this thread.' });
    chat.dismissNotice();
    chat.send('@grok hi');
    transport.emit(host.done(intents().at(-1)?.requestId ?? '', { ok: true, notice: 'Not at the table: @grok.' }));
    expect(chat.notice.value).toMatchObject({ kind: 'info', text: 'Not at the table: @grok.' });
  });

  it('posts every other intent with a fresh request id and the shown thread', () => {
    const { chat, intents } = setup();
    chat.stop();
    chat.setDefaultTarget('gpt');
    chat.setDefaultTarget('');
    chat.openLink('https://example.com');
    chat.openLink('');
    chat.openLink(`https://example.com/${'a'.repeat(9000)}`);
    chat.newThread();
    chat.openThread('thread-2');
    chat.openThread('thread-1'); // already shown
    chat.retry('m1');
    chat.deleteMessage('m2');
    chat.retrySave('thread-1');
    chat.reveal('broken.corrupt-1.json');
    expect(intents().map((m) => [m.type, m.payload])).toEqual([
      ['chat/stop', { threadId: 'thread-1' }],
      ['chat/setTarget', { threadId: 'thread-1', participantId: 'gpt' }],
      ['link/open', { url: 'https://example.com' }],
      ['thread/new', {}],
      ['thread/open', { threadId: 'thread-2' }],
      ['message/retry', { threadId: 'thread-1', messageId: 'm1' }],
      ['message/delete', { threadId: 'thread-1', messageId: 'm2' }],
      ['storage/retry', { threadId: 'thread-1' }],
      ['storage/reveal', { threadId: 'broken.corrupt-1.json' }],
    ]);
    expect(new Set(intents().map((m) => m.requestId)).size).toBe(intents().length);
  });

  it('asks for a mode, for reviews and for Discuss disputes in the shown thread', () => {
    const { chat, intents } = setup();
    chat.setMode('council');
    chat.review('r1');
    chat.review('r1', 'reviewers');
    chat.discussDisputes('s1');
    expect(intents().map((m) => [m.type, m.payload])).toEqual([
      ['chat/setMode', { threadId: 'thread-1', mode: 'council' }],
      ['message/review', { threadId: 'thread-1', messageId: 'r1' }],
      ['message/review', { threadId: 'thread-1', messageId: 'r1', groupId: 'reviewers' }],
      ['turn/discussDisputes', { threadId: 'thread-1', messageId: 's1' }],
    ]);
    // The mode shown is still the host's until it answers.
    expect(chat.replica.mode.value).toBe('discuss');
  });

  it('offers the groups with a member who can answer, following the table', () => {
    const group = (id: string, members: string[]) => ({ id, displayName: `@${id}`, members });
    const { transport, chat, host } = setup(
      viewState({
        groups: [group('pair', ['claude', 'gpt']), group('off', ['gemini']), group('one', ['gemini', 'gpt'])],
      }),
    );
    expect(chat.addressableGroups.value.map((g) => g.id)).toEqual(['pair', 'one']);
    const participants = viewState().participants.map((p) => (p.id === 'gpt' ? { ...p, muted: true } : p));
    const groups = chat.replica.groups.peek().slice();
    transport.emit(host.send('table/changed', { participants, groups, defaultTarget: null, mode: 'discuss' }));
    expect(chat.addressableGroups.value.map((g) => g.id)).toEqual(['pair']);
  });

  it('stops listening when disposed', () => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    chat.dispose();
    expect(transport.listenerCount).toBe(0);
    transport.emit(new HostScript().state(viewState()));
    expect(chat.replica.thread.value).toBeUndefined();
  });
});
