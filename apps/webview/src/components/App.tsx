import type { ChatModel } from '../models/ChatModel';
import type { ComposerModel } from '../models/ComposerModel';
import type { MarkdownModel } from '../models/MarkdownModel';
import { Composer } from './Composer';
import { Header } from './Header';
import { StorageBanner } from './lazyViews';
import { MessageList } from './MessageList';
import { NoticeBar } from './NoticeBar';
import { SeatStrip } from './SeatStrip';
import { TurnStatus } from './TurnStatus';

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
  if (!chat.ready.value || !markdown.settled.value) {
    return (
      <p class="connecting" role="status" data-testid="connecting">
        Connecting…
      </p>
    );
  }
  return (
    <div class="app">
      <Header chat={chat} />
      {/* Landmarks: the header (title and status), then the conversation and its message box. */}
      <main class="chat-main">
        {hasStorageProblems(chat) && <StorageBanner chat={chat} />}
        <MessageList chat={chat} render={markdown.renderer.value} />
        <NoticeBar chat={chat} />
        <TurnStatus chat={chat} />
        <SeatStrip chat={chat} />
        <Composer chat={chat} composer={composer} />
      </main>
    </div>
  );
}

/** A save failed or a thread file cannot be read: what the storage banner shows. */
function hasStorageProblems(chat: ChatModel): boolean {
  return chat.replica.saveProblems.value.length > 0 || chat.replica.threads.value.some((t) => t.unreadable);
}
