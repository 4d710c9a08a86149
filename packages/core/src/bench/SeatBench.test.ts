import { describe, expect, test } from 'vitest';
import { Emitter } from '../base/event';
import type { ChatError } from '../llm/types';
import { splitSeats } from '../orchestrator/absentSeats';
import { absenceClause } from '../protocol/absenceWords';
import { isAbsent } from '../protocol/absentSeat';
import type { SeatMap } from '../protocol/proxyStatus';
import { FakeClock } from '../testing/FakeClock';
import { SeatBench } from './SeatBench';

const START = Date.parse('2026-12-14T10:00:00Z');
const cooldown = (seconds: number): ChatError => ({
  kind: 'rate-limit',
  code: 'model_cooldown',
  status: 429,
  retryAfterSeconds: seconds,
  message: `CLIProxyAPI is holding this model back: cooling. Try again in ${seconds} s.`,
});

function setup(initial: SeatMap = {}) {
  const clock = new FakeClock(START);
  const emitter = new Emitter<SeatMap>();
  const source = {
    current: initial,
    onDidChange: emitter.event,
    set(next: SeatMap) {
      this.current = next;
      emitter.fire(next);
    },
  };
  const bench = new SeatBench({ source, clock });
  const changes: SeatMap[] = [];
  bench.onDidChange((map) => changes.push(map));
  const now = () => clock.now().getTime();
  const absent = (id: string) => isAbsent(bench.current[id], now());
  return { clock, source, bench, changes, now, absent };
}

describe('SeatBench', () => {
  test('a seat benched until T is absent before T and back at T, without any action', () => {
    const { clock, bench, changes, absent, now } = setup();
    bench.noteFailure('claude', cooldown(300));
    expect(bench.current.claude).toMatchObject({ kind: 'cooling', until: START + 300_000, cause: 'usage-limit' });
    expect(absent('claude')).toBe(true);
    expect(splitSeats(['claude', 'gpt'], { seatMap: () => bench.current }, now())).toMatchObject({
      answering: ['gpt'],
      absent: [{ id: 'claude' }],
    });
    clock.advance(299_999);
    expect(absent('claude')).toBe(true);
    clock.advance(1);
    expect(bench.current).toEqual({});
    expect(absent('claude')).toBe(false);
    expect(changes).toEqual([{ claude: expect.objectContaining({ kind: 'cooling' }) }, {}]);
    expect(clock.pendingTimers).toBe(0);
  });

  test('the line names it with its time, and a wait of days as a date', () => {
    const { bench, now } = setup();
    bench.noteFailure('claude', cooldown(3 * 86_400));
    const seat = bench.current.claude;
    if (!isAbsent(seat, now())) throw new Error('benched');
    expect(absenceClause('Claude', seat, now(), 'UTC')).toBe('Claude is out of its usage limit until Thu 17 Dec');
    bench.noteFailure('gpt', cooldown(4 * 3600 + 5 * 60));
    const gpt = bench.current.gpt;
    if (!isAbsent(gpt, now())) throw new Error('benched');
    expect(absenceClause('GPT', gpt, now(), 'UTC')).toBe('GPT is out of its usage limit until 14:05');
  });

  test('a wait longer than one timer can hold still ends at its time', () => {
    const { clock, bench, absent } = setup();
    bench.noteFailure('claude', cooldown(40 * 86_400));
    clock.advance(40 * 86_400_000 - 1);
    expect(absent('claude')).toBe(true);
    clock.advance(1);
    expect(absent('claude')).toBe(false);
  });

  test('a failure with no stated time benches nothing', () => {
    const { bench, changes } = setup();
    expect(bench.noteFailure('claude', { kind: 'rate-limit', message: 'slow down. Try again later.' })).toBeUndefined();
    expect(bench.current).toEqual({});
    expect(changes).toEqual([]);
  });

  test('a later, shorter limit does not shorten the bench; a longer one lengthens it', () => {
    const { bench } = setup();
    bench.noteFailure('claude', cooldown(600));
    bench.noteFailure('claude', cooldown(60));
    expect(bench.current.claude).toMatchObject({ until: START + 600_000 });
    bench.noteFailure('claude', cooldown(6000));
    expect(bench.current.claude).toMatchObject({ until: START + 6_000_000 });
  });

  test('a seat the source says needs a login keeps that; a paused one keeps its Reset and the later time', () => {
    const { bench, source } = setup();
    source.set({
      claude: { kind: 'needs-login', provider: 'Claude' },
      gpt: { kind: 'cooling', until: START + 60_000, reason: 'quota', canReset: true },
    });
    bench.noteFailure('claude', cooldown(600));
    bench.noteFailure('gpt', cooldown(600));
    expect(bench.current.claude).toEqual({ kind: 'needs-login', provider: 'Claude' });
    expect(bench.current.gpt).toMatchObject({ kind: 'cooling', until: START + 600_000, canReset: true });
  });

  test('Reset: the proxy lists the seat as not paused any more, and the bench goes with it', () => {
    const { bench, source, absent } = setup({
      gpt: { kind: 'cooling', until: START + 60_000, reason: 'q', canReset: true },
    });
    bench.noteFailure('gpt', cooldown(86_400));
    expect(absent('gpt')).toBe(true);
    source.set({});
    expect(absent('gpt')).toBe(false);
    expect(bench.current).toEqual({});
  });

  test('clear takes a seat off the bench at once', () => {
    const { bench, absent, clock } = setup();
    bench.noteFailure('gpt', cooldown(600));
    bench.clear('gpt');
    expect(absent('gpt')).toBe(false);
    expect(clock.pendingTimers).toBe(0);
  });

  test('a source’s paused seat whose time has passed answers again, still offering Reset', () => {
    const { clock, bench, absent } = setup({
      gpt: { kind: 'cooling', until: START + 1000, reason: 'q', canReset: true },
    });
    expect(absent('gpt')).toBe(true);
    clock.advance(1000);
    expect(bench.current.gpt).toEqual({ kind: 'cooling', reason: 'q', canReset: true });
    expect(absent('gpt')).toBe(false);
  });
});
