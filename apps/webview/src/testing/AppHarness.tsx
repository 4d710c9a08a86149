import { act, cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { App } from '../components/App';
import { markdownViews } from '../components/lazyMarkdown';
import { rendererFor } from '../markdown/changeRenderers';
import { renderMarkdown } from '../markdown/renderMarkdown';
import { ChatModel } from '../models/ChatModel';
import { ComposerModel } from '../models/ComposerModel';
import { MarkdownModel } from '../models/MarkdownModel';
import type { IntentAnswer } from '../models/Notices';
import { FakeHostTransport, MemoryUiStateStore } from '../transport/FakeHostTransport';
import { HostScript, priorMessages, viewMessage, viewState } from './fixtures';

// The product loads the Markdown chunk and makes its renderer from it (main.tsx), so a bubble with a renderer always
// has the chunk's views. Tests hand a renderer in (`MarkdownModel.loaded`): the chunk is loaded first, the same way.
await markdownViews.load();

/**
 * Mounts the real App on the fake transport, the way main.tsx wires it, and plays the host. Create one per
 * test and call `dispose()` in afterEach (it also runs testing-library's `cleanup`: without vitest's `globals: true`
 * the library cannot register its own, and the renders of earlier tests would pile up in the page).
 */
export class AppHarness {
  readonly warnings: string[] = [];
  transport = new FakeHostTransport((message) => this.warnings.push(message));
  /** Builds host messages in sequence; pass them to `emit`. */
  host = new HostScript();
  chat: ChatModel | undefined;
  private models: { chat: ChatModel; composer: ComposerModel } | undefined;

  /** `container`: where to render (by default a new element in the body); `pageRoot()` gives the app the page. */
  mount(store = new MemoryUiStateStore(), markdown?: MarkdownModel, container?: HTMLElement): void {
    const chat = new ChatModel(this.transport);
    const composer = new ComposerModel(chat, store);
    this.models = { chat, composer };
    this.chat = chat;
    // As main.tsx has it: each reply's change blocks offer what the rest of the thread allows.
    const shown = markdown ?? MarkdownModel.loaded(rendererFor(chat.replica));
    render(<App chat={chat} composer={composer} markdown={shown} />, container ? { container } : {});
  }

  /**
   * Mounts the app on the whole page (see `pageRoot`) showing a busy thread of `prior` finished messages and, last,
   * an empty reply streaming in with the id `LIVE`.
   */
  openStreamingThread(prior: number, markdown = MarkdownModel.loaded(renderMarkdown)): void {
    this.mount(new MemoryUiStateStore(), markdown, pageRoot());
    this.emit(this.host.state(viewState({ thread: { busy: true } }, priorMessages(prior))));
    this.emit(this.host.added(viewMessage({ id: LIVE, content: '', status: 'streaming' }), prior));
  }

  /** The mounted composer's model. */
  get composer(): ComposerModel {
    if (!this.models) throw new Error('not mounted');
    return this.models.composer;
  }

  /** Plays the host: raw data goes through the transport's validation, then Preact re-renders. */
  emit(message: unknown): void {
    act(() => this.transport.emit(message));
  }

  /**
   * Waits for the second step of a large state (more than `LARGE_STATE_MESSAGES` messages: see
   * HostMessageDispatcher), posted after the next frame, and for what it renders.
   */
  async settle(): Promise<void> {
    await act(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    });
  }

  /** The last intent posted, without its request id (which is the model's own counter). */
  lastIntent(): { type: string; payload: unknown } | undefined {
    const last = this.transport.posted.at(-1);
    return last && { type: last.type, payload: last.payload };
  }

  /** Answers the last intent posted, as the host would. */
  answerLast(result: IntentAnswer): void {
    const last = this.transport.posted.at(-1);
    if (!last || !('requestId' in last)) throw new Error('no intent to answer');
    this.emit(this.host.done(last.requestId, result));
  }

  /** Unmounts and stops the models; a new `transport` lets the next mount start from scratch. */
  dispose(): void {
    cleanup();
    this.models?.chat.dispose();
    this.models?.composer.dispose();
    this.models = undefined;
    this.chat = undefined;
    this.transport = new FakeHostTransport((message) => this.warnings.push(message));
    this.host = new HostScript();
  }
}

/** The id of the reply `openStreamingThread` streams into. */
export const LIVE = 'live';

/**
 * A `#root` element in the body, as the webview's HTML has: with the stylesheets loaded (in a real browser), the app
 * fills the viewport and the message list is the element that scrolls. `cleanup()` removes it again.
 */
export function pageRoot(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  return root;
}

export function messageEl(id: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-testid="message"][data-message-id="${id}"]`);
  if (!el) throw new Error(`no message ${id}`);
  return el;
}

export function contentOf(id: string): HTMLElement {
  const el = messageEl(id).querySelector<HTMLElement>('[data-testid="message-content"]');
  if (!el) throw new Error(`no content in ${id}`);
  return el;
}

export const composerInput = () => screen.getByTestId('composer-input') as HTMLTextAreaElement;

export function typeDraft(text: string): void {
  fireEvent.input(composerInput(), { target: { value: text } });
}
