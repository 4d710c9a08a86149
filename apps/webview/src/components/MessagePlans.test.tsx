import { NO_LEDGER_NOTE } from '@roundtable/core/present';
import { fireEvent, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppHarness, contentOf, messageEl } from '../testing/AppHarness';
import { COUNCIL, councilState, LEDGER_READING, LEDGER_TEXT } from '../testing/councilFixtures';
import { turnPlan, viewMessage, viewState } from '../testing/fixtures';
import { councilViews } from './lazyViews';

// A council turn in the list: one unit under its header, blind answers tagged, reviews folded under the answers,
// the synthesis with its ledger as a table and the names put back, drawn from what the host read of it (never from
// its text); and an Independent turn's header.

const h = new AppHarness();
afterEach(() => h.dispose());

const tagOf = (id: string) => messageEl(id).querySelector('[data-testid="step-tag"]')?.textContent;

// The council's views are a lazy chunk: loaded first, so these tests see the webview once it has arrived (the wait
// itself is covered in lazyModule.test).
beforeAll(() => councilViews.load());

describe('a council turn', () => {
  it('shows as one unit under a header saying what it holds and what it cost', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    const [header, ...others] = screen.getAllByTestId('plan-header');
    expect(others).toEqual([]);
    expect(header?.dataset).toMatchObject({ planId: 'p1', mode: 'council' });
    expect(header?.querySelector('.plan-heading')?.textContent).toBe(
      'Council · 3 answers, reviews, synthesis by Claude',
    );
    // The answers ran at once (the longest, 6 s), then the reviews (2 s; one still streaming), then the synthesis.
    expect(screen.getByTestId('plan-cost').textContent).toBe('11 s in all · about 220 tokens in, 110 out (estimated)');
    // The header sits right before the plan's first reply, after the question.
    expect(header?.previousElementSibling).toBe(messageEl('u1'));
    expect(header?.nextElementSibling).toBe(messageEl('a1'));
    const inPlan = screen.getAllByTestId('message').filter((m) => m.classList.contains('message--in-plan'));
    expect(inPlan.map((m) => m.dataset.messageId)).toEqual(['a1', 'a2', 'a3', 'v1', 'v2', 's1']);
  });

  it('tags each reply with its step, and says what each finished reply cost', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    expect(['a1', 'a2', 's1'].map(tagOf)).toEqual(['blind', 'blind', 'synthesis']);
    const cost = (id: string) => messageEl(id).querySelector('[data-testid="message-cost"]')?.textContent;
    expect(cost('a1')).toBe('4.0 s · first text after 0.8 s · 100 tokens in, 50 out');
    expect(cost('a2')).toBe('6.0 s · about 120 tokens in, 60 out (estimated)');
    expect(cost('a3')).toBeUndefined();
  });

  it('folds each review into a row with its verdict, its status, and a toggle to read it whole', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    const [done, streaming] = screen.getAllByTestId('review');
    expect(done?.dataset.verdict).toBe('A is right; B failed.');
    expect(done?.textContent).toBe('CLClaudereviewA is right; B failed.Show');
    expect(streaming?.dataset.verdict).toBe('C is thin');
    expect(streaming?.querySelector('[data-testid="typing"]')).not.toBeNull();
    expect(messageEl('v1').querySelector('[data-testid="message-content"]')).toBeNull();
    const toggle = within(messageEl('v1')).getByRole('button', { name: 'Show the review by Claude' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Hide the review by Claude');
    expect(contentOf('v1').querySelector('strong')?.textContent).toBe('Verdict:');
    expect(contentOf('v1').textContent).toContain('A shows its work.');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).not.toBeNull();
    // A review is never reviewed, nor regenerated as someone else.
    const actions = within(messageEl('v1')).getByRole('toolbar');
    expect([...actions.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Prompt', 'Delete']);
  });

  it('a folded review that failed or was stopped says so in its row, and offers Retry', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    h.emit(h.host.status('v2', 'error', 'HTTP 429: slow down'));
    expect(within(messageEl('v2')).getByTestId('message-error').textContent).toBe('HTTP 429: slow down');
    expect(within(messageEl('v2')).getByRole('button', { name: 'Retry' })).toBeTruthy();
    h.emit(h.host.status('v2', 'cancelled', null));
    expect(within(messageEl('v2')).getByTestId('review').textContent).toContain('stopped');
  });

  it('renders the synthesis’s answer as Markdown, then its ledger as a table with the names put back', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    expect(contentOf('s1').querySelector('strong')?.textContent).toBe('42');
    expect(contentOf('s1').textContent).not.toContain('claims');
    const table = screen.getByTestId('ledger-table');
    const head = [...table.querySelectorAll('thead th')];
    // Seat order (Claude, GPT, Grok), not letter order; a seat gone from the settings keeps its id.
    expect(head.map((th) => th.textContent)).toEqual(['Claim', 'CL Claude', 'GP GPT', 'GR grok']);
    expect(head[1]?.getAttribute('title')).toBe('Response C in the prompts');
    expect((head[1] as HTMLElement).style.getPropertyValue('--participant-accent')).toBe('#D97706');
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['The answer is 42', '✗disputed', '✓supported', '–not addressed'],
      ['It needs <b>no</b> proof', '✓supported', '✗disputed', 'no mark'],
    ]);
    // The model's claim is text, never HTML.
    expect(table.querySelector('b')).toBeNull();
    expect(table.querySelector('tbody th')?.getAttribute('scope')).toBe('row');
  });

  it('shows the vote above the ledger when the question had a short answer, with the names put back; else none', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    expect(screen.queryByTestId('vote-tally')).toBeNull();
    const vote = { answers: { claude: '41', gpt: '42', grok: '42' }, synthesis: '42' };
    h.emit(h.host.state(councilState(undefined, { ...LEDGER_READING, vote })));
    const tally = screen.getByTestId('vote-tally');
    expect(tally.textContent).toBe(
      'Vote: 2 of 3 answer 42; Claude (41) dissents. The synthesis answers 42, as the majority does.',
    );
    expect(tally.nextElementSibling?.querySelector('[data-testid="ledger-table"]')).not.toBeNull();
  });

  it('says whose answer the synthesis was written without', () => {
    h.mount();
    h.emit(h.host.state(councilState()));
    expect(screen.getByTestId('synthesis-missing').textContent).toBe('Written without grok’s answer (it failed).');
  });

  it('shows a ledger it cannot read as the model wrote it, with the reason; and says when there is none', () => {
    h.mount();
    const malformed = LEDGER_TEXT.replace('"claims"', '"claimz"');
    h.emit(h.host.state(councilState(malformed, { malformed: 'it needs a "claims" list, each with a "claim"' })));
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    expect(screen.getByTestId('ledger-note').textContent).toBe(
      'The ledger could not be read (it needs a "claims" list, each with a "claim"); it is shown as the model wrote it. Retry',
    );
    expect(contentOf('s1').querySelector('pre code')?.textContent).toContain('claimz');
    fireEvent.click(within(screen.getByTestId('ledger-note')).getByRole('button', { name: 'Retry' }));
    expect(h.lastIntent()).toEqual({ type: 'message/retry', payload: { threadId: 'thread-1', messageId: 's1' } });
    h.emit(h.host.state(councilState('Just **an answer**.', {})));
    expect(screen.getByTestId('ledger-note').textContent).toBe(`${NO_LEDGER_NOTE} Retry`);
    expect(contentOf('s1').querySelector('strong')?.textContent).toBe('an answer');
    expect(screen.queryByTestId('synthesis-missing')).toBeNull();
  });

  it('draws what the host stored, whatever the text says: the text is never read here', () => {
    h.mount();
    const stored = {
      claims: [{ claim: 'Stored, not written', marks: { grok: 'supported' as const } }],
      answer: 'Kept.',
    };
    h.emit(h.host.state(councilState(LEDGER_TEXT, stored)));
    const rows = [...screen.getByTestId('ledger-table').querySelectorAll('tbody tr')];
    expect(rows.map((tr) => [...tr.children].map((cell) => cell.textContent))).toEqual([
      ['Stored, not written', 'no mark', 'no mark', '✓supported'],
    ]);
    expect(contentOf('s1').textContent?.trim()).toBe('Kept.');
  });

  it('an older synthesis not read yet shows its text as written, then its ledger once the host has read it', () => {
    h.mount();
    h.emit(h.host.state(councilState(LEDGER_TEXT, null)));
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    expect(screen.queryByTestId('ledger-note')).toBeNull();
    expect(contentOf('s1').textContent).toContain('"claims"');
    h.emit(h.host.send('message/patched', { messageId: 's1', synthesis: LEDGER_READING }));
    expect(screen.getByTestId('ledger-table')).toBeTruthy();
    expect(contentOf('s1').textContent).not.toContain('"claims"');
  });

  it('while the synthesis streams, shows its text as it comes; its ledger comes with its end; a retry drops it', () => {
    h.mount();
    const messages = councilState().thread.messages.map((m) => {
      if (m.id !== 's1') return m;
      const { synthesis: _read, ...unread } = m;
      return { ...unread, content: '', status: 'streaming' as const };
    });
    h.emit(h.host.state(viewState({ thread: { busy: true, plans: [COUNCIL] } }, messages)));
    h.emit(h.host.appended('s1', LEDGER_TEXT, 0));
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    expect(contentOf('s1').textContent).toContain('"claims"');
    h.emit(h.host.send('message/patched', { messageId: 's1', status: 'complete', synthesis: LEDGER_READING }));
    expect(screen.getByTestId('ledger-table')).toBeTruthy();
    expect(contentOf('s1').textContent).not.toContain('"claims"');
    // Retry: the same message, emptied and streaming again, without what was read of its first run.
    h.emit(h.host.send('message/patched', { messageId: 's1', content: '', status: 'streaming', synthesis: null }));
    expect(screen.queryByTestId('ledger-table')).toBeNull();
    expect(screen.queryByTestId('synthesis-missing')).toBeNull();
  });
});

