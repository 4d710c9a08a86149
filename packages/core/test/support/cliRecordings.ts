import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { expect } from 'vitest';
import { readCliOutput } from '../../src/cli/cliStream';
import type { CliDialect, CliKind } from '../../src/cli/dialect';

/** What the recorder wrote of one CLI's runs (src/cli/fixtures/<kind>/<name>.stdout, .stderr, .meta.json). */
export function recordings(kind: CliKind) {
  const dir = fileURLToPath(new URL(`../../src/cli/fixtures/${kind}/`, import.meta.url));
  const stdout = (name: string) => new Uint8Array(readFileSync(`${dir}${name}.stdout`));
  const text = (name: string) => new TextDecoder().decode(stdout(name));
  return {
    /** Every recorded run, by name. */
    names: () =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.meta.json'))
        .map((f) => f.slice(0, -'.meta.json'.length)),
    stdout,
    text,
    lines: (name: string) => text(name).split('\n'),
    stderr: (name: string) => readFileSync(`${dir}${name}.stderr`, 'utf8'),
    meta: <T = { exitCode: number; args: string[]; requests: string[] }>(name: string) =>
      JSON.parse(readFileSync(`${dir}${name}.meta.json`, 'utf8')) as T,
  };
}

export const encode = (text: string) => new TextEncoder().encode(text);

/** The recorded `lines` as bytes, with `added` put before the first line that has `marker`. */
export function withLinesBefore(lines: readonly string[], marker: string, ...added: string[]): Uint8Array {
  const at = lines.findIndex((line) => line.includes(marker));
  expect(at, `a line with ${marker}`).toBeGreaterThanOrEqual(0);
  return encode(lines.toSpliced(at, 0, ...added).join('\n'));
}

/** The recorded `lines` as bytes, with `from` replaced by `to` in the first line that has `marker`. */
export function withReplaced(lines: readonly string[], marker: string, from: string, to: string): Uint8Array {
  const at = lines.findIndex((line) => line.includes(marker));
  expect(lines[at], `a line with ${marker}`).toContain(from);
  return encode(lines.map((line, i) => (i === at ? line.replace(from, to) : line)).join('\n'));
}

/** `bytes` cut at the given offsets (sorted, repeats give empty reads). */
export function cutAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[] {
  const bounds = [0, ...[...offsets].sort((a, b) => a - b), bytes.byteLength];
  return bounds.slice(1).map((end, i) => bytes.slice(bounds[i], end));
}

/**
 * How stdout is cut into reads must not matter: every single cut (inside a UTF-8 character too), one byte at a time,
 * and any number of random cuts read exactly as the whole.
 */
export function expectCutsReadTheSame(dialect: CliDialect, bytes: Uint8Array, numRuns = 300): void {
  const whole = readCliOutput(dialect, [bytes]);
  for (let i = 0; i <= bytes.byteLength; i++) expect(readCliOutput(dialect, cutAt(bytes, [i]))).toEqual(whole);
  expect(
    readCliOutput(
      dialect,
      Array.from(bytes, (_, i) => bytes.slice(i, i + 1)),
    ),
  ).toEqual(whole);
  fc.assert(
    fc.property(fc.array(fc.nat(bytes.byteLength), { maxLength: 40 }), (offsets) => {
      expect(readCliOutput(dialect, cutAt(bytes, offsets))).toEqual(whole);
    }),
    { numRuns },
  );
}

/** How many bytes of `bytes` are inside a multi-byte UTF-8 character (continuation bytes). */
export function continuationBytes(bytes: Uint8Array): number {
  return [...bytes].filter((b) => (b & 0b1100_0000) === 0b1000_0000).length;
}
