import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import type { FetchLike } from '@roundtable/core/ports';

export interface DownloadRequest {
  url: string;
  /** Lower-case hex; the bytes must hash to exactly this. */
  sha256: string;
  /** Where the verified archive is left. Removed again whenever the result is not ok. */
  path: string;
  signal: AbortSignal;
  fetch?: FetchLike;
  onProgress?: (receivedBytes: number, totalBytes: number | undefined) => void;
  /** A larger body is cut off and reported (a release archive is about 20 MB). */
  maxBytes?: number;
}

export type DownloadResult =
  | { ok: true; bytes: number }
  | { ok: false; kind: 'cancelled' | 'network' | 'too-large' | 'mismatch'; reason: string };

const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

/**
 * Downloads `url` to `path` while hashing it, and keeps the file only if its SHA-256 is the pinned one. Nothing
 * else looks at the bytes before that check, so a tampered or truncated archive is never opened, only deleted.
 */
export async function downloadVerified(request: DownloadRequest): Promise<DownloadResult> {
  const fetchImpl = request.fetch ?? fetch;
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const hash = createHash('sha256');
  let received = 0;
  const file = await open(request.path, 'w', 0o600);
  let result: DownloadResult;
  try {
    const response = await fetchImpl(request.url, { signal: request.signal, redirect: 'follow' });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      result = {
        ok: false,
        kind: 'network',
        reason: `The download of ${request.url} failed with HTTP ${response.status}.`,
      };
    } else {
      const length = Number(response.headers.get('content-length'));
      const total = Number.isFinite(length) && length > 0 ? length : undefined;
      result = { ok: true, bytes: 0 };
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.byteLength;
        if (received > maxBytes) {
          result = {
            ok: false,
            kind: 'too-large',
            reason: `The download of ${request.url} is larger than ${maxBytes} bytes; it was stopped.`,
          };
          break;
        }
        hash.update(chunk);
        await file.write(chunk);
        request.onProgress?.(received, total);
      }
      if (result.ok) {
        const actual = hash.digest('hex');
        result =
          actual === request.sha256.toLowerCase()
            ? { ok: true, bytes: received }
            : {
                ok: false,
                kind: 'mismatch',
                reason: `The downloaded ${request.url.split('/').at(-1)} is not the pinned file (SHA-256 ${actual}, expected ${request.sha256}). It was deleted without being opened.`,
              };
      }
    }
  } catch (error) {
    result = request.signal.aborted
      ? { ok: false, kind: 'cancelled', reason: 'The download was cancelled.' }
      : { ok: false, kind: 'network', reason: `The download of ${request.url} failed: ${describe(error)}` };
  } finally {
    await file.close();
  }
  if (!result.ok) await rm(request.path, { force: true });
  return result;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: unknown }).cause;
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
}
