/** One entry of `GET /v1/models`: exactly these four fields, `created` omitted when unknown (Antigravity). */
export interface ModelEntry {
  id: string;
  object: 'model';
  created?: number;
  owned_by: string;
}

/** A few ids from each family the real catalogue serves (see docs/cliproxyapi-behaviour.md). */
export const DEFAULT_MODELS: readonly string[] = [
  'claude-sonnet-4-6',
  'claude-opus-4-8',
  'claude-haiku-4-5-20251001',
  'gpt-5.5',
  'gpt-5.4-mini',
  'gpt-5.3-codex-spark',
  'gemini-3-flash',
  'gemini-3.1-pro-low',
];

/** How each family streams, after CLIProxyAPI's translator for that provider. */
export type ChunkStyle = 'claude' | 'codex' | 'gemini';

export function styleForModel(model: string): ChunkStyle {
  const id = baseModelId(model);
  if (id.startsWith('claude-')) return 'claude';
  if (id.startsWith('gemini-')) return 'gemini';
  return 'codex';
}

/** `claude-sonnet-4-6(16384)` → `claude-sonnet-4-6`: the suffix only sets a thinking budget. */
export function baseModelId(model: string): string {
  return model.replace(/\([^)]*\)$/, '');
}

export function modelEntry(id: string): ModelEntry {
  if (id.startsWith('claude-')) return { id, object: 'model', created: 1771372800, owned_by: 'anthropic' };
  if (id.startsWith('gemini-')) return { id, object: 'model', owned_by: 'antigravity' };
  if (id.startsWith('gpt-') || id.startsWith('codex')) {
    return { id, object: 'model', created: 1770163200, owned_by: 'openai' };
  }
  return { id, object: 'model', created: 1767225600, owned_by: '' };
}

/** A fresh random order on every call, like the Go map iteration behind the real endpoint. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
