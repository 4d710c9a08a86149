import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The official CLIs the project pins; `scripts/real-clis/install.sh` installs exactly these. */
export const REAL_CLIS = {
  claude: { package: '@anthropic-ai/claude-code', version: '2.1.328', program: 'claude' },
  codex: { package: '@openai/codex', version: '0.169.0', program: 'codex' },
  gemini: { package: '@google/gemini-cli', version: '0.61.0', program: 'gemini' },
} as const;
export type RealCliKind = keyof typeof REAL_CLIS;

/**
 * Where a pinned CLI is installed: `ROUNDTABLE_CLIS_CACHE` (else `$XDG_CACHE_HOME` or `~/.cache`, then
 * `roundtable-clis`), then `<package with / as +>@<version>/node_modules/.bin/<program>`.
 */
export function realCli(kind: RealCliKind): { ok: true; path: string } | { ok: false; reason: string } {
  const { package: name, version, program } = REAL_CLIS[kind];
  const cache =
    process.env.ROUNDTABLE_CLIS_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'roundtable-clis');
  const path = join(cache, `${name.replace('/', '+')}@${version}`, 'node_modules', '.bin', program);
  if (existsSync(path)) return { ok: true, path };
  return {
    ok: false,
    reason: `${name}@${version} is not installed (${path} is missing). Run scripts/real-clis/install.sh.`,
  };
}
