import type { PrepareBinary } from '../ManagedProxy';
import { type AcquireOptions, acquireBinary } from './acquireBinary';

/**
 * The usual way a managed proxy gets its binary: the pinned release, installed once (with consent), its progress
 * shown as the state machine's `downloading` and `verifying` states.
 */
export function prepareFromRelease(options: Omit<AcquireOptions, 'onStage'>): PrepareBinary {
  return async (state) => {
    const result = await acquireBinary({
      ...options,
      onStage: (stage) =>
        state.move(
          stage.stage === 'downloading'
            ? {
                state: 'downloading',
                receivedBytes: stage.receivedBytes,
                ...(stage.totalBytes ? { totalBytes: stage.totalBytes } : {}),
              }
            : { state: 'verifying' },
        ),
    });
    return result.ok ? { ok: true, binaryPath: result.binaryPath } : { ok: false, reason: result.reason };
  };
}
