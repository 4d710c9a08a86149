// `pnpm eval` (see evalCommand.ts and eval/README.md).
import { evalCommand, processIo } from './evalCommand';

process.exitCode = await evalCommand(process.argv.slice(2), processIo());
