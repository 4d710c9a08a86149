import { describe, expect, test } from 'vitest';
import { resolveProxyEndpoint } from './endpoint';

const external = (externalUrl: string, port = 8317) => resolveProxyEndpoint({ mode: 'external', port, externalUrl });

describe('resolveProxyEndpoint', () => {
  test.each([
    ['', 8317, 'http://127.0.0.1:8317'],
    ['', 9000, 'http://127.0.0.1:9000'],
    ['http://127.0.0.1:8317', 8317, 'http://127.0.0.1:8317'],
    ['http://127.0.0.1:8317/', 8317, 'http://127.0.0.1:8317'],
    ['http://127.0.0.1:8317/v1', 8317, 'http://127.0.0.1:8317'],
    ['http://127.0.0.1:8317/v1/', 8317, 'http://127.0.0.1:8317'],
    ['  http://localhost:8400  ', 8317, 'http://127.0.0.1:8400'],
    ['https://proxy.internal/cpa/v1', 8317, 'https://proxy.internal/cpa'],
  ])('%j (port %i) -> %s', (url, port, root) => {
    expect(external(url, port)).toEqual({ ok: true, root, apiBase: `${root}/v1` });
  });

  test.each([
    ['127.0.0.1:8317', 'must start with http'],
    ['not a url', 'must start with http'],
    ['http://[::1', 'is not a URL'],
    ['localhost:8317', 'must start with http'],
    ['ftp://127.0.0.1:8317', 'must start with http'],
    ['http://user:pw@127.0.0.1:8317', 'must not contain credentials'],
    ['http://127.0.0.1:8317/?key=abc', 'query'],
  ])('refuses %j with a readable reason', (url, reason) => {
    const result = external(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(reason);
  });

  test('a bad port is reported when no URL overrides it', () => {
    const result = external('', 0);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('roundtable.sidecar.port') });
  });

  test('managed mode says it is not available yet and what to do instead', () => {
    const result = resolveProxyEndpoint({ mode: 'managed', port: 8317, externalUrl: '' });
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('"external"') });
  });
});
