/**
 * Bidirectional formatting characters (embeddings, overrides, isolates, and the Arabic letter mark). Text can use
 * them to show one order and mean another ("Trojan Source": code that reads as a comment but runs), so nothing
 * the panel shows lets them act: each is replaced by a visible `[U+202E]`. Left-to-right and right-to-left marks
 * (U+200E, U+200F) only nudge neutral characters and are left alone.
 */
const BIDI_CONTROLS = /[\u061c\u202a-\u202e\u2066-\u2069]/g;

export function revealBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}]`);
}
