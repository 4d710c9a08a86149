import { describe, expect, test } from 'vitest';
import { CLAUDE_ACCOUNT_RISK, confirmClaudeSignIn, type RiskMemory } from './claudeAccountRisk';

// Before a Claude login through the proxy: the risk said once, Claude Code offered first when it can answer.

function memory(): RiskMemory & { values: Map<string, unknown> } {
  const values = new Map<string, unknown>();
  return {
    values,
    get: <T>(key: string) => values.get(key) as T | undefined,
    update: async (key, value) => {
      values.set(key, value);
    },
  };
}

/** A question that answers with the button `pick` picks from those it was given, and records what it was asked. */
function asker(pick: (buttons: string[]) => string | undefined) {
  const asked: { message: string; detail: string; buttons: string[] }[] = [];
  const ask = async (message: string, detail: string, buttons: string[]) => {
    asked.push({ message, detail, buttons });
    return pick(buttons);
  };
  return { ask, asked };
}

describe('the Claude account risk before a proxy sign-in', () => {
  test('says the terms and the date, offers Claude Code first when it is ready, and going on is asked once', async () => {
    const m = memory();
    const first = asker((buttons) => buttons.find((b) => b.includes('Anyway')));
    expect(await confirmClaudeSignIn(m, true, first.ask)).toBe('signIn');
    expect(first.asked).toEqual([
      {
        message: CLAUDE_ACCOUNT_RISK,
        detail: expect.stringContaining('installed and signed in on this machine'),
        buttons: ['Seat Claude on Claude Code', 'Sign In Through the Proxy Anyway'],
      },
    ]);
    expect(CLAUDE_ACCOUNT_RISK).toMatch(/Free, Pro or Max.*third-party tools.*4 April 2026/);
    const again = asker(() => undefined);
    expect(await confirmClaudeSignIn(m, true, again.ask)).toBe('signIn');
    expect(again.asked).toEqual([]);
  });

  test('choosing Claude Code, or closing the question, signs in to nothing and remembers nothing', async () => {
    const m = memory();
    expect(await confirmClaudeSignIn(m, true, asker((b) => b[0]).ask)).toBe('claudeCode');
    expect(await confirmClaudeSignIn(m, true, asker(() => undefined).ask)).toBe('cancel');
    expect(m.values.size).toBe(0);
  });

  test('without Claude Code ready, only going on is offered, and the detail says how to get it', async () => {
    const { ask, asked } = asker(() => undefined);
    expect(await confirmClaudeSignIn(memory(), false, ask)).toBe('cancel');
    expect(asked[0]?.buttons).toEqual(['Sign In Through the Proxy Anyway']);
    expect(asked[0]?.detail).toContain('claude auth login');
  });
});
