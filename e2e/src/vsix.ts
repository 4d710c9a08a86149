import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './repoPaths';

export const extensionDir = path.join(repoRoot, 'apps', 'vscode-extension');

/** `<publisher>.<name>`, the id VS Code uses in URLs, globalStorage folder names and log folders. */
export interface BuiltExtension {
  readonly id: string;
  readonly version: string;
  readonly vsixPath: string;
}

/**
 * The .vsix that `pnpm package` writes (apps/vscode-extension/roundtable-<version>.vsix). This suite never builds it
 * itself, so a missing file means the build step was skipped, and the error says which command to run.
 */
export function locateBuiltExtension(
  dir: string = extensionDir,
  override: string | undefined = process.env.ROUNDTABLE_E2E_VSIX,
): BuiltExtension {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    name: string;
    publisher: string;
    version: string;
  };
  // ROUNDTABLE_E2E_VSIX tries another build of the same extension (id and version still come from the manifest).
  const vsixPath = override ? path.resolve(override) : path.join(dir, `${manifest.name}-${manifest.version}.vsix`);
  if (!existsSync(vsixPath)) {
    throw new Error(
      override
        ? `${vsixPath} not found (ROUNDTABLE_E2E_VSIX; a relative path is resolved from ${process.cwd()}).`
        : `${vsixPath} not found. Build it first with \`pnpm package\` at the repository root.`,
    );
  }
  return { id: `${manifest.publisher}.${manifest.name}`, version: manifest.version, vsixPath };
}
