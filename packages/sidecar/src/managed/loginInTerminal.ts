import type { LoginProvider } from './management';

/**
 * The binary's own login flags, for a sign-in in a terminal: the way that works when the browser cannot reach
 * this machine's callback port (a remote window, a container). ChatGPT uses its device flow there (a code to enter,
 * no callback); the others print their page and, after 15 s, also accept the final URL pasted into the terminal.
 */
const LOGIN_FLAGS: Record<LoginProvider, string> = {
  claude: '-claude-login',
  codex: '-codex-device-login',
  antigravity: '-antigravity-login',
  kimi: '-kimi-login',
  xai: '-xai-login',
};

/**
 * The command line that signs in to `provider` with the managed proxy's own binary and config (so the login lands in
 * its auth-dir, where the running proxy picks it up). `-no-browser`: the terminal prints the page to open.
 */
export function loginCommandLine(provider: LoginProvider, binaryPath: string, configPath: string): string[] {
  return [binaryPath, '-config', configPath, LOGIN_FLAGS[provider], '-no-browser'];
}
