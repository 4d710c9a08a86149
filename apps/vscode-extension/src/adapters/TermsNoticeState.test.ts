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
  it('shows the notice until it is dismissed, tells the views once, and remembers it', async () => {
    const state = memento();
    const notice = new TermsNoticeState(state);
    const heard: boolean[] = [];
    notice.onDidChange((show) => heard.push(show));
    expect(notice.current).toBe(true);
    await notice.dismiss();
    await notice.dismiss();
    expect(notice.current).toBe(false);
    expect(heard).toEqual([false]);
    expect(new TermsNoticeState(state).current).toBe(false); // the next window, or the next start
  });
});
