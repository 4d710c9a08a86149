// How long the text the view sends the host may be. A leaf (see index.ts): the protocol's schemas refuse longer
// text; the page checks first, so it can say why instead of having its intent dropped.

/** The longest message a user may send; longer text is refused with a readable error, not truncated. */
export const MAX_USER_TEXT_CHARS = 200_000;
/** The longest code block the host takes from the view (to insert it or open it in a new file). */
export const MAX_CODE_CHARS = 2_000_000;
/** The longest language (a code fence's tag) a code block opened in a new file may name. */
export const MAX_CODE_LANGUAGE_CHARS = 64;
/** The longest URL a clicked link may have: the host is asked to open nothing longer. */
export const MAX_LINK_CHARS = 8192;
