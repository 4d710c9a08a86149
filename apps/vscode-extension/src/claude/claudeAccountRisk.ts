/**
 * The risk of signing in to Claude through the proxy, in the words every place that offers it uses (the sign-in, the
 * walkthrough, the privacy page): Anthropic's consumer terms forbid a subscription login in a third-party tool.
 */
export const CLAUDE_ACCOUNT_RISK =
  'Anthropic’s consumer terms forbid using a Claude Free, Pro or Max login in third-party tools such as CLIProxyAPI, and Anthropic has enforced that ban since 4 April 2026: the account can be suspended.';

/** What is offered instead: the official CLI, signed in with its own login, which Roundtable runs as it is. */
export const CLAUDE_CODE_INSTEAD =
  'Claude Code, Anthropic’s own CLI, uses your subscription as Anthropic allows: seat Claude on it instead.';

/** The part of VS Code's global state this needs (a Memento). */
export interface RiskMemory {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

const ACCEPTED = 'roundtable.claudeAccountRiskAccepted';

/** What the user chose when told the risk: go on with the proxy's Claude login, seat Claude on the CLI, or neither. */
export type RiskChoice = 'signIn' | 'claudeCode' | 'cancel';

/**
 * Asks once, before a Claude login through the proxy starts: the risk said, with Claude Code offered first when it is
 * installed and signed in. Going on is remembered on this machine (VS Code's global state), so the question is asked
 * once, not at every sign-in; choosing Claude Code or closing the question remembers nothing.
 */
export async function confirmClaudeSignIn(
  memory: RiskMemory,
  claudeCodeReady: boolean,
  ask: (message: string, detail: string, buttons: string[]) => PromiseLike<string | undefined>,
): Promise<RiskChoice> {
  if (memory.get<boolean>(ACCEPTED) === true) return 'signIn';
  const seat = 'Seat Claude on Claude Code';
  const signIn = 'Sign In Through the Proxy Anyway';
  const detail = claudeCodeReady
    ? `${CLAUDE_CODE_INSTEAD} It is installed and signed in on this machine.`
    : 'Claude Code, Anthropic’s own CLI, uses your subscription as Anthropic allows: install it and sign in (`claude auth login`), then run Roundtable: Seat Claude on Claude Code.';
  const choice = await ask(CLAUDE_ACCOUNT_RISK, detail, claudeCodeReady ? [seat, signIn] : [signIn]);
  if (choice === seat) return 'claudeCode';
  if (choice !== signIn) return 'cancel';
  await memory.update(ACCEPTED, true);
  return 'signIn';
}
