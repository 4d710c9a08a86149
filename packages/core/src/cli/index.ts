// The official CLIs as seats: dialects (flags and event formats), the stdout reader and the turn runner. A subpath of
// its own (`@roundtable/core/cli`), so only the code that runs a CLI turn bundles it.
export { cleanCliWords, endedEarly, MAX_STDERR_SHOWN } from './cliEnding';
export { type CliInput, cliInput } from './cliInput';
export type { CliExit, CliLaunch, CliLauncher, CliProcess } from './cliProcess';
export { type CliReading, CliStreamReader, MAX_CLI_LINE_CHARS, readCliOutput } from './cliStream';
export {
  CLI_INSTALL_PAGES,
  CLI_KINDS,
  type CliDialect,
  type CliInterpreter,
  type CliKind,
  type CliLoginCheck,
  type CliLoginFacts,
  type CliLoginState,
  type CliPlace,
  type CliStep,
  type CliTurn,
  signedOutError,
} from './dialect';
export { dialectOf } from './dialects';
export { type CliReplyRequest, streamCliReply } from './streamCliReply';
