import type { ChatModel } from '../models/ChatModel';
import type { ComposerModel } from '../models/ComposerModel';
import type { MarkdownModel } from '../models/MarkdownModel';
import { Composer } from './Composer';
import { Header } from './Header';
import { MessageList } from './MessageList';

/**
 * The whole view: a quiet placeholder until the host's first state has arrived and the Markdown renderer
 * has settled (both load in parallel at boot), then the chat.
 */
export function App({
  chat,
  composer,
  markdown,
}: {
  chat: ChatModel;
  composer: ComposerModel;
  markdown: MarkdownModel;
}) {
  const state = chat.state.value;
  if (!state || !markdown.settled.value) {
    return (
      <p class="connecting" role="status" data-testid="connecting">
        Connecting…
      </p>
    );
  }
  return (
    <div class="app">
      <Header chat={chat} state={state} />
      <MessageList chat={chat} state={state} render={markdown.renderer.value} />
      <Composer composer={composer} busy={state.busy} onStop={() => chat.stop()} />
    </div>
  );
}
