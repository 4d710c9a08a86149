/** Names as a sentence lists them: "GPT", "GPT and Gemini", "GPT, Gemini and Kimi" (nothing for none). */
export function andList(names: readonly string[]): string {
  if (names.length < 2) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
