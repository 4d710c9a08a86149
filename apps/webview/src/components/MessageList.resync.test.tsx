import { afterEach, describe, expect, it } from 'vitest';
import { AppHarness, contentOf, messageEl } from '../testing/AppHarness';
import { countRenders } from '../testing/counters';
import { priorMessages, viewMessage, viewState } from '../testing/fixtures';

const h = new AppHarness();
afterEach(() => h.dispose());

/** Renders while `emit` runs, by component name. */
function rendersWhile(emit: () => void): ReadonlyMap<string, number> {
  const renders = countRenders();
  try {
    emit();
  } finally {
    renders.stop();
  }
  return renders.byName;
}

describe('a resync of the thread shown', () => {
  it('re-renders only the bubble whose message changed, and keeps the others’ DOM', () => {
    h.mount();
    const messages = priorMessages(40);
    h.emit(h.host.state(viewState({}, messages)));
    const untouched = messageEl('m37');
    const edited = messages.map((m) => (m.id === 'm38' ? viewMessage({ ...m, content: 'Edited **now**.' }) : m));
    const byName = rendersWhile(() => h.emit(h.host.state(structuredClone(viewState({}, edited)))));
    expect(byName.get('MessageBubble')).toBe(1);
    expect(byName.get('MessageList')).toBeUndefined();
    expect(contentOf('m38').textContent?.trim()).toBe('Edited now.');
    expect(messageEl('m37')).toBe(untouched);
  });

  it('re-renders every bubble when something they all show changes (the control)', () => {
    h.mount();
    const messages = priorMessages(12);
    h.emit(h.host.state(viewState({}, messages)));
    const state = structuredClone(viewState({}, messages));
    state.participants = state.participants.map((p) => ({ ...p, displayName: `${p.displayName} 2` }));
    const byName = rendersWhile(() => h.emit(h.host.state(state)));
    expect(byName.get('MessageBubble')).toBe(12);
  });
});
