import type { CliDialect, CliKind } from '../dialect';
import { dialect as claude } from './claude';
import { dialect as codex } from './codex';
import { dialect as gemini } from './gemini';

const DIALECTS: Readonly<Record<CliKind, CliDialect>> = { claude, codex, gemini };

/** The dialect of one official CLI. */
export function dialectOf(kind: CliKind): CliDialect {
  return DIALECTS[kind];
}
