import { effect, type ReadonlySignal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { ThreadReplica } from '../state/ThreadReplica';
import { COUNCIL, councilMessages } from '../testing/councilFixtures';
import { HostScript, turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { PlanViews } from './PlanViews';
import { planSummary } from './planSummaries';

/** A replica showing the council thread, with `v2` streaming, and plan views that count their reads of the names. */
function setup() {
  const replica = new ThreadReplica();
  const host = new HostScript();
  replica.apply(host.state(viewState({ thread: { busy: true, plans: [COUNCIL] } }, councilMessages())));
  const names = { reads: 0 };
  const byId = new Map(replica.participants.peek().map((p) => [p.id, p]));
  const participants = {
    get value() {
      names.reads += 1;
      return byId;
    },
  } as unknown as ReadonlySignal<typeof byId>;
  return { replica, host, names, views: new PlanViews(replica, participants) };
}

describe('PlanViews', () => {
  it('heads each Independent or Council plan at its first reply', () => {
    const { views, replica, host } = setup();
    expect([...views.heads.value]).toEqual([['a1', 'p1']]);
    replica.apply(host.send('plan/added', { plan: turnPlan({ id: 'p2', mode: 'independent', question: 'u2' }) }));
    replica.apply(host.added(viewMessage({ id: 'u2', role: 'user', speaker: 'user', content: 'again' }), 7));
    replica.apply(host.added(viewMessage({ id: 'b1', status: 'streaming', step: { plan: 'p2', index: 0 } }), 8));
    expect([...views.heads.value]).toEqual([
      ['a1', 'p1'],
      ['b1', 'p2'],
    ]);
  });

  it('derives nothing again while a plan’s reply streams: not its header, nor which reply heads it', () => {
    const { views, replica, host, names } = setup();
    const seen: string[] = [];
    const stop = [
      effect(() => {
        seen.push(`summary:${planSummary(views, 'p1').value?.cost}`);
      }),
      effect(() => {
        seen.push(`heads:${views.heads.value.size}`);
      }),
    ];
    const reads = names.reads;
    seen.length = 0;
    let offset = replica.message('v2')?.peek().content.length ?? 0;
    for (const text of [' and', ' short', '.']) {
      replica.apply(host.appended('v2', text, offset));
      offset += text.length;
    }
    expect(seen).toEqual([]);
    expect(names.reads).toBe(reads);
    // The reply ending is news: the cost now counts it (the reviews ran at once: the longest is now 5 s).
    replica.apply(host.send('message/patched', { messageId: 'v2', status: 'complete', timing: { totalMs: 5_000 } }));
    expect(seen).toEqual(['summary:14 s in all · about 220 tokens in, 110 out (estimated)']);
    expect(names.reads).toBeGreaterThan(reads);
    for (const s of stop) s();
  });

  it('forgets another thread’s plans', () => {
    const { views, replica, host } = setup();
    const summary = planSummary(views, 'p1');
    replica.apply(host.state(viewState({ thread: { id: 'thread-2' } })));
    expect(planSummary(views, 'p1')).not.toBe(summary);
    expect(planSummary(views, 'p1').value).toBeUndefined();
    expect(views.heads.value.size).toBe(0);
  });
});
