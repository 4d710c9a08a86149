import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: this file is <root>/e2e/src/repoPaths.ts. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every run writes below here; the folder is gitignored. */
export const artifactsRoot = path.join(repoRoot, 'e2e', 'artifacts');
