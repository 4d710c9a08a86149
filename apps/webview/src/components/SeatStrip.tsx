import type { SeatView } from '@roundtable/core/protocol';
import { useEffect, useState } from 'preact/hooks';
import type { ChatModel } from '../models/ChatModel';
import { formatWait } from './formatWait';
import './SeatStrip.css';

/**
 * The seats that cannot answer now, one line each under the header: who, why, and the one thing that helps
 * ("Sign in", "Reset"); a seat on a provider that is down or does not serve its model says so. A cooling seat counts
 * down to when the proxy tries its login again. Nothing shows while every seat is ready, so the header stays compact.
 */
export function SeatStrip({ chat }: { chat: ChatModel }) {
  const seats = chat.replica.seats.value;
  const participants = chat.enabledParticipants.value.filter((p) => seats[p.id]);
  if (participants.length === 0) return null;
  return (
    <ul class="seat-strip" data-testid="seats" aria-label="Participants that cannot answer now">
      {participants.map((p) => {
        const seat = seats[p.id] as SeatView;
        return (
          <li
            class={`seat seat--${seat.kind}`}
            data-testid="seat"
            data-participant={p.id}
            data-kind={seat.kind}
            key={p.id}
          >
            <span class="seat-name">{p.displayName}</span>
            {seat.kind === 'unavailable' ? (
              <span class="seat-why" title={seat.reason}>
                {seat.reason}
              </span>
            ) : seat.kind === 'needs-login' ? (
              <>
                <span class="seat-why">needs a {seat.provider} login</span>
                <button type="button" class="link-button" onClick={() => chat.signInSeat(p.id)}>
                  Sign in
                </button>
              </>
            ) : (
              <>
                <span class="seat-why" title={seat.reason}>
                  paused by the proxy{seat.until ? <Countdown until={seat.until} /> : null}
                </span>
                {seat.canReset ? (
                  <button type="button" class="link-button" onClick={() => chat.resetSeat(p.id)}>
                    Reset
                  </button>
                ) : null}
              </>
            )}
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
