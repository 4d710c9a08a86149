import { effect } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { HostScript, turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { ThreadReplica } from './ThreadReplica';

// The thread's discussion mode, its turn plans and the table's groups, as the host says them; and a reply's timing.

const council = turnPlan({ id: 'p1', mode: 'council', letters: { claude: 'A', gpt: 'B' } });
const reviewers = { id: 'reviewers', displayName: '@reviewers', members: ['claude', 'gpt'] };

function setup() {
  const replica = new ThreadReplica();
  const host = new HostScript();
  const messages = [
    viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'hi' }),
    viewMessage({ id: 'm2', content: 'Hel', status: 'streaming', step: { plan: 'p1', index: 0 } }),
  ];
  const state = viewState({ thread: { busy: true, mode: 'council', plans: [council] }, groups: [reviewers] }, messages);
  expect(replica.apply(host.state(state))).toBe('applied');
  return { replica, host };
}

describe('ThreadReplica: mode, plans and groups', () => {
  it('takes them from a full state, and keeps them out of the thread’s own fields', () => {
    const { replica } = setup();
    expect(replica.mode.peek()).toBe('council');
    expect([...replica.plans.peek().keys()]).toEqual(['p1']);
    expect(replica.plans.peek().get('p1')).toEqual(council);
    expect(replica.groups.peek()).toEqual([reviewers]);
    expect(replica.thread.peek()).not.toHaveProperty('mode');
    expect(replica.thread.peek()).not.toHaveProperty('plans');
  });

  it('a plan joins the map; a plan already known fits, is kept as it was, and notifies no one', () => {
    const { replica, host } = setup();
    const kept = replica.plans.peek().get('p1');
    const next = turnPlan({ id: 'p2', kind: 'round', round: 2 });
    expect(replica.apply(host.send('plan/added', { plan: next }))).toBe('applied');
    expect([...replica.plans.peek().keys()]).toEqual(['p1', 'p2']);
    const seen: number[] = [];
    const stop = effect(() => {
      seen.push(replica.plans.value.size);
    });
    const changed = { ...council, round: 5 };
    expect(replica.apply(host.send('plan/added', { plan: changed }))).toBe('applied');
    expect(replica.plans.peek().get('p1')).toBe(kept);
    expect(seen).toEqual([2]);
    stop();
    // Still in step: the next message applies.
    expect(replica.apply(host.appended('m2', 'lo', 3))).toBe('applied');
  });

  it('a plan touches neither the order nor any message', () => {
    const { replica, host } = setup();
    const seen: string[] = [];
    const stop = [
      effect(() => {
        seen.push(`order:${replica.order.value.length}`);
      }),
      effect(() => {
        seen.push(`m2:${replica.message('m2')?.value.content}`);
      }),
    ];
    seen.length = 0;
    replica.apply(host.send('plan/added', { plan: turnPlan({ id: 'p2' }) }));
    expect(seen).toEqual([]);
    for (const s of stop) s();
  });

  it('a table change sets the participants, the groups, the target and the mode at once', () => {
    const { replica, host } = setup();
    const [claude] = viewState().participants;
    if (!claude) throw new Error('fixture');
    const seen: string[] = [];
    const stop = effect(() => {
      seen.push(`${replica.mode.value}/${replica.groups.value.length}/${replica.defaultTarget.value}`);
    });
    replica.apply(
      host.send('table/changed', {
        participants: [claude],
        groups: [],
        defaultTarget: 'reviewers',
        mode: 'independent',
      }),
    );
    // One notification for the whole change (a batch), not one per field.
    expect(seen).toEqual(['council/1/claude', 'independent/0/reviewers']);
    expect(replica.participants.peek()).toEqual([claude]);
    stop();
  });

  it('a delta to a reply of a plan still changes that message’s signal alone', () => {
    const { replica, host } = setup();
    const seen: string[] = [];
    const stop = [
      effect(() => {
        seen.push(`plans:${replica.plans.value.size}`);
      }),
      effect(() => {
        seen.push(`mode:${replica.mode.value}`);
      }),
      effect(() => {
        seen.push(`m2:${replica.message('m2')?.value.content}`);
      }),
    ];
    seen.length = 0;
    replica.apply(host.appended('m2', 'lo', 3));
    expect(seen).toEqual(['m2:Hello']);
    for (const s of stop) s();
  });

  it('a full state replaces the plans, forgetting those it does not carry', () => {
    const { replica, host } = setup();
    replica.apply(host.send('plan/added', { plan: turnPlan({ id: 'p2' }) }));
    replica.apply(host.state(viewState({ thread: { id: 'thread-2' } })));
    expect(replica.plans.peek().size).toBe(0);
    expect(replica.mode.peek()).toBe('discuss');
    expect(replica.groups.peek()).toEqual([]);
  });
});

describe('ThreadReplica: timing', () => {
  it('a patch sets a reply’s timing with its status; null removes it', () => {
    const { replica, host } = setup();
    const timing = { firstTokenMs: 800, totalMs: 4_200 };
    const usage = { inputTokens: 120, outputTokens: 9, estimated: true as const };
    replica.apply(host.send('message/patched', { messageId: 'm2', status: 'complete', timing, usage }));
    expect(replica.message('m2')?.peek()).toMatchObject({ status: 'complete', timing, usage, content: 'Hel' });
    replica.apply(host.send('message/patched', { messageId: 'm2', timing: null }));
    expect(replica.message('m2')?.peek()).not.toHaveProperty('timing');
    expect(replica.message('m2')?.peek().usage).toEqual(usage);
  });

  it('a delta keeps the timing object as it was (what is derived from it need not run again)', () => {
    const { replica, host } = setup();
    replica.apply(host.send('message/patched', { messageId: 'm2', timing: { totalMs: 10 } }));
    const before = replica.message('m2')?.peek().timing;
    replica.apply(host.appended('m2', 'lo', 3));
    expect(replica.message('m2')?.peek().timing).toBe(before);
  });
});
