/**
 * Waits `ms` (forever for `Infinity`) unless `signal` aborts first. Resolves true when the time ran out, false
 * when aborted: the fake's writers stop quietly once the client has gone, instead of throwing.
 */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      if (handle !== undefined) clearTimeout(handle);
      resolve(false);
    };
    const handle = Number.isFinite(ms)
      ? setTimeout(() => {
          signal.removeEventListener('abort', onAbort);
          resolve(true);
        }, ms)
      : undefined;
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
