/**
 * The model names an OpenAI-compatible `GET /models` answer says it serves: each entry's `id`, and each name of its
 * `aliases` (llama.cpp's server lists its first alias as the id and every alias there; a request for any of them is
 * answered). Sorted, without repeats. Undefined when the answer is not a model list (`{"data": [...]}`); entries
 * that are not objects, and names that are not strings, are passed over.
 */
export function modelIdsOf(answer: unknown): string[] | undefined {
  const data = (answer as { data?: unknown } | null | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  const names = new Set<string>();
  for (const entry of data) {
    if (entry === null || typeof entry !== 'object') continue;
    const { id, aliases } = entry as { id?: unknown; aliases?: unknown };
    if (typeof id === 'string' && id !== '') names.add(id);
    if (Array.isArray(aliases))
      for (const alias of aliases) if (typeof alias === 'string' && alias !== '') names.add(alias);
  }
  return [...names].sort();
}
