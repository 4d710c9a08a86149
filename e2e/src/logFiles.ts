import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CollectedError, ErrorSource } from './noise';

/**
 * Where code-server 4.139.1 writes the logs that matter, below `<user-data>/logs/<YYYYMMDDTHHMMSS>/` (one stamp folder
 * per server start, and another for CLI calls such as --install-extension):
 * - `exthost<N>/remoteexthost.log`: the remote extension host (activation failures, uncaught errors); N counts up
 *   with every window reload;
 * - `exthost<N>/<publisher>.<name>/<channel>.log`: each LogOutputChannel an extension creates;
 * - `remoteagent.log`: the VS Code server itself.
 * Found by listing a run's user-data after driving a probe extension.
 */
export function classifyLogFile(relativePath: string, extensionId: string): ErrorSource | undefined {
  const parts = relativePath.split(path.sep);
  if (parts.length === 2 && parts[1] === 'remoteagent.log') return 'server-log';
  if (parts.length === 3 && /^exthost\d+$/.test(parts[1] ?? '') && parts[2] === 'remoteexthost.log') {
    return 'exthost-log';
  }
  if (parts.length === 4 && /^exthost\d+$/.test(parts[1] ?? '') && parts[2] === extensionId) return 'extension-log';
  return undefined;
}

const ENTRY_START = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \[(\w+)\] /;

/** What an extension host logs once the window has told it to stop; errors after it happen during teardown. */
const TERMINATING = /\[info\] Extension host terminating:/;

/** Appended to an error entry logged after TERMINATING, so a noise rule can be limited to teardown. */
export const DURING_SHUTDOWN = '(logged while the extension host was terminating)';

/**
 * Error entries of a VS Code log file; continuation lines (stack traces) belong to the entry above them. Entries
 * logged after "Extension host terminating" are marked with DURING_SHUTDOWN.
 */
export function parseErrorEntries(text: string, maxLinesPerEntry = 8): string[] {
  const entries: { level: string; lines: string[]; shuttingDown: boolean }[] = [];
  let shuttingDown = false;
  for (const line of text.split('\n')) {
    const start = ENTRY_START.exec(line);
    if (start?.[1]) {
      shuttingDown ||= TERMINATING.test(line);
      entries.push({ level: start[1], lines: [line], shuttingDown });
    } else if (line.trim() !== '') entries.at(-1)?.lines.push(line);
  }
  return entries
    .filter((entry) => entry.level === 'error')
    .map((entry) => {
      const lines = entry.lines.slice(0, maxLinesPerEntry);
      return (entry.shuttingDown ? [...lines, DURING_SHUTDOWN] : lines).join('\n');
    });
}

export function readLogErrors(logsDir: string, extensionId: string): CollectedError[] {
  let files: string[];
  try {
    files = readdirSync(logsDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return []; // the server has not written any log yet
  }
  const errors: CollectedError[] = [];
  for (const relativePath of files.sort()) {
    const source = classifyLogFile(relativePath, extensionId);
    if (!source || !relativePath.endsWith('.log')) continue;
    const text = readFileSync(path.join(logsDir, relativePath), 'utf8');
    for (const entry of parseErrorEntries(text)) errors.push({ source, text: entry, where: `logs/${relativePath}` });
  }
  return errors;
}
