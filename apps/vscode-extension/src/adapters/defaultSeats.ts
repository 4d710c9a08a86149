/**
 * Who sits at the table when `roundtable.participants` was never set: one seat per subscription Roundtable is
 * built around, each on a model CLIProxyAPI serves for that login (Claude, ChatGPT through Codex, Gemini through
 * Antigravity). The manifest's default for the setting is this same list (a test keeps them equal).
 */
export const DEFAULT_SEATS = [
  { id: 'claude', displayName: 'Claude', color: '#D97706', model: 'claude-sonnet-4-6', enabled: true },
  { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
  { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: 'gemini-3-flash', enabled: true },
] as const;
