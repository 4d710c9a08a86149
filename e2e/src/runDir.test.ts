import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createRunDir, socketSafeTmpBase } from './runDir';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('creates every folder, keeps TMPDIR short, and removeTmp deletes it', () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rt-artifacts-'));
  const run = createRunDir('run', root, new Date('2026-11-30T12:17:51.947Z'));
  expect(path.basename(run.root)).toBe(`run-20261130T121751Z-${process.pid}`);
  for (const dir of [run.userData, run.extensions, run.workspace, run.config, run.xdg, run.browserProfile]) {
    expect(existsSync(dir)).toBe(true);
  }
  expect(existsSync(path.join(run.userData, 'User'))).toBe(true);
  // Chromium's SingletonSocket goes in TMPDIR: <tmp>/org.chromium.Chromium.XXXXXX/SingletonSocket must fit 107 bytes.
  expect(`${run.tmp}/org.chromium.Chromium.XXXXXX/SingletonSocket`.length).toBeLessThan(108);
  run.removeTmp();
  expect(existsSync(run.tmp)).toBe(false);
  run.removeTmp(); // idempotent
});

test('keeps only the newest runs of the same kind', () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'rt-artifacts-'));
  for (let day = 1; day <= 7; day++) mkdirSync(path.join(root, `run-202611${String(day).padStart(2, '0')}T000000Z-1`));
  mkdirSync(path.join(root, 'demo-20261101T000000Z-1'));
  const run = createRunDir('run', root, new Date('2026-11-30T00:00:00Z'));
  run.removeTmp();
  expect(readdirSync(root).sort()).toEqual([
    'demo-20261101T000000Z-1',
    'run-20261104T000000Z-1',
    'run-20261105T000000Z-1',
    'run-20261106T000000Z-1',
    'run-20261107T000000Z-1',
    path.basename(run.root),
  ]);
});

test('on macOS TMPDIR leaves room for VS Code’s IPC sockets within the 104 bytes a socket path may have there', () => {
  const macTmp = '/var/folders/zz/zyxvpxvq6csfxvn_n0000000000000/T';
  const socket = (base: string) => path.posix.join(base, 'rt-e2e-XXXXXX', `vscode-ipc-${'0'.repeat(36)}.sock`);
  expect(socket(macTmp).length).toBeGreaterThan(103);
  expect(socket(socketSafeTmpBase('darwin', macTmp)).length).toBeLessThan(104);
  expect(socketSafeTmpBase('linux', '/tmp/x')).toBe('/tmp/x');
});
