import { describe, expect, it } from 'vitest';
import { TermsNoticeState } from './TermsNoticeState';

function memento(initial: Record<string, unknown> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key: string, value: unknown) => void values.set(key, value),
  };
}

describe('TermsNoticeState', () => {
  it('shows the notice in full until it is dismissed, then its line: the views are told once, and it is remembered', async () => {
    const state = memento();
    const notice = new TermsNoticeState(state);
    const heard: string[] = [];
    notice.onDidChange((form) => heard.push(form));
    expect(notice.current).toBe('full');
    await notice.dismiss();
    await notice.dismiss();
    expect(notice.current).toBe('line');
    expect(heard).toEqual(['line']);
    expect(new TermsNoticeState(state).current).toBe('line'); // the next window, or the next start
  });

  it('keeps a notice dismissed before it had a line folded', () => {
    expect(new TermsNoticeState(memento({ 'roundtable.termsNoticeDismissed': true })).current).toBe('line');
  });
});
