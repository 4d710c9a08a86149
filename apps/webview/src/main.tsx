// First import: the base stylesheet comes before the components' own (each component imports its stylesheet).
import './main.css';
import { render } from 'preact';
import { App } from './components/App';
import { markdownViews } from './components/lazyMarkdown';
import { ChatModel } from './models/ChatModel';
import { ComposerModel } from './models/ComposerModel';
import { watchTurnCost } from './models/costWatch';
import { MarkdownModel } from './models/MarkdownModel';
import { watchCspViolations } from './transport/cspViolations';
import { VsCodeHostTransport, VsCodeUiStateStore } from './transport/VsCodeHostTransport';

// Composition root: the only place that touches the VS Code API and the page.
const connectCspReports = watchCspViolations(document);
const root = document.getElementById('root');
const api = globalThis.acquireVsCodeApi?.(); // may be called only once per page

if (root && api) {
  const chat = new ChatModel(new VsCodeHostTransport(api));
  // markdown-it and the views of rendered Markdown are more than the rest of the page: they load as a lazy chunk
  // while `ready` travels to the host.
  const markdown = new MarkdownModel(() => markdownViews.load().then((m) => m.rendererFor(chat.replica)));
  connectCspReports(chat);
  const composer = new ComposerModel(chat, new VsCodeUiStateStore(api));
  watchTurnCost(chat, composer);
  render(<App chat={chat} composer={composer} markdown={markdown} />, root);
} else if (root) {
  root.textContent = 'The Roundtable chat runs inside a VS Code webview.';
}
