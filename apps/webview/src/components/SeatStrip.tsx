import { absenceClause, FIX_LABELS, fixOf, isAbsent } from '@roundtable/core/present';
import type { SeatView } from '@roundtable/core/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import { formatWait } from './formatWait';
import './SeatStrip.css';

/**
 * The seats that cannot answer now, named once, in one line above the message box: who, why, and the one thing that
 * helps each (Sign in, Install, Update, Enable, Settings; Reset for a paused login, which counts down to when the
 * proxy tries it again). Turns leave out the seats that need a login or cannot be reached, and a paused one is still
 * asked; the host decides all of that: this line only shows its seat map. Nothing shows while every seat is ready.
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
        return (
          <li
            class={`seat seat--${seat.kind}`}
            data-testid="seat"
            data-participant={p.id}
            data-kind={seat.kind}
            key={p.id}
          >
            {isAbsent(seat) ? (
              <span class="seat-why" title={seat.kind === 'unavailable' ? seat.reason : undefined}>
                {absenceClause(p.displayName, seat)}
              </span>
            ) : (
              <span class="seat-why" title={seat.reason}>
                {p.displayName} is paused by the proxy{seat.until ? <Countdown until={seat.until} /> : null}
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
