import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mentionsIn, watchTurnCost } from '../models/costWatch';
import { AppHarness, typeDraft } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

// The cost beside the send button: asked of the host when what decides it changes (not on every key), shown only for
// the draft asked about last, with a tooltip that says what each request is for.

let h: AppHarness;
let stop: () => void;

beforeEach(() => {
  h = new AppHarness();
  h.mount();
  stop = watchTurnCost(h.chat as NonNullable<typeof h.chat>, h.composer);
  h.emit(h.host.state(viewState()));
});

afterEach(() => {
  stop();
  h.dispose();
});

const estimates = () => h.transport.posted.filter((m) => m.type === 'chat/estimate');
const lastEstimate = () => {
  const last = estimates().at(-1);
  if (!last || !('requestId' in last)) throw new Error('no estimate asked');
  return last;
};
function answer(requestId: string, cost: Parameters<typeof h.host.send<'cost/estimated'>>[1]['cost']): void {
  h.emit(h.host.send('cost/estimated', { requestId, cost }));
}

describe('the cost of the draft', () => {
  it('is asked for once the thread is shown, and again when the mentions change, not on other keys', () => {
    expect(estimates()).toHaveLength(1);
    typeDraft('why is');
    typeDraft('why is the build slow');
    expect(estimates()).toHaveLength(1);
    typeDraft('why is the build slow @gpt');
    expect(estimates()).toHaveLength(2);
    expect(lastEstimate().payload).toEqual({ threadId: 'thread-1', text: 'why is the build slow @gpt' });
    typeDraft('why is the build slow @gpt?');
    expect(estimates()).toHaveLength(2);
  });

  it('is asked for again when the mode, the seats or the table change', () => {
    const before = estimates().length;
    h.emit(
      h.host.send('table/changed', {
        participants: viewState().participants,
        groups: [],
        defaultTarget: 'claude',
        mode: 'council',
      }),
    );
    expect(estimates().length).toBe(before + 1);
    h.emit(h.host.send('seats/changed', { gpt: { kind: 'needs-login', provider: 'ChatGPT' } }));
    expect(estimates().length).toBe(before + 2);
  });

  it('shows the answer to the draft asked about last, with what each request is for', () => {
    const first = lastEstimate().requestId;
    typeDraft('@all go');
    const second = lastEstimate().requestId;
    answer(second, { kind: 'sends', mode: 'council', seats: ['claude', 'gpt'], requests: 5, fewest: 2 });
    const line = screen.getByTestId('turn-cost');
    expect(line.textContent).toBe('Council · 2 seats · 2-5 requests');
    expect(line.title).toContain('Council: Claude and GPT answer. 2 answers, 2 reviews and a synthesis: 5 requests.');
    // An answer to an earlier draft comes late: it does not replace the one shown.
    answer(first, { kind: 'sends', mode: 'discuss', seats: ['claude'], requests: 1 });
    expect(screen.getByTestId('turn-cost').textContent).toBe('Council · 2 seats · 2-5 requests');
  });

  it('a draft that would not be sent says why in the place of the count', () => {
    answer(lastEstimate().requestId, { kind: 'refused', reason: 'Not sent: GPT needs a ChatGPT login.' });
    const line = screen.getByTestId('turn-cost');
    expect(line.textContent).toBe('Not sent: GPT needs a ChatGPT login.');
    expect(line.classList.contains('turn-cost-refused')).toBe(true);
  });
});

describe('mentionsIn', () => {
  it('is the draft’s @names in order, whatever their case, and nothing else', () => {
    expect(mentionsIn('ask @GPT and @claude-opus, then @all')).toBe('@gpt @claude-opus @all');
    expect(mentionsIn('no names here, a@ b')).toBe('');
  });
});
