/**
 * Durations as a person reads them in an error message: "250 ms", "30 s", "1 min 30 s", "2 h 5 min", "3 days 4 h".
 * Only the two largest non-zero units are kept, because a cooldown of "6 days 23 h 59 min 58 s" reads worse than
 * "6 days 23 h" and the extra precision does not change what the user does.
 */
export function formatMilliseconds(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000 && ms % 1000 !== 0) return `${Number((ms / 1000).toFixed(1))} s`;
  return formatSeconds(Math.round(ms / 1000));
}

export function formatSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const units: [number, string][] = [
    [Math.floor(seconds / 86_400), seconds >= 172_800 ? 'days' : 'day'],
    [Math.floor((seconds % 86_400) / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ];
  const first = units.findIndex(([value]) => value > 0);
  if (first === -1) return '0 s';
  return units
    .slice(first, first + 2)
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value} ${unit}`)
    .join(' ');
}
