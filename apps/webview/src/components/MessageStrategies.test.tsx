import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness, messageEl } from '../testing/AppHarness';
import { councilState, VOTE_READING, voteMessages, voteState } from '../testing/councilFixtures';
import { countRenders } from '../testing/counters';
import { viewMessage, viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';

// Compare strategies under a Council's synthesis whose question had one short answer: a disclosure that shows, with
// nothing asked again, what each seat alone, the vote, the synthesis and the dispute rounds answered and cost.

const h = new AppHarness();
afterEach(() => {
  // Every fixture passed the protocol's schemas: nothing was dropped.
  expect(h.warnings).toEqual([]);
  h.dispose();
});
beforeAll(() => councilViews.load());

const button = () => screen.queryByTestId('compare-strategies');
const cells = (row: Element) => [...row.children].map((cell) => cell.textContent);
/** The table's rows as text, its header first. */
const tableRows = () => [...screen.getByTestId('strategies-table').querySelectorAll('tr')].map(cells);

const HEADER = ['Strategy', 'Answer', 'Tokens', 'Time'];
/** The voting council's rows: each seat's reply alone, the answers' step, and the whole plan. */
const COUNCIL_ROWS = [
  ['Claude alone', '42', '100 in, 50 out', '4.0 s'],
  ['GPT alone', '42', 'about 120 in, 60 out (estimated)', '6.0 s'],
  // Grok is no longer in the settings: its id.
  ['grok alone', '41', '90 in, 40 out', '5.0 s'],
  // The answers ran at once: their longest time.
  ['The vote', '42 (2 of 3)', 'about 310 in, 150 out (estimated)', '6.0 s'],
  // Answers, reviews and synthesis: 6 s + 2.5 s + 3 s.
  ['The synthesis', '42', 'about 2,100 in, 590 out (estimated)', '12 s'],
];

describe('Compare strategies', () => {
  it('is a disclosure under a Council’s synthesis with a vote, below its ledger, reached by the keyboard', () => {
    h.mount();
    h.emit(h.host.state(voteState()));
    const open = within(messageEl('s1')).getByRole('button', { name: 'Compare strategies' });
    expect(open).toBe(button());
    expect(open.classList.contains('button-secondary')).toBe(true);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('ledger-table').compareDocumentPosition(open)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByTestId('strategies-table')).toBeNull();
    open.focus();
    expect(document.activeElement).toBe(open);

    const posted = h.transport.posted.length;
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const table = screen.getByTestId('strategies-table');
    // The button names what it shows; the table sits in a box that scrolls sideways, which the keyboard reaches.
    const box = table.closest('section');
    expect(open.getAttribute('aria-controls')).toBe(box?.id);
    expect(box?.tabIndex).toBe(0);
    expect(box?.classList.contains('table-scroll')).toBe(true);
    // Nothing is asked of the host: it is all read from the replies shown.
    expect(h.transport.posted.length).toBe(posted);

    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('false');
    expect(open.hasAttribute('aria-controls')).toBe(false);
    expect(screen.queryByTestId('strategies-table')).toBeNull();
  });

  it('shows one row per strategy: its answer, its tokens (about, when estimated) and its time', () => {
    h.mount();
    h.emit(h.host.state(voteState()));
    fireEvent.click(button() as HTMLElement);
    expect(tableRows()).toEqual([HEADER, ...COUNCIL_ROWS]);
    const table = screen.getByTestId('strategies-table');
    expect([...table.querySelectorAll('tbody th')].every((th) => th.getAttribute('scope') === 'row')).toBe(true);
  });

  it('adds what the synthesis answered after the dispute rounds that followed, with their cost on top', () => {
    h.mount();
    h.emit(h.host.state(voteState(VOTE_READING, true)));
    fireEvent.click(button() as HTMLElement);
    expect(tableRows()).toEqual([
      HEADER,
      ...COUNCIL_ROWS,
      // The council, then the round: positions at once (3 s), then its ledger (2.5 s).
      ['After 1 dispute round', '41', 'about 3,010 in, 775 out (estimated)', '17 s'],
    ]);
    // A round's own synthesis offers none.
    expect(screen.getAllByTestId('compare-strategies')).toHaveLength(1);
  });

  it('says when the vote has no majority, and a dash for a seat with no short answer; answers are text', () => {
    h.mount();
    const vote = { answers: { claude: '41', gpt: '<b>42</b>' } };
    h.emit(h.host.state(voteState({ ...VOTE_READING, vote })));
    fireEvent.click(button() as HTMLElement);
    expect(
      tableRows()
        .slice(1)
        .map((row) => row[1]),
    ).toEqual(['41', '<b>42</b>', '—no short answer', 'no majority (at most 1 of 2)', '—no short answer']);
    expect(screen.getByTestId('strategies-table').querySelector('b')).toBeNull();
    expect(screen.getByTestId('strategies-table').querySelector('td span[aria-hidden="true"]')?.textContent).toBe('—');
  });

  it('is absent when the synthesis’s reading holds no vote, and while the synthesis streams', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    expect(screen.getByTestId('ledger-table')).toBeTruthy();
    expect(button()).toBeNull();
    const streaming = voteMessages().map((m) => (m.id === 's1' ? { ...m, status: 'streaming' as const } : m));
    h.emit(
      h.host.state(viewState({ thread: { mode: 'council', busy: true, plans: voteState().thread.plans } }, streaming)),
    );
    expect(button()).toBeNull();
    h.emit(h.host.status('s1', 'complete'));
    expect(button()).not.toBeNull();
  });

  it('renders nothing again while another reply streams', () => {
    h.mount();
    h.emit(h.host.state(voteState()));
    fireEvent.click(button() as HTMLElement);
    const renders = countRenders();
    h.emit(h.host.added(viewMessage({ id: 'next', speaker: 'gpt', content: '', status: 'streaming' }), 8));
    for (const [text, offset] of [
      ['Some', 0],
      ['thing else.', 4],
    ] as const)
      h.emit(h.host.appended('next', text, offset));
    renders.stop();
    expect(renders.byName.get('CompareStrategies')).toBeUndefined();
    expect(renders.byName.get('StrategiesTable')).toBeUndefined();
    expect(tableRows()).toEqual([HEADER, ...COUNCIL_ROWS]);
  });
});
