import type { HeadersLike } from '../../src/llm/describeErrorBody';
import type { ChatError } from '../../src/llm/types';

// What the word-for-word tables of describeErrorBody's messages share: the access-key hint, the body and header
// builders, and the shape of a row.

export const HINT =
  "Run the command “Roundtable: Set Proxy Access Key” and enter one of the keys in the proxy's `api-keys` list.";
export const json = (value: unknown) => JSON.stringify(value);
export const noHeaders: HeadersLike = { get: () => null };
/** `Headers` trims values; a stub keeps the blanks a hand-written proxy reply could carry. */
export const retryAfter = (value: string): HeadersLike => ({
  get: (name) => (name.toLowerCase() === 'retry-after' ? value : null),
});

export interface HttpRow {
  name: string;
  status: number;
  body: string;
  headers?: HeadersLike;
  error: ChatError;
}
