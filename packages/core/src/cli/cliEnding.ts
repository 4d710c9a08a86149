import type { ChatError } from '../llm/types';
import type { CliExit } from './cliProcess';
import { type CliDialect, signedOutError } from './dialect';

/** How much of a CLI's stderr a reply's error keeps: the end, where the reason usually is. */
export const MAX_STDERR_SHOWN = 800;

// Things that look like credentials, in whatever a CLI prints: API keys, bearer tokens, Google access tokens. A CLI
// may echo its configuration or a request on failure; none of that may reach a thread file.
const CREDENTIALS =
  /\b(?:sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,}|ya29\.[0-9A-Za-z._-]+|eyJ[0-9A-Za-z_-]{10,}\.[0-9A-Za-z._-]+)|(Bearer\s+)[^\s"']+|((?:api[_-]?key|token|password|secret)["']?\s*[:=]\s*["']?)[^\s"',}]+/gi;

/** The CLI's own words, safe to show and keep: credentials masked, colour codes removed, the last part only. */
export function cleanCliWords(text: string): string {
  const plain = text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are what is being removed
    .replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '')
    .replace(CREDENTIALS, (_m, bearer?: string, field?: string) => `${bearer ?? field ?? ''}[redacted]`)
    .trim();
  return plain.length > MAX_STDERR_SHOWN ? `…${plain.slice(-MAX_STDERR_SHOWN)}` : plain;
}

/** A process that stopped before its reply was complete: why, in the CLI's own words when it left any. */
export function endedEarly(dialect: CliDialect, exit: CliExit, stderr: string): ChatError {
  const words = cleanCliWords(stderr);
  if (words && dialect.saysSignedOut(words)) return signedOutError(dialect, words);
  const how =
    exit.signal !== null
      ? `was ended by ${exit.signal}`
      : exit.code === 0
        ? 'exited'
        : `exited with code ${exit.code ?? 'unknown'}`;
  const said = words ? `: ${words}` : ' without a word on stderr.';
  return { kind: 'stream', message: `${dialect.productName} ${how} before finishing its reply${said}` };
}

/** A stdout line the dialect cannot read: the reply ends, with the line's start and the CLI's stderr. */
export function unreadableLine(dialect: CliDialect, line: string, stderr: string): ChatError {
  const words = cleanCliWords(stderr);
  return {
    kind: 'stream',
    message: `${dialect.productName} wrote a line Roundtable cannot read: ${JSON.stringify(cleanCliWords(line))}${words ? `. It said: ${words}` : ''}`,
  };
}
