import { effect, signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { ThreadReplica } from '../state/ThreadReplica';
import { VOTE_READING, voteState } from '../testing/councilFixtures';
import { HostScript } from '../testing/fixtures';
import { PlanViews } from './PlanViews';
import { strategyRows } from './strategyViews';

/** A replica showing `state`, and its plan views. */
function setup(state = voteState(VOTE_READING, true)) {
  const replica = new ThreadReplica();
  const host = new HostScript();
  replica.apply(host.state(state));
  const participants = signal(new Map(replica.participants.peek().map((p) => [p.id, p])));
  /** Plays a host message, which must fit (a message the replica refused would prove nothing). */
  const play = (message: Parameters<ThreadReplica['apply']>[0]) => expect(replica.apply(message)).toBe('applied');
  return { replica, host, play, views: new PlanViews(replica, participants) };
}

describe('what Compare strategies derives', () => {
  it('keeps its rows while a reply they read streams again, and changes them once its figures do', () => {
    const { views, host, play } = setup();
    const rows = strategyRows(views, 's1');
    const seen: unknown[] = [];
    const stop = effect(() => {
      seen.push(rows?.value);
    });
    const before = rows?.value;
    expect(before?.map((r) => r.kind)).toEqual(['seat', 'seat', 'seat', 'vote', 'synthesis', 'disputes']);
    seen.length = 0;
    // The round's chair retried: it streams (its old reading stays until its end replaces it), word by word.
    play(host.send('message/patched', { messageId: 'd1s', content: '', status: 'streaming' }));
    for (const [text, offset] of [
      ['Answer', 0],
      [': 4', 6],
    ] as const)
      play(host.appended('d1s', text, offset));
    expect(seen).toEqual([]);
    // It ends, having cost more: the rows change, the Council's own rows with them not at all.
    const timing = { totalMs: 4_000 };
    play(host.send('message/patched', { messageId: 'd1s', status: 'complete', timing }));
    expect(seen).toHaveLength(1);
    expect(rows?.value?.at(-1)?.spend.ms).toBe(6_000 + 2_500 + 3_000 + 3_000 + 4_000);
    expect(rows?.value?.slice(0, 5)).toEqual(before?.slice(0, 5));
    stop();
  });

  it('reads no other reply while the synthesis holds no vote', () => {
    const { views, host, play } = setup(voteState({ ...VOTE_READING, vote: undefined }));
    const rows = strategyRows(views, 's1');
    let runs = 0;
    const stop = effect(() => {
      runs += 1;
      rows?.value;
    });
    expect(rows?.value).toBeUndefined();
    play(host.status('a1', 'streaming'));
    play(host.appended('a1', ' more', 10));
    expect(runs).toBe(1);
    expect(strategyRows(views, 'nowhere')).toBeUndefined();
    stop();
  });
});
