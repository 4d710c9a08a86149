import markdownIt, { type MarkdownIt } from 'markdown-it';

/**
 * The ONLY place where model (or any transcript) text becomes HTML. Components insert its output with
 * `dangerouslySetInnerHTML` and nowhere else.
 *
 * Safety rests on markdown-it itself, configured strictly, not on a sanitiser pass:
 * - `html: false`: raw HTML in the source is escaped as text (`<script>`, `<img onerror>`, `<iframe>`, ...).
 * - links: markdown-it's own `validateLink` (refuses javascript:/vbscript:/file:/data: after entity decoding
 *   and normalisation) AND an allowlist of http:, https:, mailto:. A refused link renders as its text only.
 *   Links get `rel="noopener noreferrer"`; clicks never navigate the webview (MessageList routes them to the
 *   host, which checks the scheme again before opening).
 * - images are disabled: loading a model-chosen URL would be a network call (and a data-exfiltration channel
 *   for prompt injections). `![alt](url)` renders as "!" plus a link the user can choose to open.
 * - linkify only recognises explicit `http(s)://` and `www.` links: fuzzy matching would turn file names such
 *   as `README.md` or `setup.py` into links to Moldovan and Paraguayan hosts.
 */
const SAFE_LINK = /^(?:https?|mailto):/i;

let instance: MarkdownIt | undefined;

function markdown(): MarkdownIt {
  if (instance) return instance;
  const md = markdownIt('default', { html: false, linkify: true, typographer: false });
  md.disable('image');
  md.linkify.set({ fuzzyLink: false, fuzzyEmail: false });

  const validateLink = md.validateLink.bind(md);
  md.validateLink = (url) => validateLink(url) && SAFE_LINK.test(url.trim());

  // Runs after inline parsing (and linkify): every link either gets its rel or, refused, is unwrapped to text.
  md.core.ruler.push('roundtable_links', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      let dropClose = false;
      block.children = block.children.filter((token) => {
        if (token.type === 'link_open') {
          const href = String(token.attrGet('href') ?? '');
          if (!href || !md.validateLink(href)) {
            dropClose = true; // links cannot nest, so the next link_close is this link's
            return false;
          }
          token.attrSet('rel', 'noopener noreferrer');
        } else if (token.type === 'link_close' && dropClose) {
          dropClose = false;
          return false;
        }
        return true;
      });
    }
  });

  // Code blocks get a copy button; the click is handled by delegation in MessageList (no inline handlers).
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const code = fence ? fence(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    return `<div class="code-block"><button type="button" class="code-copy" data-action="copy-code">Copy</button>${code}</div>\n`;
  };

  instance = md;
  return md;
}

/** Renders untrusted Markdown to HTML that is safe to insert into the webview (see the rules above). */
export function renderMarkdown(markdownText: string): string {
  return markdown().render(markdownText);
}
