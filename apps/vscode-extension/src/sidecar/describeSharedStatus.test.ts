import { SidecarStatus } from '@roundtable/core/protocol';
import type { SharedProxyStatus, SidecarState } from '@roundtable/sidecar/managed';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { describeSharedStatus } from './describeSharedStatus';

const owner = (state: SidecarState): SharedProxyStatus => ({ role: 'owner', url: 'http://127.0.0.1:8317', state });

describe('describeSharedStatus', () => {
  test.each<[SidecarState, Partial<SidecarStatus>]>([
    [{ state: 'idle' }, { state: 'checking' }],
    [
      { state: 'downloading', receivedBytes: 10, totalBytes: 40 },
      { state: 'downloading', receivedBytes: 10, totalBytes: 40 },
    ],
    [{ state: 'verifying' }, { state: 'verifying' }],
    [{ state: 'starting', port: 8317, attempt: 1 }, { state: 'starting' }],
    [
      { state: 'healthy', port: 8317, pid: 1 },
      { state: 'healthy', detail: 'Roundtable runs CLIProxyAPI at http://127.0.0.1:8317.' },
    ],
    [
      { state: 'unhealthy', port: 8317, reason: 'no answer' },
      { state: 'unhealthy', detail: 'no answer' },
    ],
    [
      { state: 'backoff', reason: 'CLIProxyAPI exited (code 2).', retryAt: 5_000 },
      { state: 'backoff', retryAt: 5_000 },
    ],
    [
      { state: 'failed', reason: 'Gave up.' },
      { state: 'failed', detail: expect.stringContaining('Restart CLIProxyAPI') },
    ],
  ])('the owner’s %j is said as %j, and is a valid message', (state, expected) => {
    const status = describeSharedStatus(owner(state));
    expect(status).toMatchObject(expected);
    expect(v.safeParse(SidecarStatus, status).success).toBe(true);
  });

  test('an attached window says whose proxy it uses, waits while the owner starts, and reports one that does not answer', () => {
    expect(describeSharedStatus({ role: 'attached', url: 'http://127.0.0.1:9000', ok: true })).toMatchObject({
      state: 'healthy',
      detail: expect.stringContaining('another VS Code window'),
    });
    expect(describeSharedStatus({ role: 'attached', url: undefined, ok: false })).toMatchObject({ state: 'starting' });
    expect(
      describeSharedStatus({ role: 'attached', url: 'http://127.0.0.1:9000', ok: false, reason: 'HTTP 401' }),
    ).toEqual({
      state: 'unhealthy',
      detail: 'HTTP 401',
    });
  });
});
