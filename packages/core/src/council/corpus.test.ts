// The corpus of replies the council's formats are read from: every fixture under `fixtures/` (hand-written ones in
// `fixtures/written-by-us/`, real models' output in any other folder), each read as the step its header names. Each
// must be read or refused with a reason, never throw; one with an expectation (its folder's `expected.json`) must
// read exactly to it. The header format is in `fixtures/README.md`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { type ReadContext, type ReplyReading, readReply, STEP_KINDS, type StepKind } from './readReply';

const ROOT = fileURLToPath(new URL('./fixtures/', import.meta.url));
const WRITTEN_BY_US = 'written-by-us';

/** One reply of the corpus: the step it answers, what it is read against, and its text without the header. */
interface Fixture {
  /** Its path under `fixtures/`. */
  name: string;
  kind: StepKind | undefined;
  context: ReadContext;
  /** The form it stands for, when a person wrote it (`written by us: …`); undefined for a model's output. */
  writtenByUs: string | undefined;
  text: string;
}

/** Every fixture file under `dir`, in any folder depth: each `.md` or `.txt` but the folders' READMEs. */
function fixtureFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return fixtureFiles(path);
      return /\.(md|txt)$/.test(entry) && entry !== 'README.md' ? [path] : [];
    });
}

/** `<!-- key: value -->` lines at the top of a fixture; the reply is what follows them, as the model wrote it. */
function parseFixture(path: string): Fixture {
  const lines = readFileSync(path, 'utf8').split('\n');
  const header = new Map<string, string>();
  let at = 0;
  for (; at < lines.length; at++) {
    const field = /^<!--\s*([a-z][a-z ]*?)\s*:\s*(.*?)\s*-->\s*$/i.exec(lines[at] ?? '');
    if (!field) break;
    header.set((field[1] ?? '').toLowerCase(), field[2] ?? '');
  }
  const list = (key: string, separator: string) =>
    header
      .get(key)
      ?.split(separator)
      .map((s) => s.trim())
      .filter((s) => s !== '');
  const step = header.get('step');
  return {
    name: relative(ROOT, path),
    kind: STEP_KINDS.find((k) => k === step),
    context: { letters: list('letters', ',') ?? ['A', 'B', 'C'], claims: list('claims', '|') ?? [] },
    writtenByUs: header.get('written by us'),
    text: lines.slice(at).join('\n'),
  };
}

/** The expected readings of a folder's fixtures, by file name; empty when it has no `expected.json`. */
function expectations(dir: string): Record<string, ReplyReading> {
  const path = join(dir, 'expected.json');
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, ReplyReading>) : {};
}

const files = fixtureFiles(ROOT);
const fixtures = files.map(parseFixture);

describe('the corpus of replies', () => {
  test('holds the hand-written forms', () => {
    expect(fixtures.filter((f) => f.name.startsWith(`${WRITTEN_BY_US}/`)).length).toBeGreaterThanOrEqual(30);
  });

  test.each(fixtures.map((f) => [f.name, f] as const))('%s is read or refused with a reason', (_name, fixture) => {
    expect(fixture.kind, 'its header names no step: <!-- step: answer|review|synthesis|positions -->').toBeDefined();
    const reading = readReply(fixture.kind ?? 'answer', fixture.text, fixture.context);
    if ('unread' in reading) expect(reading.unread.trim()).not.toBe('');
    else expect(reading.read).toBeDefined();
    const expected = expectations(dirname(join(ROOT, fixture.name)))[basename(fixture.name)];
    if (expected) expect(reading).toEqual(expected);
  });

  test('each reply, read as any step, gives a reading and never throws', () => {
    for (const fixture of fixtures) {
      for (const kind of STEP_KINDS) {
        const reading = readReply(kind, fixture.text, fixture.context);
        expect('read' in reading || ('unread' in reading && reading.unread !== '')).toBe(true);
      }
    }
  });

  test('each reader reads 100 KB of what would make a backtracking pattern or a rescan hang, at once', () => {
    const hostile = [
      '{'.repeat(100_000),
      '{"claims": [\n'.repeat(8_000),
      '|---|\n'.repeat(16_000),
      `| Claim | A |\n|---|---|\n${'| x | - |\n'.repeat(8_000)}`,
      '- a - b - c - d - e - f - g - h - i - j - k - l - m\n'.repeat(2_000),
      '\\boxed{'.repeat(14_000),
      'Answer:\n'.repeat(12_000),
      '{"'.repeat(50_000),
      `{${', '.repeat(50_000)}`,
      `{${'/*'.repeat(50_000)}`,
      `Verdict:${' '.repeat(100_000)}x`,
    ];
    const started = performance.now();
    for (const text of hostile) {
      for (const kind of STEP_KINDS) readReply(kind, text, { letters: ['A', 'B'], claims: ['x'] });
    }
    // Each is read in a few milliseconds; one pattern that backtracks takes minutes on any of them.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  test('each hand-written fixture says which form it stands for, and has its expected reading', () => {
    const dir = join(ROOT, WRITTEN_BY_US);
    const expected = expectations(dir);
    const ours = fixtures.filter((f) => f.name.startsWith(`${WRITTEN_BY_US}/`));
    for (const fixture of ours) {
      expect(fixture.writtenByUs, fixture.name).toMatch(/\S/);
      expect(Object.keys(expected), fixture.name).toContain(basename(fixture.name));
    }
    // No expectation outlives its fixture.
    expect(Object.keys(expected).sort()).toEqual(ours.map((f) => basename(f.name)).sort());
  });
});
