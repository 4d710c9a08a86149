import type { ViewMessage } from '@roundtable/core/protocol';
import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppHarness, messageEl } from '../testing/AppHarness';
import { viewMessage, viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';

// A reply's change blocks in the panel: a block naming its file gets Review change and Apply like a diff; Compare
// proposals shows on a block only while another seat's reply in the thread changes the same file; Ask the table to
// review this change asks for the reply's review. Each goes to the host with the block as written.

const h = new AppHarness();
// A review shows through the council's lazy views: loaded first (the wait is covered in lazyModule.test).
beforeAll(() => councilViews.load());
beforeEach(() => h.mount());
afterEach(() => h.dispose());

const named = (path: string, body: string) => `Here:\n\n\`\`\`ts title="${path}"\n${body}\n\`\`\`\n`;
const diff = (path: string) => `\`\`\`diff\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n\`\`\`\n`;
const question = viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'Fix it' });

function show(...messages: ViewMessage[]): void {
  h.emit(h.host.state(viewState({}, [question, ...messages])));
}

/** The full names of a message's code-block buttons past Copy, Insert and New File, block by block. */
function actionsOf(id: string): string[][] {
  return [...messageEl(id).querySelectorAll('.code-toolbar')].map((toolbar) =>
    [...toolbar.querySelectorAll('button')].slice(3).map((b) => b.getAttribute('aria-label') ?? ''),
  );
}

describe('a reply’s change blocks', () => {
  it('a block naming its file: Review change and Apply go to the host with its info string and code', () => {
    show(viewMessage({ id: 'a1', content: named('src/a.ts', 'export const a = 2;') }));
    const reply = within(messageEl('a1'));
    fireEvent.click(reply.getByRole('button', { name: 'Review change' }));
    const change = { info: 'ts title="src/a.ts"', code: 'export const a = 2;\n' };
    expect(h.lastIntent()).toEqual({ type: 'change/review', payload: change });
    fireEvent.click(reply.getByRole('button', { name: 'Apply change' }));
    expect(h.lastIntent()).toEqual({ type: 'change/apply', payload: change });
  });

  it('an Apply refused for a part of the file offers Insert at Cursor and Review change for that block', () => {
    show(viewMessage({ id: 'a1', content: named('src/a.ts', 'export const a = 2;\n// ... rest unchanged') }));
    const change = { info: 'ts title="src/a.ts"', code: 'export const a = 2;\n// ... rest unchanged\n' };
    fireEvent.click(within(messageEl('a1')).getByRole('button', { name: 'Apply change' }));
    const reason = 'src/a.ts was not replaced: the block looks like a part of it, not the whole file.';
    h.answerLast({ ok: false, reason, action: { kind: 'insertOrReview' } });
    const notice = within(screen.getByTestId('notice'));
    expect(notice.getByText(reason)).toBeTruthy();
    fireEvent.click(notice.getByRole('button', { name: 'Insert at Cursor' }));
    expect(h.lastIntent()).toEqual({ type: 'code/insert', payload: { code: change.code } });
    fireEvent.click(notice.getByRole('button', { name: 'Review change' }));
    expect(h.lastIntent()).toEqual({ type: 'change/review', payload: change });
    // The review succeeding leaves the offer: it is the answer to another kind of request.
    h.answerLast({ ok: true });
    expect(notice.getByRole('button', { name: 'Insert at Cursor' })).toBeTruthy();
  });

  it('Compare proposals only where another seat’s reply changes the same file, by diff or whole file', () => {
    show(
      viewMessage({ id: 'a1', content: named('src/a.ts', 'one') + diff('src/b.ts') }),
      viewMessage({ id: 'a2', speaker: 'gpt', content: diff('./src/a.ts') }),
      viewMessage({ id: 'a3', content: named('src/b.ts', 'claude again') }),
    );
    const ask = 'Ask the table to review this change';
    expect(actionsOf('a1')).toEqual([
      ['Review change', 'Apply change', 'Compare proposals', ask],
      ['Review change', 'Apply change', ask],
    ]);
    expect(actionsOf('a2')).toEqual([['Review change', 'Apply change', 'Compare proposals', ask]]);
    // The same seat's two replies are no proposals to compare.
    expect(actionsOf('a3')).toEqual([['Review change', 'Apply change', ask]]);

    fireEvent.click(within(messageEl('a2')).getByRole('button', { name: 'Compare proposals' }));
    expect(h.lastIntent()).toEqual({
      type: 'change/compare',
      payload: {
        threadId: 'thread-1',
        messageId: 'a2',
        info: 'diff',
        code: '--- a/./src/a.ts\n+++ b/./src/a.ts\n@@ -1 +1 @@\n-a\n+b\n',
      },
    });
  });

  it('Compare proposals appears on the first reply once the other has finished, and not while it streams', () => {
    show(viewMessage({ id: 'a1', content: named('src/a.ts', 'one') }));
    expect(actionsOf('a1')[0]).not.toContain('Compare proposals');
    h.emit(h.host.added(viewMessage({ id: 'a2', speaker: 'gpt', content: '', status: 'streaming' }), 2));
    h.emit(h.host.appended('a2', named('src/a.ts', 'two'), 0));
    expect(actionsOf('a1')[0]).not.toContain('Compare proposals');
    h.emit(h.host.status('a2', 'complete'));
    expect(actionsOf('a1')[0]).toContain('Compare proposals');
    expect(actionsOf('a2')[0]).toContain('Compare proposals');
  });

  it('Ask the table to review this change asks for the reply’s review; not on a review, nor with nobody to ask', () => {
    show(
      viewMessage({ id: 'a1', content: diff('src/a.ts') }),
      viewMessage({ id: 'r1', speaker: 'gpt', reviewOf: 'a1', content: `Verdict: fine\n\n${diff('src/a.ts')}` }),
    );
    fireEvent.click(within(messageEl('a1')).getByRole('button', { name: 'Ask the table to review this change' }));
    expect(h.lastIntent()).toEqual({ type: 'message/review', payload: { threadId: 'thread-1', messageId: 'a1' } });
    fireEvent.click(within(messageEl('r1')).getByRole('button', { name: 'Show the review by GPT' }));
    expect(actionsOf('r1')).toEqual([['Review change', 'Apply change', 'Compare proposals']]);

    h.dispose();
    h.mount();
    const alone = viewState({}, [question, viewMessage({ id: 'a1', content: diff('src/a.ts') })]);
    h.emit(h.host.state({ ...alone, participants: alone.participants.filter((p) => p.id === 'claude') }));
    expect(actionsOf('a1')).toEqual([['Review change', 'Apply change']]);
  });
});
