import { type ChangeBlock, changedFiles, elidedLine, readChangeBlock } from '@roundtable/core/present';
import markdownIt, { type MarkdownIt } from 'markdown-it';
import { revealBidiControls } from './revealBidi';

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
 * - bidirectional control characters are shown as `[U+202E]` and never act (see `revealBidiControls`).
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

  // A table scrolls sideways in its own focusable region (keyboard users can scroll it too).
  md.renderer.rules.table_open = () =>
    '<div class="table-scroll" role="region" aria-label="Table" tabindex="0"><table>\n';
  md.renderer.rules.table_close = () => '</table>\n</div>\n';

  // Task lists ("- [ ] todo", "- [x] done") show disabled checkboxes instead of literal brackets.
  md.core.ruler.push('roundtable_task_lists', (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i];
      if (inline?.type !== 'inline' || tokens[i - 1]?.type !== 'paragraph_open') continue;
      if (tokens[i - 2]?.type !== 'list_item_open') continue;
      const first = inline.children?.[0];
      const box = first?.type === 'text' ? /^\[([ xX])\][ \t]/.exec(first.content) : null;
      if (!first || !box) continue;
      first.content = first.content.slice(box[0].length);
      const checkbox = new state.Token('html_inline', '', 0);
      checkbox.content = `<input type="checkbox" disabled${box[1] === ' ' ? '' : ' checked'} aria-label="${box[1] === ' ' ? 'to do' : 'done'}"> `;
      inline.children?.unshift(checkbox);
      tokens[i - 2]?.attrJoin('class', 'task-list-item');
    }
  });

  // Code blocks get a toolbar: their language and, always visible, Copy, Insert at Cursor and Open in New File; a
  // change block (a diff, or a block naming its file: `readChangeBlock`) also Review change and Apply, and what `env`
  // allows (see `RenderEnv`). A change block keeps its whole info string, which the host reads the block with again.
  // Clicks and arrow keys are handled by delegation in MessageList (no inline handlers exist under the CSP).
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (tokens, idx, options, env, self) => {
    const rendered = fence ? fence(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
    // A code block scrolls sideways: keyboard users reach it with Tab to scroll it.
    const code = rendered.replace(/^<pre>/, '<pre tabindex="0">');
    const info = md.utils.unescapeAll(tokens[idx]?.info ?? '').trim();
    const word = info.split(/\s+/, 1)[0] ?? '';
    const change = readChangeBlock(info, tokens[idx]?.content ?? '');
    // A block named by its first word (`ts:src/a.ts`, `src/a.ts`) is in the language before the path, else the path's.
    const path = change?.kind === 'file' && word.endsWith(change.path) ? change.path : undefined;
    const tag = path ? word.slice(0, -path.length).replace(/:$/, '') || path.slice(path.lastIndexOf('.') + 1) : word;
    const language = md.utils.escapeHtml(tag);
    const data = change ? ` data-info="${md.utils.escapeHtml(info)}"` : '';
    const actions = change ? changeActions(change, env as RenderEnv | undefined) : '';
    // A block holding a whole file shows which: its info string, where the path may be, is not shown otherwise. One
    // with a line standing for code left out (`// ... rest unchanged`) is a part of the file, whatever it names.
    const file = change?.kind === 'file' ? change : undefined;
    const part = file && elidedLine(file.content, file.path) !== undefined;
    const toolbar = codeToolbar(language, actions, file ? md.utils.escapeHtml(file.path) : '', part);
    return `<div class="code-block" data-language="${language}"${data}>${toolbar}${code}</div>\n`;
  };

  instance = md;
  return md;
}

/**
 * What a reply's change blocks offer besides Review change and Apply (`rendererFor` works it out per reply):
 * Compare proposals on a block changing one of `compare` (files another seat's reply in the thread changes too), and
 * Ask the table to review this change when the reply can be reviewed (`ask`). A type, not an interface: markdown-it
 * takes `env` as an open record.
 */
export type RenderEnv = {
  compare?: ReadonlySet<string>;
  ask?: boolean;
};

function changeActions(change: ChangeBlock, env: RenderEnv | undefined): string {
  const compare = env?.compare;
  return (
    button('review-change', 'Review', 'Review change') +
    button('apply-change', 'Apply', 'Apply change') +
    (compare && changedFiles(change).some((f) => compare.has(f))
      ? button('compare-change', 'Compare', 'Compare proposals')
      : '') +
    (env?.ask ? button('ask-change', 'Ask table', 'Ask the table to review this change') : '')
  );
}

/**
 * A code block's toolbar (its language, and the path of the file it names, already escaped, which it holds whole
 * unless it is a `part`; `actions`, a change block's buttons): one Tab stop, arrows move between the buttons (a
 * roving tabindex, kept by MessageList).
 */
function codeToolbar(language: string, actions: string, path: string, part = false): string {
  const title = part ? `A part of ${path}: it leaves code out` : `The whole of ${path}`;
  const label = path ? `<span class="code-language" title="${title}">${path}</span>` : '';
  return (
    `<div class="code-toolbar" role="toolbar" aria-label="Code block${language ? ` (${language})` : ''}">` +
    (label || `<span class="code-language">${language || 'text'}</span>`) +
    button('copy-code', 'Copy', 'Copy', true) +
    button('insert-code', 'Insert', 'Insert at Cursor') +
    button('new-file-code', 'New File', 'Open in New File') +
    actions +
    '</div>'
  );
}

/**
 * A toolbar button. Short labels fit a narrow sidebar; the full name is what assistive technology reads and the
 * tooltip shows.
 */
function button(action: string, label: string, name: string, first = false): string {
  const named = label === name ? '' : ` aria-label="${name}" title="${name}"`;
  return `<button type="button" class="code-action" data-action="${action}" tabindex="${first ? 0 : -1}"${named}>${label}</button>`;
}

/** Renders untrusted Markdown to HTML that is safe to insert into the webview (see the rules above). */
export function renderMarkdown(markdownText: string, env?: RenderEnv): string {
  // A fresh env each time: markdown-it keeps a text's link reference definitions in it.
  return markdown().render(revealBidiControls(markdownText), { ...env });
}
