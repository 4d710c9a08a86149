import { type ChangeBlock, changeBlocksIn, changedFiles } from './changeBlocks';

/** What of a thread's message the proposals are read from. */
export type ProposingMessage = {
  id: string;
  role: string;
  speaker: string;
  status: string;
  content: string;
};

/** A change another reply proposes to files the compared block changes too (`files`: those shared files). */
export interface OtherProposal {
  messageId: string;
  speaker: string;
  block: ChangeBlock;
  files: string[];
}

/**
 * The changes other seats' replies in the thread propose to any of `files` (paths as `changedFiles` gives them), for
 * Compare proposals on a block of the reply `messageId`: every change block of every reply (answers, reviews,
 * alternatives) of a seat other than that reply's, in thread order; not a reply still streaming or deleted.
 */
export function otherProposals(
  messages: readonly ProposingMessage[],
  messageId: string,
  files: readonly string[],
): OtherProposal[] {
  const speaker = messages.find((m) => m.id === messageId)?.speaker;
  const wanted = new Set(files);
  return messages
    .filter(
      (m) => m.role === 'assistant' && m.speaker !== speaker && m.status !== 'streaming' && m.status !== 'deleted',
    )
    .flatMap((m) =>
      changeBlocksIn(m.content).flatMap((block) => {
        const shared = changedFiles(block).filter((f) => wanted.has(f));
        return shared.length > 0 ? [{ messageId: m.id, speaker: m.speaker, block, files: shared }] : [];
      }),
    );
}

/**
 * A file as a block holding its whole new content would leave it: that content, in the line endings the file has
 * now (a CRLF file stays CRLF). The line that named the file (`// src/a.ts`) is not written, unless the file as it is
 * now starts with that very line: then it was the file's own first line, shown as it is, and it stays.
 */
export function wholeFileText(current: string | undefined, block: { content: string; label?: string }): string {
  const keepsLabel = block.label !== undefined && current?.split(/\r?\n/, 1)[0] === block.label;
  const text = keepsLabel ? `${block.label}\n${block.content}` : block.content;
  return current?.includes('\r\n') ? text.replace(/\r?\n/g, '\r\n') : text;
}
