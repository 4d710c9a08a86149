import '../main.css';
import type { ViewMessage } from '@roundtable/core/protocol';
import { screen } from '@testing-library/preact';
import { afterEach, expect, it } from 'vitest';
import { MarkdownBlocks } from '../markdown/MarkdownBlocks';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { AppHarness, messageEl, pageRoot } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';
import { nextFrame } from '../testing/frames';
import { describeInChromium } from '../testing/inChromium';
import { longReply } from '../testing/longReply';
import { MemoryUiStateStore } from '../transport/FakeHostTransport';
import { RUN_SIZE } from './MarkdownRun';

// A long message's later blocks sit in runs the browser may skip; with real layout, every block must still be
// exactly where one flow of blocks (the message's layout before runs existed) puts it.

const h = new AppHarness();
afterEach(() => h.dispose());

/** The message's text as one flow: every finished block and the open rest, each in its `display: contents` wrapper. */
function oneFlow(content: string, final: boolean): HTMLElement {
  const shown = new MarkdownBlocks(renderMarkdown).update(content, final);
  const article = document.createElement('article');
  article.className = 'message message--assistant';
  const markdown = document.createElement('div');
  markdown.className = 'message-content markdown';
  const rest = shown.rest;
  for (const html of [...shown.blocks, ...(rest && 'html' in rest ? [rest.html] : [])]) {
    const block = document.createElement('div');
    block.className = 'md-block';
    block.innerHTML = html;
    markdown.append(block);
  }
  if (rest && 'code' in rest) {
    const code = document.createElement('div');
    code.className = 'code-block code-block--streaming';
    code.innerHTML = '<pre><code></code></pre>';
    code.querySelector('code')?.append(rest.code);
    markdown.append(code);
  }
  article.append(markdown);
  return markdown;
}

/** Each top-level element of the text: its offset from the top of the text and its height, in CSS pixels. */
function placesIn(markdown: Element): [number, number][] {
  const origin = markdown.getBoundingClientRect().top;
  return [
    ...markdown.querySelectorAll(':scope > .md-block > *, :scope > .md-run > .md-block > *, :scope > .code-block'),
  ].map((el) => {
    const box = el.getBoundingClientRect();
    return [Math.round((box.top - origin) * 100) / 100, Math.round(box.height * 100) / 100];
  });
}

describeInChromium('a long message laid out in runs, in Chromium', () => {
  const reply = longReply(30_000);
  // Ends in a table, in a closed code block, in a paragraph still being written, and in a code block still open.
  const cases: { name: string; status: ViewMessage['status']; content: string }[] = [
    { name: 'a complete reply', status: 'complete', content: reply },
    // Nothing after the last run: its last block ends the message.
    {
      name: 'a complete reply ending in code',
      status: 'complete',
      content: reply.slice(0, reply.lastIndexOf('```\n') + 4),
    },
    {
      name: 'a reply streaming a paragraph',
      status: 'streaming',
      content: reply.slice(0, reply.lastIndexOf('The change') + 40),
    },
    {
      name: 'a reply streaming a code block',
      status: 'streaming',
      content: reply.slice(0, reply.lastIndexOf('```ts') + 30),
    },
  ];

  it.each(cases)('places every block of $name exactly where one flow would', async ({ status, content }) => {
    h.mount(new MemoryUiStateStore(), undefined, pageRoot());
    h.emit(h.host.state(viewState({}, [viewMessage({ id: 'long', content, status })])));
    const runs = messageEl('long').querySelectorAll('.md-run');
    expect(runs.length).toBeGreaterThan(5);
    expect(messageEl('long').querySelectorAll('.md-run[style*="content-visibility"]').length).toBeGreaterThan(4);
    // Runs keep their formatting context but nothing is skipped here, so every block and message has its real size.
    const style = document.createElement('style');
    style.textContent = [
      '.md-run[style*="content-visibility"] { content-visibility: visible !important; contain: layout !important; }',
      '.message { content-visibility: visible !important; }',
      // Keeps the first and last block's margins inside the text's box, so its height shows them.
      '.markdown { display: flow-root !important; }',
    ].join('\n');
    document.head.append(style);
    try {
      const flow = oneFlow(content, status !== 'streaming');
      screen.getByTestId('message-list').append(flow.parentElement as HTMLElement);
      await nextFrame();
      const shown = messageEl('long').querySelector('.markdown');
      if (!shown) throw new Error('no Markdown shown');
      const expected = placesIn(flow);
      expect(expected.length).toBeGreaterThan(RUN_SIZE * 5);
      expect(placesIn(shown)).toEqual(expected);
      expect(shown.getBoundingClientRect().height).toBeCloseTo(flow.getBoundingClientRect().height, 2);
    } finally {
      style.remove();
    }
  });
});
