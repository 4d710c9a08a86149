// The names of the model families a seat can be, and of those who make them: a reply that says "As ChatGPT", "I am
// Claude, made by Anthropic" or `gemini-3-flash` tells a reviewer who wrote it, whatever the seat is called.

/**
 * One family: the words that name it (matched whole, in any case, each also with a model id's version after it:
 * `gpt-5.5`, `claude-sonnet-4-6`, `llama3.1:70b`), and the words of those among them that are also everyday words or
 * a maker known for much else (`Google`, `Meta`), scrubbed only when a seat of the family sits at the table.
 */
export interface VendorFamily {
  words: readonly string[];
  common?: readonly string[];
}

/**
 * The families Roundtable knows. A seat belongs to one when any of its names (id, display name, aliases, model id,
 * provider) holds one of the family's words, in any case (`claude-cli`, `gpt-5.5`, `ollama` for Llama): a seat
 * may belong to none (a local model under a name of its own), or to several.
 */
export const VENDOR_FAMILIES: readonly VendorFamily[] = [
  { words: ['Claude', 'Anthropic'] },
  { words: ['ChatGPT', 'GPT', 'OpenAI', 'Codex'] },
  { words: ['Gemini', 'Bard', 'Gemma', 'DeepMind'], common: ['Google'] },
  { words: ['Kimi'], common: ['Moonshot'] },
  { words: ['Grok', 'xAI'] },
  { words: ['Llama'], common: ['Meta'] },
  { words: ['Mistral', 'Mixtral', 'Codestral'] },
  { words: ['Qwen'], common: ['Alibaba'] },
  { words: ['DeepSeek'] },
];

/** The families (by index into `VENDOR_FAMILIES`) a seat belongs to, by its names. */
export function familiesOf(names: readonly string[]): number[] {
  const lower = names.map((n) => n.toLowerCase());
  return VENDOR_FAMILIES.flatMap((family, index) =>
    [...family.words, ...(family.common ?? [])].some((w) => lower.some((n) => n.includes(w.toLowerCase())))
      ? [index]
      : [],
  );
}

/**
 * Every family word a prompt scrubs, with the family it names (by index): every family's own words, and the common
 * ones of the families `seated` (those of the seats at the table).
 */
export function vendorWords(seated: ReadonlySet<number>): Map<string, number> {
  const words = new Map<string, number>();
  VENDOR_FAMILIES.forEach((family, index) => {
    for (const word of [...family.words, ...(seated.has(index) ? (family.common ?? []) : [])]) words.set(word, index);
  });
  return words;
}
