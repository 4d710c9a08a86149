import { act } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { highlightStats } from '../markdown/highlightCode';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { AppHarness, messageEl } from '../testing/AppHarness';
import { countingRenderer } from '../testing/counters';
import { viewMessage, viewState } from '../testing/fixtures';
import { longReply, streamPieces } from '../testing/longReply';
import { MemoryUiStateStore } from '../transport/FakeHostTransport';

// What streaming a long reply costs, counted rather than timed: Markdown characters parsed, against the reply's
// length. A reply of about 20,000 tokens (80,000 characters) full of code streams into a 1,000-message thread.
// The same stream with real layout (scrolling, renders per piece) is in streaming.browser.test.tsx.

const h = new AppHarness();
afterEach(() => h.dispose());

describe('streaming a long reply', () => {
  it('parses at most twice the reply’s length in Markdown, however many batches it arrives in', () => {
    const { counter, markdown } = countingRenderer();
    h.mount(new MemoryUiStateStore(), markdown);
    const history = Array.from({ length: 1_000 }, (_, i) =>
      viewMessage({ id: `m${i}`, speaker: i % 2 ? 'claude' : 'gpt', content: `Earlier reply **${i}**.` }),
    );
    h.emit(h.host.state(viewState({ thread: { busy: true } }, history)));
    h.emit(h.host.added(viewMessage({ id: 'live', content: '', status: 'streaming' }), 1_000));
    counter.chars = 0;
    counter.calls = [];

    const reply = longReply(80_000);
    let offset = 0;
    let sawOpenFence = false;
    for (const piece of streamPieces(reply)) {
      h.emit(h.host.appended('live', piece, offset));
      offset += piece.length;
      sawOpenFence ||= messageEl('live').querySelector('.code-block--streaming') !== null;
    }
    h.emit(h.host.status('live', 'complete'));

    expect(counter.chars).toBeLessThanOrEqual(2 * reply.length);
    // Whatever the reply's length, one update parses at most its open block, never the reply so far.
    expect(Math.max(...counter.calls.map((text) => text.length))).toBeLessThan(600);
    // A code block is shown as plain text while its fence is open and goes through Markdown only once closed.
    expect(sawOpenFence).toBe(true);
    const fences = reply.split('```ts').length - 1;
    expect(counter.calls.filter((text) => text.startsWith('```ts'))).toHaveLength(fences);
    // And what is shown at the end is the whole reply, rendered as one text would be.
    const shown = messageEl('live').querySelector('[data-testid="message-content"]');
    const whole = document.createElement('div');
    whole.innerHTML = renderMarkdown(reply);
    expect(shown?.textContent).toBe(whole.textContent);
    expect(shown?.querySelectorAll('pre > code')).toHaveLength(fences);
    expect(shown?.querySelector('.code-block--streaming')).toBeNull();
  }, 30_000);

  it('leaves a finished block’s DOM alone while later text streams in', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { busy: true } }, [])));
    h.emit(h.host.added(viewMessage({ id: 'live', content: '', status: 'streaming' }), 0));
    const first = 'First paragraph.\n\n';
    h.emit(h.host.appended('live', `${first}Sec`, 0));
    const paragraph = messageEl('live').querySelector('p');
    act(() => undefined);
    h.emit(h.host.appended('live', 'ond paragraph, growing.', first.length + 3));
    expect(messageEl('live').querySelector('p')).toBe(paragraph);
    expect(messageEl('live').querySelectorAll('p')[1]?.textContent).toBe('Second paragraph, growing.');
  });
});

describe('highlighting a streamed reply', () => {
  it('colours each closed code block once, with classes only, and leaves its text as it was', async () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { busy: true } }, [])));
    h.emit(h.host.added(viewMessage({ id: 'live', content: '', status: 'streaming' }), 0));
    const before = highlightStats.tokenized;
    const reply = longReply(3_000);
    let offset = 0;
    for (const piece of streamPieces(reply)) {
      h.emit(h.host.appended('live', piece, offset));
      offset += piece.length;
    }
    h.emit(h.host.status('live', 'complete'));
    const fences = reply.split('```ts').length - 1;
    const codes = () => [...messageEl('live').querySelectorAll<HTMLElement>('.code-block > pre > code')];
    await vi.waitFor(() => expect(codes().every((c) => c.dataset.highlight === 'done')).toBe(true), {
      timeout: 20_000,
    });
    expect(codes()).toHaveLength(fences);
    // The same function in every step, so the cache answers after the first: one tokenization per distinct block.
    expect(highlightStats.tokenized - before).toBe(new Set(reply.match(/```ts\n[\s\S]*?```/g)).size);
    const first = codes()[0];
    expect(first?.querySelector('.tok-keyword')?.textContent).toBe('export');
    expect(first?.querySelector('[style]')).toBeNull();
    expect(first?.textContent).toBe(reply.match(/```ts\n([\s\S]*?)```/)?.[1]);
  });
});
