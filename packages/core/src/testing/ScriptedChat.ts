import type { StreamEvent } from '../llm/types';
import type { ChatBackend } from '../orchestrator/ports';

export interface ScriptedCall {
  model: string;
  messages: { role: string; content: string }[];
  /** The request's provider, when the participant names one. */
  provider?: string;
  /** The seat's length limit, when it has one. */
  maxTokens?: number;
  signal: AbortSignal;
  /** Hands the orchestrator one more event. */
  emit(event: StreamEvent): void;
  /** Ends the stream (after the events emitted so far). */
  end(): void;
  /** Events emitted but not yet taken by the orchestrator. */
  readonly queued: number;
}

/**
 * A chat backend driven step by step by the test: each request becomes a `ScriptedCall` the test feeds. Aborting the
 * signal makes the stream throw the signal's reason, like the real client. Use it where a test needs exact control
 * over timing; use the real client against the fake proxy to test the wire.
 */
export class ScriptedChat {
  readonly calls: ScriptedCall[] = [];
  /** Called with each new call's index as it is made. */
  onCall: ((index: number) => void) | undefined;
  private waiters: ((call: ScriptedCall) => void)[] = [];

  readonly backend: ChatBackend = (request, signal) => {
    const queue: (StreamEvent | 'end')[] = [];
    let wake: (() => void) | undefined;
    const call: ScriptedCall = {
      model: request.model,
      messages: request.messages,
      ...(request.provider ? { provider: request.provider } : {}),
      ...(request.maxTokens ? { maxTokens: request.maxTokens } : {}),
      signal,
      emit: (event) => {
        queue.push(event);
        wake?.();
      },
      end: () => {
        queue.push('end');
        wake?.();
      },
      get queued() {
        return queue.length;
      },
    };
    this.calls.push(call);
    this.onCall?.(this.calls.length - 1);
    for (const waiter of this.waiters.splice(0)) waiter(call);
    signal.addEventListener('abort', () => wake?.());
    return (async function* () {
      for (;;) {
        if (signal.aborted) throw signal.reason;
        const next = queue.shift();
        if (next === 'end') return;
        if (next) {
          yield next;
          continue;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      }
    })();
  };

  /** Resolves with call number `index` (0-based) once the orchestrator has made it. */
  async call(index: number): Promise<ScriptedCall> {
    for (;;) {
      const call = this.calls[index];
      if (call) return call;
      await new Promise<ScriptedCall>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Emits `text` on call `index` and resolves once the orchestrator has taken it: the reply is mid-stream. */
  async partial(index: number, text: string): Promise<ScriptedCall> {
    const call = await this.call(index);
    call.emit({ type: 'delta', text });
    while (call.queued > 0) await new Promise((resolve) => setTimeout(resolve, 1));
    return call;
  }

  /** Emits a whole successful reply on call `index`. */
  async reply(index: number, text: string): Promise<void> {
    const call = await this.call(index);
    call.emit({ type: 'delta', text });
    call.emit({ type: 'finish', reason: 'stop' });
    call.end();
  }
}
