// The official CLIs as seats: dialects (flags and event formats), the stdout reader and the turn runner. A subpath of
// its own (`@roundtable/core/cli`), so only the code that runs a CLI turn bundles it.
export { type CliInput, cliInput } from './cliInput';
export { type CliReading, CliStreamReader, MAX_CLI_LINE_CHARS, readCliOutput } from './cliStream';
export {
  CLI_KINDS,
  type CliDialect,
  type CliInterpreter,
  type CliKind,
  type CliStep,
  type CliTurn,
  signedOutError,
} from './dialect';
