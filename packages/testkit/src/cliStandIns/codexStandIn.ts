// A loopback stand-in of the OpenAI Responses API (`POST /v1/responses`, `stream: true`) for the Codex CLI.
//
// Codex 0.169.0 takes its provider's address from config.toml only (it ignores OPENAI_BASE_URL), and Roundtable runs
// it with `--ignore-user-config`, so no variable can point it elsewhere. The stand-in is therefore the HTTPS proxy the
// CLI is given (`HTTPS_PROXY`): every CONNECT is recorded (the proof of which hosts the CLI tried to reach), and each
// tunnel is answered by this server over TLS with a certificate from a throwaway CA the CLI is told to trust
// (`CODEX_CA_CERTIFICATE`). Nothing leaves the machine: a tunnel is never forwarded anywhere.
//
// The wire format is the Responses API's: server-sent events named by their `type`, a `response.completed` carrying
// the usage, and errors as an HTTP status with OpenAI's `{error: {message, type, param, code}}` body.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext, type SecureContext, TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { pause } from '../pause';
import { readBody } from '../readBody';
import type { RecordedRequest, StandIn, StandInScenario, StartStandIn } from './scenario';
import { startStandInServer } from './standInServer';

const run = promisify(execFile);

/** The placeholder key the CLI sends as `Authorization: Bearer …`; never a real key. */
export const PLACEHOLDER_KEY = 'sk-roundtable-stand-in-placeholder';

/** OpenAI's words for a request that carries no API key. */
const NO_KEY =
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth " +
  '(i.e. Authorization: Bearer YOUR_KEY). You can obtain an API key from https://platform.openai.com/account/api-keys.';

/** Between two streamed events: long enough that the CLI reads them as separate chunks. */
const CHUNK_DELAY_MS = 20;

/** OpenAI's `error.type` / `error.code` for a status, as its API spells them. */
function errorShape(status: number): { type: string; code: string | null } {
  if (status === 401) return { type: 'invalid_request_error', code: 'invalid_api_key' };
  if (status === 429) return { type: 'requests', code: 'rate_limit_exceeded' };
  if (status >= 500) return { type: 'server_error', code: null };
  return { type: 'invalid_request_error', code: null };
}

function sse(res: ServerResponse, data: Record<string, unknown> & { type: string }): void {
  res.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
}

function message(id: string, status: string, text?: string): Record<string, unknown> {
  const content = text === undefined ? [] : [{ type: 'output_text', text, annotations: [] }];
  return { id, type: 'message', role: 'assistant', status, content };
}

async function serve(res: ServerResponse, scenario: StandInScenario, n: number, signal: AbortSignal): Promise<void> {
  if (scenario.kind === 'error') {
    const { type, code } = errorShape(scenario.status);
    res.writeHead(scenario.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: scenario.message, type, param: null, code } }));
    return;
  }
  if (scenario.kind === 'usageLimit') {
    res.writeHead(429, { 'content-type': 'application/json' });
    res.end(JSON.stringify(usageLimitBody(scenario.resetsAt)));
    return;
  }
  const [responseId, itemId] = [`resp_standin_${n}`, `msg_standin_${n}`];
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const response = { id: responseId, object: 'response', model: 'stand-in' };
  sse(res, { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } });
  sse(res, { type: 'response.output_item.added', output_index: 0, item: message(itemId, 'in_progress') });
  const part = { type: 'output_text', text: '', annotations: [] };
  sse(res, { type: 'response.content_part.added', item_id: itemId, output_index: 0, content_index: 0, part });
  for (const delta of scenario.chunks) {
    if (!(await pause(CHUNK_DELAY_MS, signal))) return;
    sse(res, { type: 'response.output_text.delta', item_id: itemId, output_index: 0, content_index: 0, delta });
  }
  if (scenario.kind === 'stall') return; // the head and chunks are out; nothing more until the client leaves
  if (scenario.kind === 'drop') {
    await pause(CHUNK_DELAY_MS, signal);
    res.destroy(); // mid-stream: no `response.completed`, no end of the chunked body
    return;
  }
  const done = message(itemId, 'completed', scenario.chunks.join(''));
  sse(res, { type: 'response.output_item.done', output_index: 0, item: done });
  const { inputTokens, outputTokens } = scenario.usage;
  const usage = {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
  sse(res, { type: 'response.completed', response: { ...response, status: 'completed', output: [done], usage } });
  res.end();
}

/**
 * What the ChatGPT backend answers a Codex request once the plan's usage limit is spent (a 429): `usage_limit_reached`,
 * with the plan and when the limit resets, as a moment (`resets_at`, seconds since the epoch) and as a wait.
 */
function usageLimitBody(resetsAt: number): Record<string, unknown> {
  const wait = Math.max(0, resetsAt - Math.floor(Date.now() / 1000));
  return {
    error: {
      type: 'usage_limit_reached',
      message: 'The usage limit has been reached',
      plan_type: 'plus',
      resets_at: resetsAt,
      resets_in_seconds: wait,
    },
  };
}

