import { Emitter } from '@roundtable/core/base/event';
import { Disposable } from '@roundtable/core/base/lifecycle';

/** Every state the managed proxy can be in, each with what the user needs to know about it. */
export type SidecarState =
  | { state: 'idle' }
  | { state: 'downloading'; receivedBytes: number; totalBytes?: number }
  | { state: 'verifying' }
  | { state: 'starting'; port: number; attempt: number }
  | { state: 'healthy'; port: number; pid: number | undefined }
  | { state: 'unhealthy'; port: number; reason: string }
  | { state: 'backoff'; reason: string; retryAt: number }
  | { state: 'stopped'; reason?: string }
  | { state: 'failed'; reason: string };

export type SidecarStateName = SidecarState['state'];

/**
 * Which state may follow which. Anything may stop; `failed` is left only by an explicit start (the user's Restart),
 * and is where a start ends that cannot run at all (no binary, or one that is not the one installed);
 * `starting` is the only way to `healthy`, so nothing is green that was not checked.
 */
const NEXT: Record<SidecarStateName, readonly SidecarStateName[]> = {
  idle: ['downloading', 'starting', 'stopped', 'failed'],
  downloading: ['downloading', 'verifying', 'failed', 'stopped'],
  verifying: ['starting', 'failed', 'stopped'],
  starting: ['starting', 'healthy', 'backoff', 'failed', 'stopped'],
  healthy: ['unhealthy', 'backoff', 'failed', 'stopped'],
  unhealthy: ['healthy', 'backoff', 'failed', 'stopped'],
  backoff: ['starting', 'failed', 'stopped'],
  stopped: ['downloading', 'starting', 'stopped', 'failed'],
  failed: ['downloading', 'starting', 'stopped', 'failed'],
};

export function canMove(from: SidecarStateName, to: SidecarStateName): boolean {
  return NEXT[from].includes(to);
}

/**
 * The managed proxy's state, changed only through `move`, which refuses a transition the table above does not
 * allow (a bug in the supervisor, not a user error) and tells every listener about each change, in order.
 */
export class SidecarStateMachine extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<SidecarState>());
  readonly onDidChange = this.changeEmitter.event;
  private state: SidecarState = { state: 'idle' };

  get current(): SidecarState {
    return this.state;
  }

  move(next: SidecarState): void {
    if (!canMove(this.state.state, next.state)) {
      throw new Error(`The managed proxy cannot go from ${this.state.state} to ${next.state}.`);
    }
    this.state = next;
    this.changeEmitter.fire(next);
  }
}
