/**
 * `pnpm demo`: Roundtable in a real VS Code (code-server) against the fake CLIProxyAPI, for a person to try in a
 * browser. It installs the .vsix that `pnpm package` built, exactly as the end-to-end suite does, and runs until
 * Ctrl+C. Set ROUNDTABLE_DEMO_PORT for a fixed port (default: a free one).
 */
import { markerScenarios, startFakeProxy } from '@roundtable/testkit';
import { startRoundtableServer } from './session';
import type { ParticipantSetting } from './settings';

/** Three families the fake proxy serves, so the demo shows a real round table; each echoes what it received. */
const participants: ParticipantSetting[] = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
];

function demoPort(): number | undefined {
  const raw = process.env.ROUNDTABLE_DEMO_PORT;
  if (!raw) return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`ROUNDTABLE_DEMO_PORT=${raw} is not a port`);
  return port;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length + 1 <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const port = demoPort();
const proxy = await startFakeProxy();
let session: Awaited<ReturnType<typeof startRoundtableServer>>;
try {
  session = await startRoundtableServer({
    kind: 'demo',
    proxyUrl: proxy.url,
    participants,
    ...(port === undefined ? {} : { port }),
  });
} catch (error) {
  await proxy.close();
  console.error((error as Error).message);
  process.exit(1);
}

/**
 * One cleanup, however many signals arrive: under tsx a Ctrl+C reaches this process twice (from the terminal and
 * relayed by the tsx wrapper). Stopping is bounded (SIGKILL after 10 s), so there is no "press again to force".
 */
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping code-server and the fake proxy…`);
  await session.stop();
  await proxy.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const { server, runDir } = session;
console.log(
  [
    '',
    'Roundtable demo is running.',
    '',
    `  Open in a browser:  ${server.workbenchUrl}`,
    '                      then click the Roundtable icon in the activity bar.',
    `  Fake CLIProxyAPI:   ${proxy.url}  (replies echo what each model received;`,
    '                      put [[fake:<name>]] in a message for a fault)',
    `  Fault markers:      ${wrap(Object.keys(markerScenarios).join(', '), 90).join('\n                      ')}`,
    `  Logs and state:     ${runDir.root}`,
    '',
    `Both listen on 127.0.0.1 only. From another machine: ssh -L ${server.port}:127.0.0.1:${server.port} <this host>.`,
    'Press Ctrl+C to stop.',
    '',
  ].join('\n'),
);