/**
 * A throwaway certificate authority (in `dir`) and, per host, a leaf certificate it signs: what the CLI's TLS client
 * accepts once `CODEX_CA_CERTIFICATE` names the CA. Uses the `openssl` command (no dependency).
 */
function certificates(dir: string): {
  caFile: string;
  ready: Promise<void>;
  contextFor(host: string): Promise<SecureContext>;
} {
  const caFile = join(dir, 'ca.pem');
  const caKey = join(dir, 'ca.key');
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  const ready = run('openssl', [
    ...['req', '-x509', ...ec, '-keyout', caKey, '-out', caFile, '-days', '2'],
    ...['-subj', '/CN=Roundtable stand-in CA', '-addext', 'basicConstraints=critical,CA:TRUE'],
    ...['-addext', 'keyUsage=critical,keyCertSign,cRLSign'],
  ]).then(() => undefined);
  const contexts = new Map<string, Promise<SecureContext>>();
  const issue = async (host: string): Promise<SecureContext> => {
    await ready;
    const base = join(dir, host.replace(/[^a-z0-9.-]/gi, '_'));
    await writeFile(`${base}.ext`, `subjectAltName=DNS:${host}\nextendedKeyUsage=serverAuth\n`);
    await run('openssl', ['req', ...ec, '-keyout', `${base}.key`, '-out', `${base}.csr`, '-subj', `/CN=${host}`]);
    await run('openssl', [
      ...['x509', '-req', '-in', `${base}.csr`, '-CA', caFile, '-CAkey', caKey, '-CAcreateserial'],
      ...['-out', `${base}.pem`, '-days', '2', '-extfile', `${base}.ext`],
    ]);
    const [key, cert] = await Promise.all([readFile(`${base}.key`), readFile(`${base}.pem`)]);
    return createSecureContext({ key, cert });
  };
  return {
    caFile,
    ready,
    contextFor(host) {
      const known = contexts.get(host);
      if (known) return known;
      const context = issue(host);
      contexts.set(host, context);
      return context;
    },
  };
}

export const startStandIn: StartStandIn = async (initial) => {
  const requests: RecordedRequest[] = [];
  const state = { scenario: initial, served: 0 };
  const dir = await mkdtemp(join(tmpdir(), 'rt-codex-standin-'));
  const certs = certificates(dir);
  await certs.ready;
  // The CLI's state folder for the test (its CODEX_HOME, never the user's): no login file, no settings. The login is
  // the placeholder key in CODEX_API_KEY.
  const codexHome = await mkdtemp(join(tmpdir(), 'rt-codex-home-'));

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const path = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    const route = path.split('?')[0] ?? '';
    if (req.method === 'POST' && route.endsWith('/responses')) {
      if (!req.headers.authorization) {
        // What OpenAI answers a request without a key (the CLI sends one when it has no login at all).
        const missing = { kind: 'error', status: 401, message: NO_KEY } as const;
        await serve(res, missing, 0, new AbortController().signal);
        return;
      }
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      state.served++;
      await serve(res, state.scenario, state.served, gone.signal);
      return;
    }
    if (req.method === 'GET' && route.endsWith('/models')) {
      // Model discovery at start-up: an empty list keeps the CLI on the model it was given.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [], models: [] }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `no route ${route}`, type: 'invalid_request_error', code: null } }));
  };

  // Every tunnel is answered by the stand-in itself, over TLS for the host asked (which the test then judges).
  const { server, port, url, close } = await startStandInServer(requests, handle, (req, socket, head, httpServer) => {
    const host = (req.url ?? '').replace(/:\d+$/, '');
    certs.contextFor(host).then(
      (secureContext) => {
        socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) socket.unshift(head);
        const tls = new TLSSocket(socket, { isServer: true, secureContext });
        tls.on('error', () => socket.destroy());
        httpServer.emit('connection', tls);
      },
      () => socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'),
    );
  });
  // A WebSocket upgrade (the CLI's preferred transport to OpenAI) gets 426, on which the CLI goes straight to HTTPS.
  server.on('upgrade', (req: IncomingMessage, socket: Socket) => {
    requests.push({ method: `${req.method ?? 'GET'} (upgrade)`, path: req.url ?? '/', headers: req.headers, body: '' });
    socket.end('HTTP/1.1 426 Upgrade Required\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
  });

  const standIn: StandIn = {
    url,
    port,
    requests,
    providerTunnels: ['api.openai.com:443'],
    get scenario() {
      return state.scenario;
    },
    set scenario(next: StandInScenario) {
      state.scenario = next;
    },
    env: () => ({
      HTTPS_PROXY: url,
      https_proxy: url,
      HTTP_PROXY: url,
      http_proxy: url,
      ALL_PROXY: url,
      NO_PROXY: '',
      no_proxy: '',
      CODEX_CA_CERTIFICATE: certs.caFile,
      CODEX_HOME: codexHome,
      CODEX_API_KEY: PLACEHOLDER_KEY, // what `codex exec` reads as an API-key login (not OPENAI_API_KEY)
    }),
    close: async () => {
      await close();
      await Promise.all([dir, codexHome].map((d) => rm(d, { recursive: true, force: true })));
    },
  };
  return standIn;
};
