import { absenceClause, FIX_LABELS, fixOf, isAbsent } from '@roundtable/core/present';
import type { SeatView } from '@roundtable/core/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import { seatSpendLines } from '../models/seatSpendLines';
import { formatWait } from './formatWait';
import './SeatStrip.css';

/**
 * The seats that cannot answer now, named once, in one line above the message box: who, why, and the one thing that
 * helps each (Sign in, Install, Update, Enable, Settings; Reset for a paused login, which counts down to when the
 * proxy tries it again). Turns leave out the seats that need a login or cannot be reached, and those cooling until
 * a stated time ("Claude is out of its usage limit until 14:05"); a paused one with no time is still asked. The host
 * decides all of that and ends a cooling seat's time itself: this line only shows its seat map. Nothing shows while
 * every seat is ready.
 */
export function SeatStrip({ chat }: { chat: ChatModel }) {
  const seats = chat.replica.seats.value;
  const participants = chat.enabledParticipants.value.filter((p) => seats[p.id]);
  if (participants.length === 0) return null;
  return (
    <ul class="seat-strip" data-testid="seats" aria-label="Participants that cannot answer now">
      {participants.map((p) => {
        const seat = seats[p.id] as SeatView;
        const fix = isAbsent(seat) ? fixOf(seat) : undefined;
        // Its tooltip also says what it spent today and in the last 5 hours (a paused seat may be out of quota).
        const spent = seatSpendLines([p], chat.replica.spending.value);
        return (
          <li
            class={`seat seat--${seat.kind}`}
            data-testid="seat"
            data-participant={p.id}
            data-kind={seat.kind}
            key={p.id}
          >
            {seat.kind !== 'cooling' ? (
              <span
                class="seat-why"
                title={[seat.kind === 'unavailable' ? seat.reason : '', ...spent].join('\n').trim()}
              >
                {absenceClause(p.displayName, seat)}
              </span>
            ) : (
              // Cooling until a stated time: named with it ("out of its usage limit until 14:05"), and counted down.
              <span class="seat-why" title={[seat.reason, ...spent].join('\n').trim()}>
                {isAbsent(seat) ? absenceClause(p.displayName, seat) : `${p.displayName} is paused by the proxy`}
                {seat.until ? <Countdown until={seat.until} /> : null}
              </span>
            )}
            {fix ? (
              <button type="button" class="link-button" onClick={() => chat.fixSeat(p.id)}>
                {FIX_LABELS[fix]}
              </button>
            ) : seat.kind === 'cooling' && seat.canReset ? (
              <button type="button" class="link-button" onClick={() => chat.resetSeat(p.id)}>
                Reset
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** ", 52 s left", ticking once a second while shown. */
function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="seat-countdown">, {formatWait(until - now)} left</span>;
}
