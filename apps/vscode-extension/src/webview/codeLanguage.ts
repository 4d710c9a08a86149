import { fenceLanguage } from '@roundtable/core/protocol/fenceLanguage';

/**
 * The VS Code language of a code block from its fence tag, among the languages VS Code knows now; undefined when
 * there is no tag or it names none of them (plain text then).
 */
export function languageIdFor(tag: string, known: readonly string[]): string | undefined {
  const id = fenceLanguage(tag);
  return id && known.includes(id) ? id : undefined;
}
