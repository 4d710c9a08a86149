import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pause } from '../pause';
import { readBody } from '../readBody';

/**
 * What the upstream model server does with the next chat request. It plays an OpenAI-compatible provider behind
 * the real CLIProxyAPI (an `openai-compatibility` entry of the test config), so a test can make the provider fail
 * in every way the proxy must relay.
 */
export type UpstreamScenario =
  /** A streamed reply in `pieces`, a usage chunk, then `[DONE]` (unless `omitDone`). */
  | { kind: 'reply'; pieces?: string[]; omitDone?: boolean; chunkDelayMs?: number }
  /** An HTTP error before any stream byte. */
  | { kind: 'status'; status: number; body: string; headers?: Record<string, string> }
  /** The response never starts: no status line, no byte, until the client leaves. */
  | { kind: 'silent' }
  /** `afterPieces` pieces, then silence until the client leaves. */
  | { kind: 'stall'; afterPieces: number }
  /** `afterPieces` pieces, then the socket is destroyed. */
  | { kind: 'drop'; afterPieces: number }
  /** `afterPieces` pieces, then an OpenAI error chunk and the end of the body. */
  | { kind: 'errorChunk'; afterPieces: number; message: string };

export interface FakeUpstream {
  /** The OpenAI-style base, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseUrl: string;
  /** Chat requests received, bodies parsed. */
  readonly chatRequests: unknown[];
  /** The next chat request for `model` uses this scenario (FIFO per model); without one, a normal reply. */
  enqueue(model: string, scenario: UpstreamScenario): void;
  close(): Promise<void>;
}

const DEFAULT_PIECES = ['Hello', ' from', ' the', ' upstream', ' model', '.'];

/** Starts an OpenAI-compatible model server on 127.0.0.1 serving `models` at `/v1/models` and `/v1/chat/completions`. */
export async function startFakeUpstream(models: string[]): Promise<FakeUpstream> {
  const queues = new Map<string, UpstreamScenario[]>();
  const chatRequests: unknown[] = [];
  const sockets = new Set<import('node:net').Socket>();

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (req.method === 'GET' && req.url === '/v1/models') {
      const data = models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake-upstream' }));
      sendJson(res, 200, { object: 'list', data });
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      sendJson(res, 404, { error: { message: `no route ${req.method} ${req.url}`, type: 'not_found' } });
      return;
    }
    let parsed: { model?: string; stream?: boolean } = {};
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      // recorded as text below
    }
    chatRequests.push(Object.keys(parsed).length > 0 ? parsed : body);
    const model = parsed.model ?? 'unknown';
    await play(queues.get(model)?.shift() ?? { kind: 'reply' }, model, req, res);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    chatRequests,
    enqueue: (model, scenario) => {
      const queue = queues.get(model) ?? [];
      queue.push(scenario);
      queues.set(model, queue);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function play(scenario: UpstreamScenario, model: string, req: IncomingMessage, res: ServerResponse) {
  const left = new AbortController();
  res.on('close', () => left.abort());
  if (scenario.kind === 'status') {
    res.writeHead(scenario.status, { 'Content-Type': 'application/json', ...scenario.headers });
    res.end(scenario.body);
    return;
  }
  if (scenario.kind === 'silent') {
    await waitFor(left.signal);
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const pieces = scenario.kind === 'reply' ? (scenario.pieces ?? DEFAULT_PIECES) : DEFAULT_PIECES;
  const count = scenario.kind === 'reply' ? pieces.length : Math.min(scenario.afterPieces, pieces.length);
  const delay = scenario.kind === 'reply' ? (scenario.chunkDelayMs ?? 2) : 2;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: Record<string, number>) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-fake-upstream',
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    })}\n\n`;
  res.write(chunk({ role: 'assistant', content: '' }, null));
  for (let i = 0; i < count; i++) {
    await pause(delay, left.signal).catch(() => undefined);
    if (left.signal.aborted) return;
    res.write(chunk({ content: pieces[i] }, null));
  }
  switch (scenario.kind) {
    case 'reply':
      res.write(chunk({}, 'stop'));
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-fake-upstream', object: 'chat.completion.chunk', created, model, choices: [], usage: { prompt_tokens: 11, completion_tokens: count, total_tokens: 11 + count } })}\n\n`,
      );
      if (!scenario.omitDone) res.write('data: [DONE]\n\n');
      res.end();
      return;
    case 'stall':
      await waitFor(left.signal);
      return;
    case 'drop':
      req.socket.destroy();
      return;
    case 'errorChunk':
      res.write(`data: ${JSON.stringify({ error: { message: scenario.message, type: 'server_error' } })}\n\n`);
      res.end();
      return;
  }
}

function waitFor(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
