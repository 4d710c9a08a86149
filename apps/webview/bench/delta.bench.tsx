import type { HostToWebview } from '@roundtable/core/protocol';
import { act, cleanup } from '@testing-library/preact';
import { afterAll, bench, describe } from 'vitest';
import { renderMarkdown } from '../src/markdown/renderMarkdown';
import { MarkdownModel } from '../src/models/MarkdownModel';
import { ThreadReplica } from '../src/state/ThreadReplica';
import { AppHarness } from '../src/testing/AppHarness';
import { HostScript, priorMessages, viewMessage, viewState } from '../src/testing/fixtures';

// `pnpm bench`: what one streamed delta costs the webview with 10 and with 1,000 earlier messages in the thread.
// Goal: the same cost whatever the thread's length (ratio at most 1.2x). Node and happy-dom, so scripts only: what
// the browser's style, layout and paint add is measured in Chromium by frameTime.browser.tsx, run after this.

const SIZES = [10, 1_000] as const;

function history(count: number) {
  return [...priorMessages(count), viewMessage({ id: 'live', content: '', status: 'streaming' })];
}

describe('apply one streamed delta to the replica', () => {
  for (const size of SIZES) {
    const replica = new ThreadReplica();
    const host = new HostScript();
    replica.apply(host.state(viewState({ thread: { busy: true } }, history(size))));
    let length = 0;
    bench(`${size.toLocaleString('en-US')} messages`, () => {
      const result = replica.apply(host.appended('live', 'token ', length));
      if (result !== 'applied') throw new Error(result);
      length += 6;
    });
  }
});

describe('apply and render one delta in the mounted app', () => {
  const harnesses: AppHarness[] = [];
  for (const size of SIZES) {
    const h = new AppHarness();
    harnesses.push(h);
    let mounted = false;
    const host = new HostScript();
    // The streamed text is kept at a fixed size (the delta replaces a 200-character reply), so what is measured
    // is the cost of the list, not of the growing reply's Markdown.
    const texts = ['a'.repeat(200), 'b'.repeat(200)];
    let turn = 0;
    bench(
      `${size.toLocaleString('en-US')} messages`,
      () => {
        const text = texts[turn++ % 2] ?? '';
        const message: HostToWebview = host.send('message/patched', { messageId: 'live', content: text });
        act(() => h.transport.emit(message));
      },
      {
        setup: () => {
          if (mounted) return;
          mounted = true;
          h.host = host;
          h.mount(undefined, MarkdownModel.loaded(renderMarkdown));
          h.emit(host.state(viewState({ thread: { busy: true } }, history(size))));
        },
      },
    );
  }
  afterAll(() => {
    for (const h of harnesses) h.dispose();
    cleanup();
  });
});
