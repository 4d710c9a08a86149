/**
 * Whether an endpoint takes `stream_options: {include_usage: true}`, the request that makes an OpenAI-compatible
 * server end its stream with the reply's token counts (llama.cpp, vLLM and OpenAI send none without it). Asked on
 * every request until the endpoint refuses the field once (a 400 that names it); from then on never again. One
 * instance per endpoint, shared by its requests: a refusal at one server says nothing of another.
 */
export class UsageAsk {
  private refusedByServer = false;

  /** Ask for usage on the next request. */
  get asks(): boolean {
    return !this.refusedByServer;
  }

  /** The endpoint refused the field: leave it out from now on. */
  refused(): void {
    this.refusedByServer = true;
  }
}

/** A 400 that is about the field itself (an old server's "Unrecognized request argument supplied: stream_options"). */
export function refusesUsageAsk(status: number, bodyText: string): boolean {
  return status === 400 && /stream_options|include_usage/i.test(bodyText);
}
