import { effect } from '@preact/signals';
import { type HostToWebview, hostMessage } from '@roundtable/core/protocol';
import { describe, expect, it } from 'vitest';
import { HostScript, listEntry, viewMessage, viewState } from '../testing/fixtures';
import { type ApplyResult, ThreadReplica } from './ThreadReplica';

function setup(
  messages = [
    viewMessage({ id: 'm1', role: 'user', speaker: 'user', content: 'hi' }),
    viewMessage({ id: 'm2', content: 'Hel', status: 'streaming' }),
  ],
) {
  const replica = new ThreadReplica();
  const host = new HostScript();
  expect(replica.apply(host.state(viewState({ thread: { busy: true } }, messages)))).toBe('applied');
  const content = (id: string) => replica.message(id)?.peek().content;
  return { replica, host, content };
}

describe('ThreadReplica: patches that fit', () => {
  it('appends text at the current length', () => {
    const { replica, host, content } = setup();
    expect(replica.apply(host.appended('m2', 'lo', 3))).toBe('applied');
    expect(content('m2')).toBe('Hello');
    expect(replica.apply(host.appended('m2', '', 5))).toBe('applied');
    expect(content('m2')).toBe('Hello');
  });

  it('measures offsets in UTF-16 code units, like the host', () => {
    const { replica, host, content } = setup([viewMessage({ id: 'e', content: 'ok 👍', status: 'streaming' })]);
    expect('ok 👍'.length).toBe(5);
    expect(replica.apply(host.appended('e', '!', 5))).toBe('applied');
    expect(content('e')).toBe('ok 👍!');
  });

  it('sets status, error, usage and attempt; null removes a field', () => {
    const { replica, host } = setup();
    replica.apply(host.status('m2', 'error', 'HTTP 429: quota resets at 5pm'));
    expect(replica.message('m2')?.peek()).toMatchObject({
      status: 'error',
      error: 'HTTP 429: quota resets at 5pm',
      content: 'Hel',
    });
    replica.apply(
      host.send('message/patched', { messageId: 'm2', content: '', status: 'streaming', error: null, attempt: 2 }),
    );
    expect(replica.message('m2')?.peek()).toEqual(
      viewMessage({ id: 'm2', content: '', status: 'streaming', attempt: 2 }),
    );
    replica.apply(
      host.send('message/patched', { messageId: 'm2', status: 'complete', usage: { inputTokens: 1, outputTokens: 2 } }),
    );
    expect(replica.message('m2')?.peek().usage).toEqual({ inputTokens: 1, outputTokens: 2 });
  });

  it('takes a reading (a synthesis’s, a position’s) as its patch carries it; null removes it', () => {
    const { replica, host } = setup();
    const positions = { claims: [{ claim: 0, position: 'disputed' as const, argument: 'no', changed: true as const }] };
    replica.apply(host.send('message/patched', { messageId: 'm2', status: 'complete', positions }));
    expect(replica.message('m2')?.peek().positions).toEqual(positions);
    replica.apply(host.send('message/patched', { messageId: 'm2', positions: null }));
    expect(replica.message('m2')?.peek()).not.toHaveProperty('positions');
  });

  it('adds a message at the end, or where another window’s message sorts', () => {
    const { replica, host } = setup();
    replica.apply(host.added(viewMessage({ id: 'm4', content: 'last' }), 2));
    replica.apply(
      host.added(viewMessage({ id: 'm3', role: 'user', speaker: 'user', content: 'from the other window' }), 2),
    );
    expect(replica.order.peek()).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('a delta touches only its message’s signal: nothing else is notified', () => {
    const { replica, host } = setup();
    const seen: string[] = [];
    const stop = [
      effect(() => {
        seen.push(`order:${replica.order.value.length}`);
      }),
      effect(() => {
        seen.push(`m1:${replica.message('m1')?.value.content}`);
      }),
      effect(() => {
        seen.push(`m2:${replica.message('m2')?.value.content}`);
      }),
      effect(() => {
        seen.push(`threads:${replica.threads.value.length}`);
      }),
    ];
    seen.length = 0;
    replica.apply(host.appended('m2', 'lo', 3));
    expect(seen).toEqual(['m2:Hello']);
    for (const s of stop) s();
  });

  it('a list change updates the entry, and the shown thread’s title and busy flag', () => {
    const { replica, host } = setup();
    replica.apply(host.send('threads/listed', { entries: [listEntry({ id: 'thread-1' })], total: 1 }));
    replica.apply(
      host.send('threads/changed', { entry: listEntry({ id: 'thread-1', title: 'Renamed', busy: false }) }),
    );
    replica.apply(
      host.send('threads/changed', { entry: listEntry({ id: 'older', updatedAt: '2026-01-01T00:00:00Z' }) }),
    );
    replica.apply(
      host.send('threads/changed', { entry: listEntry({ id: 'newest', updatedAt: '2027-01-01T00:00:00Z' }) }),
    );
    expect(replica.thread.peek()).toMatchObject({ title: 'Renamed', busy: false });
    expect(replica.threads.peek().map((t) => t.id)).toEqual(['newest', 'thread-1', 'older']);
    replica.apply(host.send('threads/removed', { threadId: 'older' }));
    expect(replica.threads.peek().map((t) => t.id)).toEqual(['newest', 'thread-1']);
  });

  it('the list travels on its own: a page of it replaces the list, and a full state leaves it alone', () => {
    const { replica, host } = setup();
    const page = [listEntry({ id: 'a' }), listEntry({ id: 'broken.json', unreadable: 'not JSON' })];
    replica.apply(host.send('threads/listed', { entries: page, total: 1 }));
    expect(replica.threads.peek().map((t) => t.id)).toEqual(['a', 'broken.json']);
    replica.apply(host.state(viewState({ thread: { id: 'thread-2' } }, [])));
    expect(replica.threads.peek().map((t) => t.id)).toEqual(['a', 'broken.json']);
  });

  it('a full state replaces everything, whatever came before', () => {
    const { replica, host } = setup();
    replica.apply(host.appended('m2', 'XX', 99)); // lost track
    const next = viewState({ thread: { id: 'thread-2', title: 'Other' } }, [
      viewMessage({ id: 'o1', content: 'new thread' }),
    ]);
    expect(replica.apply(host.state(next))).toBe('applied');
    expect(replica.order.peek()).toEqual(['o1']);
    expect(replica.message('m2')).toBeUndefined();
    expect(replica.thread.peek()?.title).toBe('Other');
  });
});

describe('ThreadReplica: what does not fit asks for a resync and changes nothing', () => {
  const cases: { name: string; message: (host: HostScript) => HostToWebview }[] = [
    { name: 'text past the end (a gap)', message: (h) => h.appended('m2', 'xx', 5) },
    { name: 'text already applied (offset behind)', message: (h) => h.appended('m2', 'el', 1) },
    { name: 'a patch for an unknown message', message: (h) => h.appended('nope', 'x', 0) },
    { name: 'a status for an unknown message', message: (h) => h.status('nope', 'complete') },
    { name: 'a message added twice', message: (h) => h.added(viewMessage({ id: 'm1' }), 2) },
    { name: 'a message added past the end', message: (h) => h.added(viewMessage({ id: 'm9' }), 5) },
    {
      name: 'a skipped sequence number',
      message: (h) => hostMessage('sidecar/changed', h.nextSeq + 1, h.threadId, { state: 'healthy', detail: 'x' }),
    },
    {
      name: 'a repeated sequence number',
      message: (h) => hostMessage('sidecar/changed', h.nextSeq - 1, h.threadId, { state: 'healthy', detail: 'x' }),
    },
    {
      name: 'a message about another thread',
      message: (h) => hostMessage('sidecar/changed', h.nextSeq, 'elsewhere', { state: 'healthy', detail: 'x' }),
    },
  ];

  it.each(cases)('$name', ({ message }) => {
    const { replica, host, content } = setup();
    const before = replica.messageList();
    expect(replica.apply(message(host))).toBe('resync');
    expect(replica.messageList()).toEqual(before);
    expect(content('m2')).toBe('Hel');
    // Until the full state comes, everything else is ignored, even what would fit.
    expect(
      replica.apply(
        hostMessage('message/patched', 1, host.threadId, { messageId: 'm2', append: { text: 'lo', offset: 3 } }),
      ),
    ).toBe('ignored');
    expect(content('m2')).toBe('Hel');
  });

  it('before any state, everything is ignored (the coming state carries it)', () => {
    const replica = new ThreadReplica();
    const host = new HostScript();
    expect(replica.apply(host.send('sidecar/changed', { state: 'unhealthy', detail: 'down' }))).toBe('ignored');
    expect(replica.apply(host.appended('m2', 'x', 0))).toBe('ignored');
    expect(replica.thread.peek()).toBeUndefined();
  });
});

describe('ThreadReplica: arrival order', () => {
  // Whatever order the three deltas of "Hello, world" arrive in, the replica never holds a text that is not a
  // prefix of the truth, and it asks for a resync exactly when something arrived out of order.
  const chunks = [
    { text: 'Hello', offset: 0 },
    { text: ', ', offset: 5 },
    { text: 'world', offset: 7 },
  ];
  const orders = permutations([0, 1, 2]).flatMap((order) => [order, [...order, order.at(-1) ?? 0]]);

  it.each(orders.map((order) => ({ order: order.join(','), indices: order })))(
    'deltas sent in order, arriving as [$order], never produce a wrong text',
    ({ indices }) => {
      const { replica, host, content } = setup([viewMessage({ id: 's', content: '', status: 'streaming' })]);
      // The host numbers them as it sends them; here they arrive in another order (and the last one maybe twice).
      const sent = chunks.map((c) => host.appended('s', c.text, c.offset));
      const results = indices.map((i) => {
        const result = replica.apply(sent[i] as HostToWebview);
        expect('Hello, world'.startsWith(content('s') ?? '∅')).toBe(true);
        return result;
      });
      // Applied while each arrives in turn; the first one out of turn asks for a resync; the rest wait for it.
      const inTurn = indices.findIndex((sentAt, arrivedAt) => sentAt !== arrivedAt);
      const expected = indices.map(
        (_, k): ApplyResult => (inTurn === -1 || k < inTurn ? 'applied' : k === inTurn ? 'resync' : 'ignored'),
      );
      expect(results).toEqual(expected);
      const applied = inTurn === -1 ? indices.length : inTurn;
      expect(content('s')).toBe(
        chunks
          .slice(0, applied)
          .map((c) => c.text)
          .join(''),
      );
    },
  );
});

function permutations(items: number[]): number[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}
