import { useState } from 'preact/hooks';
import { revealBidiControls } from '../markdown/revealBidi';
import './UserText.css';

/** A user message longer than this many lines (or characters) is shown folded, with "Show more". */
const FOLD_LINES = 14;
const FOLD_CHARS = 1_500;

interface Piece {
  code: boolean;
  text: string;
}

/**
 * The user's text split at its fenced code blocks (``` or ~~~ at the start of a line, closed by the same fence or
 * the end), so pasted code keeps its monospace and its lines while prose stays prose. Never HTML: both kinds are
 * text nodes.
 */
export function splitFences(text: string): Piece[] {
  const pieces: Piece[] = [];
  let prose: string[] = [];
  let code: string[] | undefined;
  let fence = '';
  const flush = (kind: 'prose' | 'code') => {
    const lines = kind === 'prose' ? prose : (code ?? []);
    if (kind === 'prose' ? lines.length > 0 && lines.join('\n').trim() !== '' : code !== undefined) {
      pieces.push({ code: kind === 'code', text: lines.join('\n') });
    }
    if (kind === 'prose') prose = [];
    else code = undefined;
  };
  for (const line of text.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (code === undefined && marker) {
      flush('prose');
      code = [];
      fence = marker;
    } else if (code !== undefined && marker && marker[0] === fence[0] && marker.length >= fence.length) {
      flush('code');
    } else if (code !== undefined) {
      code.push(line);
    } else {
      prose.push(line);
    }
  }
  flush('prose');
  flush('code');
  return pieces;
}

/** A user message: prose as typed, fenced code in monospace, folded when long. */
export function UserText({ content }: { content: string }) {
  const [open, setOpen] = useState(false);
  const long = content.length > FOLD_CHARS || content.split('\n', FOLD_LINES + 1).length > FOLD_LINES;
  const folded = long && !open;
  return (
    <>
      <div
        class={
          folded
            ? 'message-content message-content--plain message-content--folded'
            : 'message-content message-content--plain'
        }
        data-testid="message-content"
      >
        {splitFences(revealBidiControls(content)).map((piece, index) =>
          piece.code ? (
            // A scrollable region: focusable, so a keyboard can scroll it.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: scrolling sideways needs the keyboard focus.
            <pre key={index} class="user-code" tabIndex={0}>
              <code>{piece.text}</code>
            </pre>
          ) : (
            <span key={index}>{piece.text}</span>
          ),
        )}
      </div>
      {long && (
        <button
          type="button"
          class="link-button"
          aria-expanded={open ? 'true' : 'false'}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}
