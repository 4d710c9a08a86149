import * as path from 'node:path';
import { type CommandHost, candidatesOf, envValue, findOnPath, PROGRAM_EXTENSIONS } from './commandHost';

/** What a batch file runs, to be started without cmd.exe: the program, the arguments before the caller's, variables. */
export interface BatchTarget {
  readonly file: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Metacharacters that make cmd.exe do something other than run one program when they stand outside quotes. */
const METACHARACTERS = /[&|<>^()]/;
/** cmd-shim's line that ends the local scope without a "Terminate batch job?" prompt, then runs the program. */
const CMD_SHIM_PREFIX = /^endlocal\s*&\s*goto\s+#_undefined_#\s+2>nul\s*\|\|\s*title\s+%comspec%\s*&\s*/i;
/** Variables that are the shims' own workings, not meant for the program they run. */
const SHIM_INTERNALS = new Set(['dp0', '_prog', 'pathext']);
/** A batch file that jumps more than this is not a shim. */
const STEP_LIMIT = 200;

/**
 * Reads a batch file that runs one program with the batch file's arguments (`… %*`), as npm's and pnpm's shims
 * (cmd-shim) and VS Code's `code.cmd` do, and says what it would run, so that the program is started directly, with
 * no shell. Node refuses to start a `.cmd` or `.bat` without a shell (EINVAL, since the fix for CVE-2024-27980), and
 * through cmd.exe every argument would pass cmd's parser (`%` expansion, `^`, `&`, the BatBadBut class of bugs): so
 * Roundtable never hands cmd.exe an argument, and a batch file it cannot see through is refused with a sentence.
 *
 * It follows the batch file as cmd.exe would, for the few statements shims use: `@echo off`, `setlocal`, `goto`,
 * `call :label` and `exit /b`, `set` (the shim's variables, and the ones the program is given), `if exist "…" (` and `if [not]
 * defined X (` blocks with `) else (`, and the one line that runs a program with `%*`. Anything else is refused.
 */
export async function readBatchShim(file: string, host: CommandHost): Promise<BatchTarget | { reason: string }> {
  const lines = (await host.readText(file)).split(/\r?\n/).map((line) => line.trim().replace(/^@/, '').trim());
  const dp0 = path.win32.dirname(file) + path.win32.sep;
  const vars = new Map<string, string>();
  const env: Record<string, string | undefined> = {};
  const refuse = (why: string) => ({
    reason: `\`${file}\` is a batch file Roundtable cannot start without cmd.exe: ${why}`,
  });
  const unknown = (line: string) => refuse(`it does more than run one program (${JSON.stringify(line.slice(0, 80))}).`);
  const expand = (text: string) =>
    text.replace(/%~dp0|%([^%\s]+)%/gi, (whole, name: string | undefined) => {
      if (name === undefined) return dp0;
      return vars.get(name.toLowerCase()) ?? envValue(host.env, name, 'win32') ?? whole;
    });
  /** The blocks the walk is in: whether each one's branch is the one taken. */
  const blocks: boolean[] = [];
  const active = () => blocks.every(Boolean);
  /** Where each `call :label` returns to. */
  const returns: number[] = [];
  let steps = 0;
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at] ?? '';
    const lower = line.toLowerCase();
    if (++steps > STEP_LIMIT) return refuse('it loops.');
    if (line === '' || lower.startsWith('rem ') || line.startsWith('::')) continue;
    if (lower === ')') {
      if (blocks.pop() === undefined) return unknown(line);
      continue;
    }
    if (lower === ') else (') {
      if (blocks.length === 0) return unknown(line);
      blocks.push(!blocks.pop());
      continue;
    }
    const condition = /^if\s+(not\s+)?(exist|defined)\s+("[^"]*"|\S+)\s+\($/i.exec(line);
    if (condition) {
      const [, not, test, subject = ''] = condition;
      const holds =
        test?.toLowerCase() === 'exist'
          ? await host.isExecutable(path.win32.normalize(expand(subject.replace(/^"|"$/g, ''))))
          : vars.has(subject.toLowerCase()) || envValue(host.env, subject, 'win32') !== undefined;
      blocks.push(not ? !holds : holds);
      continue;
    }
    // A branch not taken is only walked for its structure.
    if (!active()) continue;
    if (/^(echo off|setlocal|:\S+)$/i.test(line)) continue;
    const jump = /^(goto|call)\s+(:?)(\S+)$/i.exec(line);
    if (jump) {
      const [, how = '', colon, name = ''] = jump;
      const label = lines.findIndex((l) => l.toLowerCase() === `:${name.toLowerCase()}`);
      // `call` of a label is a subroutine (`exit /b` returns); `call` of anything else runs another batch file.
      if (label < 0 || blocks.length > 0 || (how.toLowerCase() === 'call' && colon === '')) return unknown(line);
      if (how.toLowerCase() === 'call') returns.push(at);
      at = label;
      continue;
    }
    if (lower === 'exit /b') {
      const back = returns.pop();
      if (back === undefined || blocks.length > 0) return refuse('it ends before it runs a program.');
      at = back;
      continue;
    }
    const set = /^set\s+(?:"([^"=\s/]+)=([^"]*)"|([^"=\s/]+)=(.*))$/i.exec(line);
    if (set) {
      const name = set[1] ?? set[3] ?? '';
      const raw = set[2] ?? set[4] ?? '';
      // PATHEXT is only narrowed for cmd's own search of `node`; a program a shim names is looked for among .exe/.com.
      if (name.toLowerCase() === 'pathext') continue;
      if (set[3] !== undefined && METACHARACTERS.test(raw)) return unknown(line);
      const value = expand(raw);
      if (value.includes('%')) return unknown(line);
      vars.set(name.toLowerCase(), value);
      if (!SHIM_INTERNALS.has(name.toLowerCase())) env[name] = value === '' ? undefined : value;
      continue;
    }
    if (/(^|\s)%\*$/.test(line)) return runLine(line, expand, host, refuse, unknown, env);
    return unknown(line);
  }
  return refuse('no line in it runs a program with its arguments (`%*`).');
}

/** The line `[prefix] "program" [args…] %*`: the program found, its arguments expanded, nothing left for a shell. */
async function runLine(
  line: string,
  expand: (text: string) => string,
  host: CommandHost,
  refuse: (why: string) => { reason: string },
  unknown: (line: string) => { reason: string },
  env: Record<string, string | undefined>,
): Promise<BatchTarget | { reason: string }> {
  // `start /b ""` (some VS Code releases' code.cmd) only detaches the program from the console: run it directly.
  const command = line
    .replace(CMD_SHIM_PREFIX, '')
    .replace(/^start\s+\/b\s+""\s+/i, '')
    .replace(/\s*%\*$/, '');
  const tokens: string[] = [];
  for (const [, quoted, bare] of command.matchAll(/\s*(?:"([^"]*)"|([^\s"]+))/g)) {
    if (bare !== undefined && METACHARACTERS.test(bare)) return unknown(line);
    const token = expand(quoted ?? bare ?? '');
    if (token.includes('%')) return unknown(line);
    // A path the shim builds from its own folder (`%~dp0\..\x`) is made plain: `C:\npm\..\x` is `C:\x`.
    tokens.push(/[\\/]/.test(token) ? path.win32.normalize(token) : token);
  }
  const [program, ...args] = tokens;
  if (program === undefined) return unknown(line);
  if (!/[\\/]/.test(program)) {
    const found = await findOnPath(program, host, PROGRAM_EXTENSIONS);
    return found ? { file: found, args, env } : refuse(`it runs \`${program}\`, which is not on PATH.`);
  }
  if (!path.win32.isAbsolute(program)) return refuse(`it runs \`${program}\`, a relative path.`);
  for (const candidate of candidatesOf(program, host, PROGRAM_EXTENSIONS)) {
    if (await host.isExecutable(candidate)) return { file: candidate, args, env };
  }
  return refuse(`the program it runs, \`${program}\`, is missing (reinstall it).`);
}
