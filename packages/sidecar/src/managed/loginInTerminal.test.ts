import { describe, expect, test } from 'vitest';
import { loginCommandLine } from './loginInTerminal';
import { LOGIN_PROVIDERS } from './management';

describe('loginCommandLine', () => {
  test('runs the managed binary with its config, the provider’s login flag and no browser', () => {
    expect(
      loginCommandLine('claude', '/s/cliproxyapi/7.2.140/cli-proxy-api', '/s/cliproxyapi/run/config.yaml'),
    ).toEqual([
      '/s/cliproxyapi/7.2.140/cli-proxy-api',
      '-config',
      '/s/cliproxyapi/run/config.yaml',
      '-claude-login',
      '-no-browser',
    ]);
  });

  test('ChatGPT signs in with its device flow, which needs no callback port', () => {
    expect(loginCommandLine('codex', 'b', 'c')).toContain('-codex-device-login');
  });

  test('every provider offered has a flag the pinned release knows', () => {
    const known = ['-claude-login', '-codex-device-login', '-antigravity-login', '-kimi-login', '-xai-login'];
    for (const provider of LOGIN_PROVIDERS) expect(known).toContain(loginCommandLine(provider.id, 'b', 'c')[3]);
  });
});
