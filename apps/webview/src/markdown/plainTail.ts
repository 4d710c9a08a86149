import { revealBidiControls } from './revealBidi';

/** The closing tags (and the whitespace between them) at the very end of an HTML string. */
const TRAILING_CLOSE = /(?:<\/[a-z][a-z0-9]*>\s*)+$/;

/**
 * Rendered Markdown with text that came after it, not parsed yet, shown as plain text where the last element's text
 * ends (before its trailing closing tags): a paragraph's new words at the end of the paragraph, a list item's in the
 * item. With no HTML, the text is a paragraph of its own. The text is escaped, and its bidirectional controls shown
 * as renderMarkdown shows them, so it can never become markup or reorder what is shown.
 */
export function withPlainTail(html: string, text: string): string {
  const plain = escapeHtml(revealBidiControls(text));
  if (html.trim() === '') return `<p>${plain}</p>\n`;
  const close = TRAILING_CLOSE.exec(html);
  const at = close ? close.index : html.length;
  return html.slice(0, at) + plain + html.slice(at);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
