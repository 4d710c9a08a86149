import { describe, expect, test } from 'vitest';
import { scrubbedEnv } from './processPort';

describe('scrubbedEnv', () => {
  test('keeps what a Go program needs and drops the rest, variables prefixed for the proxy included', () => {
    const env = scrubbedEnv({
      PATH: '/usr/bin',
      HOME: '/home/ana',
      HTTPS_PROXY: 'http://corp:3128',
      GITHUB_TOKEN: 'ghp_secret',
      MANAGEMENT_PASSWORD: 'should-not-pass',
      PGSTORE_DSN: 'postgres://x',
      OPENAI_API_KEY: 'sk-nope',
      ROUNDTABLE_SIDECAR_ENV_HTTPS_PROXY: 'http://127.0.0.1:9',
      ROUNDTABLE_SIDECAR_ENV_: 'ignored',
    });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/home/ana', HTTPS_PROXY: 'http://corp:3128' });
  });
});
