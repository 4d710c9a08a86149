import { describe, expect, it } from 'vitest';
import { HostScript, priorMessages, turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { sameJson } from './sameJson';
import { ThreadReplica } from './ThreadReplica';

const plan = turnPlan({ id: 'p1', question: 'm0' });

function shown(messages = priorMessages(5)) {
  const replica = new ThreadReplica();
  const host = new HostScript();
  replica.apply(host.state(viewState({ thread: { plans: [plan] } }, messages)));
  return { replica, host, messages };
}

/** The same state as the host would send it again: equal, but every object a new one (as parsed from a message). */
const copy = <T>(value: T): T => structuredClone(value);

describe('ThreadReplica: a full state for the thread already shown', () => {
  it('keeps the signal and the value of every message that reads the same, and sets the changed one', () => {
    const { replica, host, messages } = shown();
    const before = messages.map((m) => replica.message(m.id));
    const values = before.map((s) => s?.peek());
    const order = replica.order.peek();
    const changed = copy(messages);
    changed[2] = { ...messages[2], content: 'Edited.' } as (typeof messages)[number];
    replica.apply(host.state(viewState({ thread: { plans: [copy(plan)] } }, changed)));
    const after = messages.map((m) => replica.message(m.id));
    expect(after).toEqual(before);
    for (const [i, s] of after.entries()) {
      if (i === 2) expect(s?.peek().content).toBe('Edited.');
      else expect(s?.peek()).toBe(values[i]);
    }
    expect(replica.order.peek()).toBe(order);
  });

  it('keeps the objects of the table, plans and order when they read the same', () => {
    const { replica, host, messages } = shown();
    const kept = [replica.participants, replica.groups, replica.plans, replica.sidecar, replica.order] as const;
    const objects = kept.map((s) => s.peek());
    replica.apply(host.state(copy(viewState({ thread: { plans: [plan] } }, messages))));
    for (const [i, s] of kept.entries()) expect(s.peek()).toBe(objects[i]);
  });

  it('takes a new order, new and removed messages, and new participants', () => {
    const { replica, host, messages } = shown();
    const first = replica.message('m1');
    const next = [messages[1], messages[0], viewMessage({ id: 'new', content: 'new' })].map((m) => copy(m));
    const state = viewState({ thread: { plans: [plan] } }, next as typeof messages);
    state.participants = state.participants.map((p) => ({ ...p, displayName: `${p.displayName}!` }));
    replica.apply(host.state(state));
    expect(replica.order.peek()).toEqual(['m1', 'm0', 'new']);
    expect(replica.message('m1')).toBe(first);
    expect(replica.message('m4')).toBeUndefined();
    expect(replica.participants.peek()[0]?.displayName).toBe('Claude!');
  });

  it('starts from new signals for another thread, even where ids repeat', () => {
    const { replica, host, messages } = shown();
    const first = replica.message('m0');
    const order = replica.order.peek();
    replica.apply(host.state(viewState({ thread: { id: 'thread-2', plans: [] } }, copy(messages))));
    expect(replica.message('m0')).not.toBe(first);
    // A new order too, though its ids are the same: the list renders for the other thread.
    expect(replica.order.peek()).not.toBe(order);
    expect(replica.order.peek()).toEqual(order);
    expect(replica.message('m0')?.peek()).toEqual(first?.peek());
  });
});

describe('sameJson', () => {
  it('compares JSON values deeply, an undefined key counting as absent', () => {
    expect(sameJson({ a: [1, { b: 'x' }], c: undefined }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameJson({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameJson({ a: 1 }, { b: 1 })).toBe(false);
    expect(sameJson([1, 2], [1, 2, 3])).toBe(false);
    expect(sameJson([], {})).toBe(false);
    expect(sameJson(null, {})).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});
