import { effect, signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { ThreadReplica } from '../state/ThreadReplica';
import { COUNCIL, councilMessages, disputeState, ROUND_1 } from '../testing/councilFixtures';
import { HostScript, viewMessage, viewState } from '../testing/fixtures';
import { disputesOffer, roundSummary } from './disputeViews';
import { PlanViews } from './PlanViews';

/** A replica showing `state`, and its plan views. */
function setup(state = disputeState()) {
  const replica = new ThreadReplica();
  const host = new HostScript();
  replica.apply(host.state(state));
  const participants = signal(new Map(replica.participants.peek().map((p) => [p.id, p])));
  /** Plays a host message, which must fit (a message the replica refused would prove nothing). */
  const play = (message: Parameters<ThreadReplica['apply']>[0]) => expect(replica.apply(message)).toBe('applied');
  return { replica, host, play, views: new PlanViews(replica, participants) };
}

describe('what the panel derives for Discuss disputes', () => {
  it('says nothing new while another reply streams, nor while a reply it reads streams without changing its words', () => {
    const { views, replica, host, play } = setup();
    const seen: unknown[] = [];
    const stop = [
      effect(() => {
        seen.push(roundSummary(views, 'p2').value);
      }),
      effect(() => {
        seen.push(disputesOffer(views, 's1')?.value);
      }),
    ];
    seen.length = 0;
    // A council review streaming (no reply a round reads), then a retry of one of the round's positions.
    play(host.appended('v2', ' and thin.', replica.message('v2')?.peek().content.length ?? 0));
    play(host.send('message/patched', { messageId: 'd1g', content: '', status: 'streaming' }));
    for (const [text, offset] of [
      ['I ', 0],
      ['agree.', 2],
    ] as const)
      play(host.appended('d1g', text, offset));
    expect(seen).toEqual([]);
    for (const s of stop) s();
  });

  it('offers Discuss disputes until a round starts from the synthesis', () => {
    const { views, host, play } = setup(
      viewState({ thread: { mode: 'council', plans: [COUNCIL] } }, councilMessages()),
    );
    const offer = disputesOffer(views, 's1');
    expect(offer?.value).toBe(2);
    play(host.send('plan/added', { plan: ROUND_1 }));
    expect(offer?.value).toBe(0);
    expect(disputesOffer(views, 'nope')).toBeUndefined();
  });

  it('says what a round changed once its positions are in, and why the rounds ended once its synthesis has', () => {
    const [positionC, positionG, synthesis] = disputeState().thread.messages.slice(-3);
    const shown = [...councilMessages(), positionC, positionG].flatMap((m) => (m ? [m] : []));
    const { views, host, play } = setup(
      viewState({ thread: { mode: 'council', busy: true, plans: [COUNCIL, ROUND_1] } }, shown),
    );
    const summary = roundSummary(views, 'p2');
    expect(summary.value).toEqual({
      changes: ['GPT now holds “It needs <b>no</b> proof”, without a reason.'],
      end: undefined,
    });
    const started = summary.value;
    play(host.added({ ...viewMessage({ id: 'd1s', step: { plan: 'p2', index: 1 } }), status: 'streaming' }, 9));
    play(host.appended('d1s', 'Still 42.', 0));
    expect(summary.value).toBe(started);
    play(
      host.send('message/patched', { messageId: 'd1s', status: 'complete', synthesis: synthesis?.synthesis ?? null }),
    );
    expect(summary.value?.end).toBe(
      'The rounds ended after round 1 (roundtable.council.maxDisputeRounds); still disputed: “The answer is 42”.',
    );
  });
});