describe('other turns', () => {
  it('an Independent turn has a header; a Discuss turn and its plain answers have none, and no tag', () => {
    h.mount();
    const independent = turnPlan({
      id: 'p2',
      mode: 'independent',
      question: 'u2',
      steps: [{ kind: 'answer', seats: ['claude', 'gpt'], reads: 'blind', names: 'labelled', concurrency: 2 }],
    });
    const reveal = turnPlan({
      id: 'p3',
      kind: 'round',
      mode: 'independent',
      question: 'u2',
      round: 2,
      steps: [{ kind: 'answer', seats: ['claude', 'gpt'], reads: 'earlier', names: 'labelled', concurrency: 2 }],
    });
    const at = (plan: string) => ({ step: { plan, index: 0 } });
    h.emit(
      h.host.state(
        viewState({ thread: { plans: [turnPlan({ id: 'p1' }), independent, reveal] } }, [
          viewMessage({ id: 'u1', role: 'user', speaker: 'user', content: 'one' }),
          viewMessage({ id: 'd1', content: 'a', ...at('p1') }),
          viewMessage({ id: 'u2', role: 'user', speaker: 'user', content: 'two' }),
          viewMessage({ id: 'i1', content: 'b', ...at('p2') }),
          viewMessage({ id: 'i2', speaker: 'gpt', content: 'c', ...at('p2') }),
          viewMessage({ id: 'r1', content: 'd', ...at('p3') }),
        ]),
      ),
    );
    const headers = screen.getAllByTestId('plan-header');
    expect(headers.map((el) => el.querySelector('.plan-heading')?.textContent)).toEqual([
      'Independent · 2 answers',
      'Independent · round 2 · 2 answers',
    ]);
    expect(screen.queryByTestId('plan-cost')).toBeNull();
    expect(['d1', 'i1', 'i2', 'r1'].map(tagOf)).toEqual([undefined, 'blind', 'blind', 'revised']);
    expect(messageEl('d1').classList.contains('message--in-plan')).toBe(false);
  });
});
