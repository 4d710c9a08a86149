import { describe, expect, test } from 'vitest';
import { effectiveMode } from './effectiveMode';

describe('effectiveMode', () => {
  test('managed on a platform the release has a build for stays managed', () => {
    expect(effectiveMode('managed', '', 'linux', 'x64')).toEqual({ mode: 'managed' });
    expect(effectiveMode('managed', '', 'win32', 'arm64')).toEqual({ mode: 'managed' });
  });

  test('managed on a platform without a build falls back to external mode, and says why and what to do', () => {
    const result = effectiveMode('managed', '', 'freebsd', 'x64');
    expect(result.mode).toBe('external');
    expect(result.notice).toContain('no build for freebsd/x64');
    expect(result.notice).toContain('roundtable.sidecar.binaryPath');
  });

  test('a binary of the user’s keeps managed mode anywhere; external stays external', () => {
    expect(effectiveMode('managed', '/opt/cli-proxy-api', 'freebsd', 'x64')).toEqual({ mode: 'managed' });
    expect(effectiveMode('external', '', 'freebsd', 'x64')).toEqual({ mode: 'external' });
  });
});
