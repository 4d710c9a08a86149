import { WebviewToHost } from '@roundtable/core/protocol';
import { fireEvent, screen, within } from '@testing-library/preact';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness, contentOf, messageEl } from '../testing/AppHarness';
import {
  COUNCIL,
  councilMessages,
  councilState,
  disputePlan,
  disputeState,
  LEDGER_READING,
  LEDGER_TEXT,
  ROUND_1,
  type ROUND_READING,
  roundMessages,
} from '../testing/councilFixtures';
import { listEntry, viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';

// Discuss disputes in the list: the button under a Council's synthesis while its ledger disputes a claim, a dispute
// round under its own header, each seat's positions drawn from what the host read (a change without a new argument
// flagged), and under the round's synthesis what changed and, under the last round, why the rounds ended.

const h = new AppHarness();
afterEach(() => {
  // Every fixture passed the protocol's schemas: nothing was dropped.
  expect(h.warnings).toEqual([]);
  h.dispose();
});
beforeAll(() => councilViews.load());

const button = () => screen.queryByTestId('discuss-disputes');
const positionsOf = (id: string) => messageEl(id).querySelector<HTMLElement>('[data-testid="positions"]');
const linesOf = (el: Element | null) => [...(el?.querySelectorAll('li') ?? [])].map((li) => li.textContent);

describe('the Discuss disputes button', () => {
  it('shows under a Council’s synthesis whose ledger disputes claims, says how many, and asks the host for it', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    const start = within(messageEl('s1')).getByRole('button', { name: 'Discuss disputes' });
    expect(start).toBe(button());
    expect(start.classList.contains('button-secondary')).toBe(true);
    // Below the ledger; its count read out as its description.
    expect(screen.getByTestId('ledger-table').compareDocumentPosition(start)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    const count = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(count?.textContent).toBe('2 claims disputed');
    // Reached by the keyboard like any button.
    start.focus();
    expect(document.activeElement).toBe(start);
    fireEvent.click(start);
    expect(h.lastIntent()).toEqual({
      type: 'turn/discussDisputes',
      payload: { threadId: 'thread-1', messageId: 's1' },
    });
    expect(v.safeParse(WebviewToHost, h.transport.posted.at(-1)).success).toBe(true);
    // The host starts the round: the button goes with its plan.
    h.emit(h.host.send('plan/added', { plan: ROUND_1 }));
    expect(button()).toBeNull();
  });

  it('counts a split vote as a claim to dispute', () => {
    h.mount();
    const vote = { answers: { claude: '41', gpt: '42' } };
    h.emit(h.host.state(councilState(LEDGER_TEXT, { answer: 'It is 42.', claims: [], vote })));
    expect(document.getElementById(button()?.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '1 claim disputed',
    );
  });

  it('is absent when nothing is disputed, and while the synthesis streams', () => {
    h.mount();
    const agreed = {
      ...LEDGER_READING,
      claims: [{ claim: 'The answer is 42', marks: { gpt: 'supported' as const, claude: 'supported' as const } }],
    };
    h.emit(h.host.state(councilState(LEDGER_TEXT, agreed)));
    expect(screen.getByTestId('ledger-table')).toBeTruthy();
    expect(button()).toBeNull();
    const streaming = councilMessages().map((m) => (m.id === 's1' ? { ...m, status: 'streaming' as const } : m));
    h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [COUNCIL] } }, streaming)));
    expect(button()).toBeNull();
  });

  it('is absent while the thread is busy, and back once it is not', () => {
    h.mount();
    h.emit(h.host.state(viewState({ thread: { mode: 'council', busy: true, plans: [COUNCIL] } }, councilMessages())));
    expect(screen.getByTestId('ledger-table')).toBeTruthy();
    expect(button()).toBeNull();
    h.emit(h.host.send('threads/changed', { entry: listEntry({ id: 'thread-1', busy: false }) }));
    expect(button()).not.toBeNull();
    h.emit(h.host.send('threads/changed', { entry: listEntry({ id: 'thread-1', busy: true }) }));
    expect(button()).toBeNull();
  });

  it('is absent once a round started from the synthesis, and under a round’s own synthesis', () => {
    h.mount();
    h.emit(h.host.state(disputeState()));
    // The round's synthesis still disputes a claim: the rounds went on from it, or ended there; it offers none.
    expect(within(messageEl('d1s')).getByTestId('ledger-table')).toBeTruthy();
    expect(button()).toBeNull();
  });
});

