/**
 * `pnpm demo-proxy -- --port 8317 --access-key abc`: runs the fake CLIProxyAPI until SIGINT/SIGTERM, for trying the
 * extension (and its error paths, through `[[fake:…]]` markers) without real accounts.
 */
import { parseArgs } from 'node:util';
import { startFakeProxy } from './fakeProxy';

// pnpm forwards the `--` separator itself on some versions; it is not an argument.
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const { values } = parseArgs({
  args,
  options: {
    port: { type: 'string', default: '8317' },
    'access-key': { type: 'string', multiple: true },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`--port must be a port number, got "${values.port}"`);
  process.exit(2);
}

const proxy = await startFakeProxy({ port, accessKeys: values['access-key'] ?? [] });
console.log(`Fake CLIProxyAPI listening on ${proxy.url}`);

const stop = () => {
  proxy.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
