import { describe, expect, test } from 'vitest';
import {
  chooseDemoTable,
  type DemoTableInput,
  fallbackLine,
  LOCAL_ALIASES,
  LOCAL_MAX_TOKENS,
  localTableSettings,
  parseDemoArgs,
} from './demoTable';

// Which table the browser demo seats, from `--scripted` and what this machine has, and the first line that says so.

const input = (over: Partial<DemoTableInput>): DemoTableInput => ({
  scripted: false,
  installed: false,
  python: undefined,
  scriptedCommand: 'pnpm start -- --scripted',
  ...over,
});

describe('chooseDemoTable', () => {
  test('installed: the real model, nothing to install, and the line names it and how to get the scripted table', () => {
    const table = chooseDemoTable(input({ installed: true }));
    expect(table).toEqual({
      kind: 'real',
      install: false,
      firstLine:
        'Demo: three seats on a real local model (SmolLM2-135M via llama.cpp); `pnpm start -- --scripted` for scripted replies instead.',
    });
  });

  test('not installed, a Python 3.10+ found: the real model, installed first, with that Python', () => {
    const table = chooseDemoTable(input({ python: { version: '3.12.4' }, scriptedCommand: 'pnpm demo -- --scripted' }));
    expect(table).toMatchObject({ kind: 'real', install: true });
    expect(table.firstLine).toBe(
      'Demo: three seats on a real local model (SmolLM2-135M via llama.cpp, installed below with Python 3.12.4); `pnpm demo -- --scripted` for scripted replies instead.',
    );
  });

  test('no Python 3.10+: the scripted table, and the line says why and what would seat the real one', () => {
    const table = chooseDemoTable(input({}));
    expect(table.kind).toBe('scripted');
    expect(table.firstLine).toMatch(/^Demo: scripted replies \(no Python 3\.10\+ found; .*ROUNDTABLE_PYTHON/);
  });

  test('--scripted wins over an installed model and a Python', () => {
    for (const over of [{}, { installed: true }, { python: { version: '3.11.7' } }]) {
      const table = chooseDemoTable(input({ ...over, scripted: true }));
      expect(table.kind).toBe('scripted');
      expect(table.firstLine).toMatch(/^Demo: scripted replies \(--scripted\): three seats on the fake CLIProxyAPI/);
    }
  });

  test('every first line is one line starting "Demo: "', () => {
    for (const over of [{}, { installed: true }, { python: { version: '3.10.0' } }, { scripted: true }]) {
      const line = chooseDemoTable(input(over)).firstLine;
      expect(line).toMatch(/^Demo: /);
      expect(line).not.toContain('\n');
    }
  });

  test('a failed install or start falls back in one line: what failed, and the last line of why', () => {
    expect(
      fallbackLine('installing it failed: Command failed: python -m venv x\nTraceback …\nOSError: disk full\n'),
    ).toBe(
      'The local model is not available (installing it failed: Command failed: python -m venv x … OSError: disk full); seating scripted replies instead: three seats on the fake CLIProxyAPI, whose replies echo what each model received.',
    );
    expect(fallbackLine('starting it failed: not ready')).toMatch(
      /^The local model is not available \(starting it failed: not ready\); /,
    );
    expect(fallbackLine('')).toMatch(/\(no reason given\)/);
  });
});

describe('parseDemoArgs', () => {
  test('nothing, `--scripted`, and pnpm’s `--` before it', () => {
    expect(parseDemoArgs([])).toEqual({ ok: true, scripted: false });
    expect(parseDemoArgs(['--scripted'])).toEqual({ ok: true, scripted: true });
    expect(parseDemoArgs(['--', '--scripted'])).toEqual({ ok: true, scripted: true });
    expect(parseDemoArgs(['--'])).toEqual({ ok: true, scripted: false });
  });

  test('anything else: the usage', () => {
    expect(parseDemoArgs(['--real'])).toEqual({
      ok: false,
      reason: 'unknown: --real; usage: pnpm demo [-- --scripted]',
    });
  });
});

describe('localTableSettings', () => {
  test('three seats on one loopback provider, each capped; the built-in proxy still points at the fake', () => {
    const settings = localTableSettings('http://127.0.0.1:4000', 'http://127.0.0.1:5000/v1');
    expect(settings['roundtable.sidecar.mode']).toBe('external');
    expect(settings['roundtable.sidecar.externalUrl']).toBe('http://127.0.0.1:4000');
    expect(settings['roundtable.providers']).toEqual([
      { id: 'smol', name: 'SmolLM2-135M (local llama.cpp)', baseUrl: 'http://127.0.0.1:5000/v1', maxTokens: 256 },
    ]);
    const seats = settings['roundtable.participants'] as {
      id: string;
      displayName: string;
      model: string;
      provider: string;
      maxTokens: number;
      color: string;
    }[];
    expect(seats.map((s) => [s.id, s.model, s.provider, s.maxTokens])).toEqual(
      LOCAL_ALIASES.map((alias) => [alias, alias, 'smol', LOCAL_MAX_TOKENS]),
    );
    // One small local model, said so in each name (the manifest allows 40 characters), in three colours.
    for (const seat of seats) {
      expect(seat.displayName).toMatch(/^SmolLM2 [ABC] \(local, 135M\)$/);
      expect(seat.displayName.length).toBeLessThanOrEqual(40);
      expect(seat.id).toMatch(/^[a-z][a-z0-9_-]{0,31}$/);
    }
    expect(new Set(seats.map((s) => s.color)).size).toBe(3);
  });
});