describe('a dispute round', () => {
  it('has a header of its own, counting its rounds, and tags each position', () => {
    h.mount();
    h.emit(h.host.state(disputeState()));
    const headings = screen.getAllByTestId('plan-header').map((el) => el.querySelector('.plan-heading')?.textContent);
    expect(headings).toEqual([
      'Council · 3 answers, reviews, synthesis by Claude',
      'Disputes · round 1 · 2 positions, ledger by Claude',
    ]);
    const tag = messageEl('d1g').querySelector('[data-testid="step-tag"]');
    expect(tag?.textContent).toBe('position');
    expect(tag?.getAttribute('title')).toBe('Its position on the disputed claims, after reading only the arguments');
    expect(messageEl('d1s').querySelector('[data-testid="step-tag"]')?.textContent).toBe('synthesis');
  });

  it('shows a position’s text, then its positions from what the host read; a change without a reason is flagged', () => {
    h.mount();
    h.emit(h.host.state(disputeState()));
    expect(contentOf('d1g').textContent).toContain('I agree.');
    expect(linesOf(positionsOf('d1c'))).toEqual([
      'The answer is 42: rejects it (kept).',
      'It needs <b>no</b> proof: holds it (kept).',
    ]);
    const gpt = positionsOf('d1g');
    expect(linesOf(gpt)).toEqual([
      'The answer is 42: holds it (kept).',
      '⚠It needs <b>no</b> proof: holds it (changed without a reason).',
    ]);
    const flagged = [...(gpt?.querySelectorAll('.position--without-reason') ?? [])];
    expect(flagged.map((li) => li.textContent)).toEqual([
      '⚠It needs <b>no</b> proof: holds it (changed without a reason).',
    ]);
    expect(flagged[0]?.querySelector('.position-flag')?.getAttribute('aria-hidden')).toBe('true');
    expect(positionsOf('d1c')?.querySelector('.position--without-reason')).toBeNull();
    // The claims are the models' words: text, never HTML.
    expect(gpt?.querySelector('b')).toBeNull();
  });

  it('shows no positions while a position streams (a retry keeps the last reading until it ends)', () => {
    h.mount();
    const messages = disputeState().thread.messages.map((m) =>
      m.id === 'd1g' ? { ...m, content: 'I ag', status: 'streaming' as const } : m,
    );
    h.emit(h.host.state(viewState({ thread: { mode: 'council', busy: true, plans: [COUNCIL, ROUND_1] } }, messages)));
    expect(contentOf('d1g').textContent).toContain('I ag');
    expect(positionsOf('d1g')).toBeNull();
    expect(positionsOf('d1c')).not.toBeNull();
    h.emit(h.host.status('d1g', 'complete'));
    expect(positionsOf('d1g')).not.toBeNull();
  });

  it('says so when a position’s block could not be read', () => {
    h.mount();
    const messages = disputeState().thread.messages.map((m) =>
      m.id === 'd1c' ? { ...m, positions: { malformed: 'it needs a "positions" list' } } : m,
    );
    h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [COUNCIL, ROUND_1] } }, messages)));
    expect(positionsOf('d1c')).toBeNull();
    expect(within(messageEl('d1c')).getByTestId('positions-malformed').textContent).toBe(
      'Its positions could not be read (it needs a "positions" list).',
    );
  });

  it('says under its synthesis what changed in the round, and, under the last round, why the rounds ended', () => {
    h.mount();
    h.emit(h.host.state(disputeState()));
    const changes = within(messageEl('d1s')).getByTestId('round-changes');
    expect(changes.querySelector('strong')?.textContent).toBe('What changed in this round');
    expect(linesOf(changes)).toEqual(['GPT now holds “It needs <b>no</b> proof”, without a reason.']);
    expect(changes.querySelector('b')).toBeNull();
    expect(within(messageEl('d1s')).getByTestId('disputes-end').textContent).toBe(
      'The rounds ended after round 1 (roundtable.council.maxDisputeRounds); still disputed: “The answer is 42”.',
    );
    // The Council's own synthesis says neither.
    expect(within(messageEl('s1')).queryByTestId('round-changes')).toBeNull();
  });

  it('with a second round, says why the rounds ended under the last one only', () => {
    h.mount();
    const second = disputePlan('p3', 'd1s', 2, ['The answer is 42']);
    const settled: typeof ROUND_READING = {
      claims: [{ claim: 'The answer is 42', marks: { gpt: 'supported', claude: 'supported' } }],
    };
    const round2 = roundMessages(second, 'd2', settled).map((m) =>
      m.positions
        ? { ...m, positions: { claims: [{ claim: 0, position: 'supported' as const, argument: 'Fine.' }] } }
        : m,
    );
    const messages = [...disputeState().thread.messages, ...round2];
    h.emit(h.host.state(viewState({ thread: { mode: 'council', plans: [COUNCIL, ROUND_1, second] } }, messages)));
    expect(screen.getAllByTestId('plan-header').at(-1)?.querySelector('.plan-heading')?.textContent).toBe(
      'Disputes · round 2 · 2 positions, ledger by Claude',
    );
    expect(within(messageEl('d1s')).queryByTestId('disputes-end')).toBeNull();
    expect(within(messageEl('d1s')).getByTestId('round-changes')).toBeTruthy();
    expect(within(messageEl('d2s')).getByTestId('disputes-end').textContent).toBe(
      'The rounds ended: nothing is disputed any more.',
    );
    expect(linesOf(within(messageEl('d2s')).getByTestId('round-changes'))).toEqual(['No seat changed its position.']);
    expect(screen.getAllByTestId('disputes-end')).toHaveLength(1);
  });
});
