import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat request as the relay saw it: when it came, when its first text went back, what the server said it took. */
export interface RelayedReply {
  model: string;
  /** `Date.now()` when the request reached the relay. */
  startedAt: number;
  /** `Date.now()` when the first chunk with text passed back through it; absent when none did. */
  firstTextAt?: number;
  /** The server's own `timings.prompt_ms` (llama.cpp): its time to the first token, prompt processing. */
  serverPromptMs?: number;
  /** The server's HTTP status, once it answered. */
  status?: number;
  /** The start of an answer that was no stream (an error's body), for the log. */
  errorBody?: string;
}

export interface FirstTokenRelay {
  /** The OpenAI-compatible base to give the extension: `http://127.0.0.1:PORT/v1`. */
  readonly baseUrl: string;
  readonly replies: readonly RelayedReply[];
  close(): Promise<void>;
}

/**
 * A loopback relay in front of a model server that passes every byte through as it comes, and notes for each chat
 * request when its first text went back and the server's own `timings`: what the e2e's log compares with the moment
 * the webview shows that text. It changes nothing it relays.
 */
export async function startFirstTokenRelay(target: string): Promise<FirstTokenRelay> {
  const upstream = new URL(target);
  const replies: RelayedReply[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const reply: RelayedReply | undefined = req.url?.endsWith('/chat/completions')
        ? { model: modelOf(body), startedAt: Date.now() }
        : undefined;
      if (reply) replies.push(reply);
      // A connection of its own for each request (`agent: false`): a kept-alive one that the server closes as it
      // idles (llama.cpp after 5 s) could be taken for the next request at that moment and reset it, an error the
      // extension would show on a reply though the server never saw it.
      const out = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, connection: 'close' },
          agent: false,
        },
        (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          if (reply) reply.status = answer.statusCode;
          const streamed = (answer.headers['content-type'] ?? '').startsWith('text/event-stream');
          let tail = '';
          answer.on('data', (c: Buffer) => {
            if (reply && streamed) tail = note(reply, tail + c.toString('utf8'));
            else if (reply) reply.errorBody = `${reply.errorBody ?? ''}${c.toString('utf8')}`.slice(0, 400);
            res.write(c);
          });
          answer.on('end', () => res.end());
        },
      );
      out.on('error', () => res.destroy());
      // The client left before the answer ended (Stop): the server's request goes too. (A request's own 'close'
      // comes as soon as its body is read, so it says nothing of that.)
      res.on('close', () => {
        if (!res.writableFinished) out.destroy();
      });
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    replies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Reads the complete SSE lines in `text`, noting the first text and the timings; returns the unfinished rest. */
function note(reply: RelayedReply, text: string): string {
  const lines = text.split('\n');
  const rest = lines.pop() ?? '';
  for (const line of lines) {
    if (!line.startsWith('data: {')) continue;
    try {
      const chunk = JSON.parse(line.slice(6)) as {
        choices?: { delta?: { content?: string | null } }[];
        timings?: { prompt_ms?: number };
      };
      if (reply.firstTextAt === undefined && chunk.choices?.[0]?.delta?.content) reply.firstTextAt = Date.now();
      if (typeof chunk.timings?.prompt_ms === 'number') reply.serverPromptMs = chunk.timings.prompt_ms;
    } catch {
      // not a chunk the relay reads; it is passed on all the same
    }
  }
  return rest;
}

function modelOf(body: Buffer): string {
  try {
    return String((JSON.parse(body.toString('utf8')) as { model?: unknown }).model);
  } catch {
    return '?';
  }
}
