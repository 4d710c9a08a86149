import { seatlessTable } from '@roundtable/core/protocol';
import type { ChatModel } from '../models/ChatModel';
import { StatusPill } from './StatusPill';
import './Header.css';

const UNTITLED = 'New conversation';

/**
 * One compact row: the thread's title and the proxy's status. New Thread and Thread History are the view's title-bar
 * actions (as in VS Code's own chat), and who a message goes to is the composer's chip, so the transcript keeps the
 * height.
 */
export function Header({ chat }: { chat: ChatModel }) {
  const { replica } = chat;
  const title = replica.thread.value?.title.trim() || UNTITLED;
  return (
    <header class="header">
      <h1 class="thread-title" data-testid="thread-title" title={title}>
        {title}
      </h1>
      <StatusPill
        status={replica.sidecar.value}
        seatless={seatlessTable(
          replica.sidecar.value,
          replica.seats.value,
          chat.routableParticipants.value.map((p) => p.id),
        )}
        onActivate={() => chat.sidecarActions()}
      />
    </header>
  );
}
