import type { FakeProxy } from '@roundtable/testkit';

/** What the fake proxy was last asked: the user message of the first chat request from request `index` on. */
export function lastUserMessage(proxy: FakeProxy, index: number): string | undefined {
  const request = proxy.requests.slice(index).find((r) => r.path.startsWith('/v1/chat/completions'));
  return (request?.body as { messages?: { content: string }[] } | undefined)?.messages?.at(-1)?.content;
}
