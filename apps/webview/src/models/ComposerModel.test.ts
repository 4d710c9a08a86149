import { describe, expect, it } from 'vitest';
import { HostScript, viewState } from '../testing/fixtures';
import { FakeHostTransport, MemoryUiStateStore } from '../transport/FakeHostTransport';
import { ChatModel } from './ChatModel';
import { BUSY_PROBLEM, ComposerModel } from './ComposerModel';

function setup(busy = false, draft = '') {
  const transport = new FakeHostTransport();
  const chat = new ChatModel(transport);
  const host = new HostScript();
  transport.emit(host.state(viewState({ thread: { busy } })));
  const store = new MemoryUiStateStore({ draft });
  return { transport, host, store, composer: new ComposerModel(chat, store) };
}

describe('ComposerModel', () => {
  it('starts from the stored draft and persists every change', () => {
    const { store, composer } = setup(false, 'restored');
    expect(composer.draft.value).toBe('restored');
    composer.setDraft('edited');
    expect(store.state).toEqual({ draft: 'edited' });
  });

  it('clears the draft (and the stored copy) once sent', () => {
    const { transport, store, composer } = setup();
    composer.setDraft('hello');
    expect(composer.submit()).toBe(true);
    expect(composer.draft.value).toBe('');
    expect(store.state).toEqual({ draft: '' });
    expect(transport.postedTypes()).toEqual(['view/ready', 'chat/send']);
  });

  it('sends stances with one message in Council mode, then turns them off; the stored copy follows', () => {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    transport.emit(new HostScript().state(viewState({ thread: { mode: 'council' } })));
    const store = new MemoryUiStateStore();
    const composer = new ComposerModel(chat, store);
    composer.setDraft('for or against?');
    composer.setStances(true);
    expect(store.state).toEqual({ draft: 'for or against?', stances: true });
    expect(composer.submit()).toBe(true);
    expect(transport.posted.at(-1)?.payload).toEqual({ threadId: 'thread-1', text: 'for or against?', stances: true });
    expect(composer.stances.value).toBe(false);
    expect(store.state).toEqual({ draft: '' });
  });

  it('gets the text back when the host refuses it, unless something new was typed meanwhile', () => {
    const { transport, host, composer } = setup();
    const answer = (reason: string) => {
      const last = transport.posted.at(-1);
      if (!last || !('requestId' in last)) throw new Error('no intent');
      transport.emit(host.done(last.requestId, { ok: false, reason }));
    };
    composer.setDraft('first try');
    composer.submit();
    answer('That thread is not open any more.');
    expect(composer.draft.value).toBe('first try');
    composer.submit();
    composer.setDraft('typing something else');
    answer('refused again');
    expect(composer.draft.value).toBe('typing something else');
  });

  it('keeps the draft when a turn is running, and says why it waits', () => {
    const { composer, transport } = setup(true);
    composer.setDraft('wait for it');
    expect(composer.submit()).toBe(false);
    expect(composer.draft.value).toBe('wait for it');
    expect(composer.problem.value).toBe(BUSY_PROBLEM);
    expect(transport.postedTypes()).toEqual(['view/ready']);
    composer.setDraft('wait for it!');
    expect(composer.problem.value).toBeUndefined();
  });

  it('explains a refusal for length until the draft changes', () => {
    const { composer } = setup();
    composer.setDraft('x'.repeat(250_000));
    expect(composer.submit()).toBe(false);
    expect(composer.problem.value).toBe(
      'This message has 250,000 characters; the limit is 200,000. Shorten it or split it into several messages.',
    );
    composer.setDraft('short');
    expect(composer.problem.value).toBeUndefined();
  });

  it('stops persisting when disposed', () => {
    const { store, composer } = setup();
    composer.dispose();
    composer.setDraft('after dispose');
    expect(store.state).toEqual({ draft: '' });
  });
});

describe('ComposerModel: who the @ autocomplete offers', () => {
  function table(groups: ReturnType<typeof viewState>['groups'] = []) {
    const transport = new FakeHostTransport();
    const chat = new ChatModel(transport);
    const host = new HostScript();
    transport.emit(
      host.state(
        viewState({
          participants: [
            { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'c', enabled: true, aliases: ['opus'] },
            { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'g', enabled: true },
            { id: 'kimi', displayName: 'Kimi', color: '#4285F4', model: 'k', enabled: true, muted: true },
            { id: 'gemini', displayName: 'Gemini', color: '#8B5CF6', model: 'm', enabled: false },
          ],
          groups,
        }),
      ),
    );
    return new ComposerModel(chat, new MemoryUiStateStore());
  }
  const offered = (composer: ComposerModel, draft: string) => {
    composer.setDraft(draft);
    return composer.menu.value?.candidates.map((c) => c.id) ?? [];
  };

  it('lists each participant who can answer with its aliases, then everyone; never the muted or disabled', () => {
    const composer = table();
    expect(offered(composer, '@')).toEqual(['claude', 'opus', 'gpt', 'all']);
    expect(offered(composer, '@k')).toEqual([]);
  });

  it('offers the groups after the participants and before everyone, by their members who can answer', () => {
    const composer = table([
      { id: 'reviewers', displayName: '@reviewers', members: ['gpt', 'claude', 'kimi'], mode: 'council' },
      { id: 'silent', displayName: '@silent', members: ['kimi', 'gemini'] },
      { id: 'pair', displayName: 'The pair', members: ['claude', 'gpt'] },
    ]);
    expect(offered(composer, '@')).toEqual(['claude', 'opus', 'gpt', 'reviewers', 'pair', 'all']);
    const details = Object.fromEntries(composer.menu.value?.candidates.map((c) => [c.id, [c.label, c.detail]]) ?? []);
    expect(details.reviewers).toEqual(['reviewers', 'Claude and GPT · Council']);
    expect(details.pair).toEqual(['The pair', 'Claude and GPT']);
    // How everyone takes a message is the thread's mode: `all` does not claim an order.
    expect(details.all).toEqual(['Everyone', 'everyone who can answer']);
    expect(offered(composer, '@th')).toEqual(['pair']);
    expect(offered(composer, '@re')).toEqual(['reviewers']);
    composer.acceptMention();
    expect(composer.draft.value).toBe('@reviewers ');
  });

  it('an alias matches by its own name; a display name lists its participant once', () => {
    const composer = table();
    expect(offered(composer, '@op')).toEqual(['opus']);
    expect(offered(composer, '@cla')).toEqual(['claude']);
    composer.setDraft('@op');
    composer.acceptMention();
    expect(composer.draft.value).toBe('@opus ');
  });
});
