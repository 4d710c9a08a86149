import { afterEach, describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { disposeAll, setup } from '../../test/support/viewSetup';
import { Emitter } from '../base/event';
import type { TermsNoticeForm } from '../protocol/hostToWebview';

const own = ensureNoDisposablesAreLeaked();

afterEach(disposeAll);

describe('ChatViewController: the Terms-of-Service notice', () => {
  test('the Terms-of-Service notice is in full in the state until dismissed, then every view is told it is a line', async () => {
    const { view } = setup([]);
    const terms = foldingNotice();
    const first = view({ terms });
    const second = view({ terms });
    await first.ready();
    await second.ready();
    expect(first.lastState().termsNotice).toBe('full');
    expect(await first.intent('terms/dismiss', {})).toMatchObject({ ok: true });
    expect(second.posted.at(-1)).toMatchObject({ type: 'terms/changed', payload: { notice: 'line' } });
    await second.ready();
    expect(second.lastState().termsNotice).toBe('line');
  });

  test('a first message sent folds the notice to its line; a message refused leaves it in full', async () => {
    const { view } = setup([]);
    const terms = foldingNotice();
    const v = view({ terms });
    await v.ready();
    const threadId = v.lastState().thread.id;
    // Refused: the view does not show that thread.
    expect(await v.intent('chat/send', { threadId: 'elsewhere', text: 'hello', targets: [] })).toMatchObject({
      ok: false,
    });
    expect(terms.current).toBe('full');
    expect(await v.intent('chat/send', { threadId, text: 'hello', targets: [] })).toMatchObject({ ok: true });
    expect(terms.current).toBe('line');
    expect(v.posted).toContainEqual(expect.objectContaining({ type: 'terms/changed', payload: { notice: 'line' } }));
  });

  /** A notice shown in full until `dismiss`, which folds it and tells the views (as the host's global state does). */
  function foldingNotice() {
    const changes = own.add(new Emitter<TermsNoticeForm>());
    let form: TermsNoticeForm = 'full';
    return {
      get current() {
        return form;
      },
      onDidChange: changes.event,
      dismiss: async () => {
        form = 'line';
        changes.fire('line');
      },
    };
  }
});
