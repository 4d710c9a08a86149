/**
 * `pnpm demo`: Roundtable in a real VS Code (code-server) for a person to try in a browser (demoRun.ts), with three
 * seats on the real local model when it is installed or Python 3.10+ can install it, else (or with `-- --scripted`)
 * on the fake CLIProxyAPI's scripted replies (demoTable.ts). The first line printed says which.
 */
import { demoTableHere } from './demoModel';
import { runDemo } from './demoRun';
import { parseDemoArgs } from './demoTable';

const args = parseDemoArgs(process.argv.slice(2));
if (!args.ok) {
  console.error(args.reason);
  process.exit(2);
}
const table = await demoTableHere(args.scripted, 'pnpm demo -- --scripted');
console.log(table.firstLine);
await runDemo(table);
