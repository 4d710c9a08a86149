import { useEffect, useState } from 'preact/hooks';
import { formatWait } from './formatWait';
import './WaitingFor.css';

/**
 * While a reply has not said a word yet, how long it has been waiting, counted from when it started. A rate limit
 * the proxy retries itself can take half a minute to come back; a ticking count tells the user it is waiting, not
 * stuck. Ticks once a second, only while shown.
 */
export function WaitingFor({ since }: { since: string }) {
  const started = Date.parse(since);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p class="message-waiting" data-testid="waiting">
      Waiting for the first words… {formatWait(now - started)}
    </p>
  );
}
