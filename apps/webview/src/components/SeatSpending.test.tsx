import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
});

afterEach(() => {
  h.dispose();
});

const claudeSpent = {
  today: { requests: 12, inputTokens: 40_000, outputTokens: 8_120 },
  last5h: { requests: 4, inputTokens: 9_000, outputTokens: 800, estimated: true as const },
};

describe('what each seat spent', () => {
  it('the To chip’s tooltip says what each seat that can be chosen spent, and follows the host', () => {
    h.mount();
    h.emit(h.host.state(viewState({ spending: { claude: claudeSpent } })));
    const chip = screen.getByTestId('target-chip');
    expect(chip.title.split('\n')).toEqual([
      'To: Claude. Who answers a message that @-mentions nobody',
      'Claude: today 12 requests, 48,120 tokens · last 5 h 4 requests, 9,800 tokens (some estimated)',
      'GPT: nothing today or in the last 5 h',
    ]);
    h.emit(
      h.host.send('spending/changed', {
        seats: {
          gpt: {
            today: { requests: 1, inputTokens: 10, outputTokens: 5 },
            last5h: { requests: 0, inputTokens: 0, outputTokens: 0 },
          },
        },
      }),
    );
    expect(screen.getByTestId('target-chip').title.split('\n').slice(1)).toEqual([
      'Claude: nothing today or in the last 5 h',
      'GPT: today 1 request, 15 tokens · last 5 h none',
    ]);
  });

  it('a seat in the seat list says what it spent in its tooltip, after why it cannot answer', () => {
    h.mount();
    h.emit(
      h.host.state(
        viewState({
          spending: { claude: claudeSpent },
          seats: {
            claude: { kind: 'cooling', until: Date.now() + 60_000, reason: 'Quota used up', canReset: false },
            gpt: { kind: 'needs-login', provider: 'ChatGPT' },
          },
        }),
      ),
    );
    const [claude, gpt] = screen.getAllByTestId('seat').map((seat) => seat.querySelector('.seat-why'));
    expect(claude?.getAttribute('title')).toBe(
      'Quota used up\nClaude: today 12 requests, 48,120 tokens · last 5 h 4 requests, 9,800 tokens (some estimated)',
    );
    expect(gpt?.getAttribute('title')).toBe('GPT: nothing today or in the last 5 h');
  });
});
