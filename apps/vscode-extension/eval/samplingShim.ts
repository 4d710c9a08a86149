import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';

// `pnpm corpus` sits this loopback shim between the extension's client and llama.cpp, so the corpus can fix what the
// product's client leaves to the server: a seed per seat and a length limit per step. The product's client is not
// changed for a script: the shim edits each chat request's JSON body and passes everything else through as it is.

/** What the shim sets on each chat request. */
export interface Sampling {
  /** Each model alias's seed: a seat keeps its own, so reruns repeat it, and seats asked the same differ. */
  seedOf: (model: string) => number;
  temperature: number;
  /** The length limit of each step; the seat's own `maxTokens` stays when it returns undefined. */
  maxTokensOf: (step: PromptStep) => number | undefined;
}

/** Which council step a prompt asks for, as its last message says (the words of core's `instructions.ts`). */
export type PromptStep = 'answer' | 'review' | 'positions' | 'synthesis';

/**
 * The step of a chat request, from its last message: the task a review, a dispute round or a synthesis ends with; a
 * first answer ends with the user's question. Only the length limit rests on it: the fixtures take each reply's step
 * from its plan, so a wording that changes costs at most a reply cut shorter.
 */
export function promptStep(messages: readonly { content?: unknown }[]): PromptStep {
  const last = messages.at(-1)?.content;
  const task = typeof last === 'string' ? last : JSON.stringify(last ?? '');
  if (task.includes('[Roundtable] Review ')) return 'review';
  if (task.includes("The answers to the user's question disagree on the claims below")) return 'positions';
  if (task.includes('[Roundtable] You chair this discussion')) return 'synthesis';
  return 'answer';
}

/** Serves the shim on a loopback port, in front of `upstream` (a root such as `http://127.0.0.1:8080`, no `/v1`). */
export async function serveSamplingShim(
  upstream: string,
  sampling: Sampling,
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const aborted = new AbortController();
    // The client gave up on this reply (Stop, or it read `[DONE]` and let go): stop reading the model's stream too.
    res.on('close', () => aborted.abort());
    void (async () => {
      try {
        const reply = await forward(req, upstream, sampling, aborted.signal);
        res.writeHead(reply.status, Object.fromEntries(reply.headers));
        if (reply.body) {
          for await (const chunk of Readable.fromWeb(reply.body as import('node:stream/web').ReadableStream)) {
            res.write(chunk);
          }
        }
        res.end();
      } catch (error) {
        // Nobody is left to tell when the client went first; else the client's reply fails with why.
        if (aborted.signal.aborted) return;
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function forward(req: IncomingMessage, upstream: string, sampling: Sampling, signal: AbortSignal) {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  let body: string | undefined = parts.length > 0 ? Buffer.concat(parts).toString('utf8') : undefined;
  if (req.method === 'POST' && req.url?.endsWith('/chat/completions') && body !== undefined) {
    body = JSON.stringify(withSampling(JSON.parse(body) as ChatBody, sampling));
  }
  return fetch(`${upstream}${req.url ?? '/'}`, {
    method: req.method ?? 'GET',
    headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
    ...(body === undefined ? {} : { body }),
    signal,
  });
}

interface ChatBody {
  model?: string;
  messages?: { content?: unknown }[];
  max_tokens?: number;
  [key: string]: unknown;
}

/** A chat request's body with the corpus's sampling: the seat's seed, the temperature, the step's length limit. */
export function withSampling(body: ChatBody, sampling: Sampling): ChatBody {
  const limit = sampling.maxTokensOf(promptStep(body.messages ?? []));
  return {
    ...body,
    seed: sampling.seedOf(body.model ?? ''),
    temperature: sampling.temperature,
    ...(limit === undefined ? {} : { max_tokens: limit }),
  };
}
