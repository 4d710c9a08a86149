import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { locateBuiltExtension } from './vsix';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function extensionFolder(): string {
  dir = mkdtempSync(path.join(os.tmpdir(), 'rt-ext-'));
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'roundtable', publisher: 'acme', version: '1.2.3' }),
  );
  return dir;
}

test('a missing .vsix tells which command builds it', () => {
  expect(() => locateBuiltExtension(extensionFolder(), undefined)).toThrow(
    /roundtable-1\.2\.3\.vsix not found.*pnpm package/,
  );
});

test('finds the .vsix named after the manifest and derives the extension id', () => {
  const folder = extensionFolder();
  writeFileSync(path.join(folder, 'roundtable-1.2.3.vsix'), '');
  expect(locateBuiltExtension(folder, undefined)).toEqual({
    id: 'acme.roundtable',
    version: '1.2.3',
    vsixPath: path.join(folder, 'roundtable-1.2.3.vsix'),
  });
});

test('ROUNDTABLE_E2E_VSIX points at another build of the same extension', () => {
  const folder = extensionFolder();
  const other = path.join(folder, 'patched.vsix');
  writeFileSync(other, '');
  expect(locateBuiltExtension(folder, other)).toMatchObject({ id: 'acme.roundtable', vsixPath: other });
  expect(() => locateBuiltExtension(folder, path.join(folder, 'absent.vsix'))).toThrow(/absent\.vsix not found/);
});
