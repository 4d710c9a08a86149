/**
 * The browser demo, once its table is chosen (demoTable.ts): Roundtable in a real VS Code (code-server), installed
 * from the .vsix that `pnpm package` built exactly as the end-to-end suite does, for a person to try in a browser;
 * runs until Ctrl+C. Set ROUNDTABLE_DEMO_PORT for a fixed port (default: a free one). `pnpm demo` (demo.ts) and
 * `pnpm start` (start/main.ts) both end here, after printing the table's first line.
 */
import { markerScenarios, type RealModel, startFakeProxy } from '@roundtable/testkit';
import { seatLocalModel } from './demoModel';
import { type DemoTable, fallbackLine, LOCAL_MAX_TOKENS, localTableSettings, SCRIPTED_PARTICIPANTS } from './demoTable';
import { startRoundtableServer } from './session';
import { roundtableSettings } from './settings';

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

export async function runDemo(table: DemoTable): Promise<void> {
  const port = demoPort();
  let model: RealModel | undefined;
  if (table.kind === 'real') {
    const seated = await seatLocalModel(table, { log: (line) => console.log(line) });
    if (seated.ok) model = seated.model;
    else console.log(fallbackLine(seated.reason));
  }
  // The fake proxy runs with either table: with the local model it is still the built-in proxy the extension points
  // at (external mode needs one), just with no seat on it (see localTableSettings).
  const proxy = await startFakeProxy();
  const closeBackends = async () => {
    await proxy.close();
    await model?.close();
  };
  let session: Awaited<ReturnType<typeof startRoundtableServer>>;
  try {
    session = await startRoundtableServer({
      kind: 'demo',
      proxyUrl: proxy.url,
      settings: model
        ? localTableSettings(proxy.url, model.baseUrl)
        : roundtableSettings(proxy.url, SCRIPTED_PARTICIPANTS),
      ...(port === undefined ? {} : { port }),
    });
  } catch (error) {
    await closeBackends();
    console.error((error as Error).message);
    process.exit(1);
  }

  /**
   * One cleanup, however many signals arrive: under tsx a Ctrl+C reaches this process twice (from the terminal and
   * relayed by the tsx wrapper). Stopping is bounded (SIGKILL after 10 s, and 5 s for the model server), so there is
   * no "press again to force". The model server also ends by itself when this process dies (its stdin closes).
   */
  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping code-server, the fake proxy${model ? ' and the local model' : ''}…`);
    await session.stop();
    await closeBackends();
    process.exit(0);
  }
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  const { server, runDir } = session;
  const seats = model
    ? [
        `  Local model:        ${model.url}  (SmolLM2-135M-Instruct on llama.cpp's server; the seats`,
        `                      @${model.aliases.join(', @')} share it, ${LOCAL_MAX_TOKENS} tokens a reply at most)`,
        `  Fake CLIProxyAPI:   ${proxy.url}  (the built-in proxy, with no seat on it)`,
      ]
    : [
        `  Fake CLIProxyAPI:   ${proxy.url}  (replies echo what each model received;`,
        '                      put [[fake:<name>]] in a message for a fault)',
        `  Fault markers:      ${wrap(Object.keys(markerScenarios).join(', '), 90).join('\n                      ')}`,
      ];
  console.log(
    [
      '',
      'Roundtable demo is running.',
      '',
      `  Open in a browser:  ${server.workbenchUrl}`,
      '                      then click the Roundtable icon in the activity bar.',
      ...seats,
      `  Logs and state:     ${runDir.root}`,
      '',
      `All listen on 127.0.0.1 only. From another machine: ssh -L ${server.port}:127.0.0.1:${server.port} <this host>.`,
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
}
