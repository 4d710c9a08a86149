// A leaf (see index.ts): the protocol's schema and the change-block rule both need the limit, and neither may pull
// the other into a bundle (the webview's main chunk holds the protocol, its lazy Markdown chunk the rule; the host's
// own bundle holds the protocol, the lazy ones the rule).

/** The longest info string (what follows a code fence) a change block may have. */
export const MAX_INFO_CHARS = 300;
