import type { CliPlace } from '../dialect';

// Codex runs with `--ignore-user-config`: nothing of the user's config.toml reaches a turn but what routes its
// traffic, carried over as `-c` overrides. Codex merges an override into the user's tables instead of replacing
// them, so reading the file itself would keep the user's MCP servers, hooks, instructions and features; an override
// of a key Roundtable chose keeps only what it names.
//
// The value of each kept key is the user's own TOML text, handed back to Codex as is (`-c key=<TOML value>` is parsed
// by Codex): this reader only finds where keys and their values are, it never interprets a value.

/** The user's Codex folder: `CODEX_HOME`, else `~/.codex` (the login lives there too, and it is never moved). */
export function codexUserHome(place: CliPlace): string {
  return place.userEnv.CODEX_HOME?.trim() || place.join(place.userHome, '.codex');
}

export function codexConfigFile(place: CliPlace): string {
  return place.join(codexUserHome(place), 'config.toml');
}

/** What of config.toml routes traffic: `-c` overrides, and the provider it selects (undefined: OpenAI's own). */
export interface CodexRouting {
  overrides: string[];
  provider: string | undefined;
}

/** Top-level keys carried over: the built-in provider's addresses. */
const ADDRESS_KEYS = new Set(['openai_base_url', 'chatgpt_base_url']);
/** A key Codex's `-c` path syntax can name (it splits the path on dots, with no quoting). */
const BARE = /^[A-Za-z0-9_-]+$/;

/**
 * The routing keys of a config.toml text: `model_provider` (or the selected `profile`'s), every
 * `[model_providers.<id>]` definition, `openai_base_url` and `chatgpt_base_url`. A key whose path needs quotes
 * (`[model_providers."my.corp"]`) cannot be named by `-c` and is left out.
 */
export function codexRouting(text: string | undefined): CodexRouting {
  const entries = tomlEntries(text ?? '');
  const value = (path: string) => entries.find((e) => e.path.join('.') === path)?.raw;
  const profile = unquote(value('profile'));
  const provider =
    (profile && BARE.test(profile) ? value(`profiles.${profile}.model_provider`) : undefined) ??
    value('model_provider');
  const overrides: string[] = [];
  if (provider !== undefined) overrides.push('-c', `model_provider=${provider}`);
  for (const { path, raw } of entries) {
    const kept = path[0] === 'model_providers' || (path.length === 1 && ADDRESS_KEYS.has(path[0] ?? ''));
    if (kept && path.every((part) => BARE.test(part))) overrides.push('-c', `${path.join('.')}=${raw}`);
  }
  const id = unquote(provider);
  return { overrides, provider: id === 'openai' ? undefined : id };
}

/**
 * Whether the login lives in `auth.json` (the default, `cli_auth_credentials_store = "file"`), so a turn can run
 * with a private CODEX_HOME that links it. A keyring login is filed under the CODEX_HOME folder's path, so only the
 * user's own folder finds it.
 */
export function codexLoginInFile(text: string | undefined): boolean {
  const store = tomlEntries(text ?? '').find((e) => e.path.join('.') === 'cli_auth_credentials_store')?.raw;
  return store === undefined || unquote(store) === 'file';
}

function unquote(raw: string | undefined): string | undefined {
  const match = raw === undefined ? null : /^(?:"([^"\\]*)"|'([^']*)')$/.exec(raw.trim());
  return match ? (match[1] ?? match[2]) : undefined;
}

interface TomlEntry {
  /** The key's full path: its table's, then its own dotted parts. */
  path: string[];
  /** The value's TOML text, comments removed. */
  raw: string;
}

/** A bare or quoted key part, as TOML writes it. */
const KEY_PART = String.raw`(?:[A-Za-z0-9_-]+|"(?:[^"\\]|\\.)*"|'[^']*')`;
const PAIR = new RegExp(String.raw`^\s*(${KEY_PART}(?:\s*\.\s*${KEY_PART})*)\s*=(.*)$`);
const HEADER = new RegExp(String.raw`^\s*(\[\[?)\s*(${KEY_PART}(?:\s*\.\s*${KEY_PART})*)\s*\]\]?\s*(?:#.*)?$`);

/**
 * Every `key = value` of a TOML document with its full path. Array-of-tables (`[[x]]`) entries are skipped (no
 * routing key lives in one); a value spans lines while a bracket or a multi-line string is open.
 */
function tomlEntries(text: string): TomlEntry[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const entries: TomlEntry[] = [];
  let table: string[] | null = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (/^\s*\[/.test(line)) {
      const header = HEADER.exec(line);
      table = header && header[1] === '[' ? keyPath(header[2] ?? '') : null;
      continue;
    }
    const pair = PAIR.exec(line);
    if (!pair) continue;
    let raw = pair[2] ?? '';
    let value = valueText(raw);
    while (value === undefined && i + 1 < lines.length) {
      raw = `${raw}\n${lines[++i] ?? ''}`;
      value = valueText(raw);
    }
    if (table !== null && value !== undefined)
      entries.push({ path: [...table, ...keyPath(pair[1] ?? '')], raw: value });
  }
  return entries;
}

/** A dotted key's parts, quotes removed. */
function keyPath(key: string): string[] {
  const parts = key.match(new RegExp(KEY_PART, 'g')) ?? [];
  return parts.map((part) => (part.startsWith('"') ? (JSON.parse(part) as string) : part.replace(/^'|'$/g, '')));
}

/** A value's text without its comments, or undefined while a bracket or a string is still open. */
function valueText(raw: string): string | undefined {
  let depth = 0;
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const quote = /^("""|'''|"|')/.exec(raw.slice(i))?.[1];
    if (quote) {
      const close = closingQuote(raw, i + quote.length, quote);
      if (close === -1) return undefined;
      out += raw.slice(i, close + quote.length);
      i = close + quote.length;
      continue;
    }
    const c = raw[i] ?? '';
    if (c === '#') {
      const newline = raw.indexOf('\n', i);
      if (newline === -1) break;
      i = newline;
      continue;
    }
    if (c === '[' || c === '{') depth++;
    if (c === ']' || c === '}') depth--;
    out += c;
    i++;
  }
  return depth > 0 ? undefined : out.trim();
}

/** The index of the quote closing a string whose text starts at `from`; -1 when it is not closed. */
function closingQuote(raw: string, from: number, quote: string): number {
  for (let i = from; i < raw.length; i++) {
    if (quote[0] === '"' && raw[i] === '\\') {
      i++;
      continue;
    }
    if (raw.startsWith(quote, i)) return i;
    if (quote.length === 1 && raw[i] === '\n') return -1;
  }
  return -1;
}
