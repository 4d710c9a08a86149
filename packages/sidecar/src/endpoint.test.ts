import { describe, expect, test } from 'vitest';
import { resolveProxyEndpoint } from './endpoint';
import type { HostResolver } from './loopback';

/** A resolver from a table; it records what it was asked, and never reaches a real DNS server. */
function table(entries: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    asked.push(hostname);
    const addresses = entries[hostname];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return addresses;
  };
  return { asked, resolve };
}

const dns = table({
  'proxy.local': ['127.0.0.1'],
  'v6.local': ['::1'],
  '127.0.0.1.nip.io': ['127.0.0.1'],
  'rebind.example': ['127.0.0.1', '10.0.0.5'],
  'example.com': ['93.184.215.14'],
  'empty.local': [],
});
const external = (externalUrl: string, port = 8317) =>
  resolveProxyEndpoint({ mode: 'external', port, externalUrl }, dns.resolve);

describe('resolveProxyEndpoint', () => {
  test.each([
    ['', 8317, 'http://127.0.0.1:8317'],
    ['', 9000, 'http://127.0.0.1:9000'],
    ['http://127.0.0.1:8317', 8317, 'http://127.0.0.1:8317'],
    ['http://127.0.0.1:8317/', 8317, 'http://127.0.0.1:8317'],
    ['http://127.0.0.1:8317/v1', 8317, 'http://127.0.0.1:8317'],
    ['http://127.0.0.1:8317/v1/', 8317, 'http://127.0.0.1:8317'],
    ['  http://localhost:8400  ', 8317, 'http://127.0.0.1:8400'],
    ['http://127.9.8.7:8400/cpa/v1', 8317, 'http://127.9.8.7:8400/cpa'],
    ['http://[::1]:8400', 8317, 'http://[::1]:8400'],
    ['http://2130706433:8400', 8317, 'http://127.0.0.1:8400'],
    ['http://0x7f.1:8400', 8317, 'http://127.0.0.1:8400'],
    ['http://[::ffff:127.0.0.1]:8400', 8317, 'http://[::ffff:7f00:1]:8400'],
    // A name that resolves only to loopback is used as the address it resolved to.
    ['https://proxy.local/cpa/v1', 8317, 'https://127.0.0.1/cpa'],
    ['http://v6.local:8400', 8317, 'http://[::1]:8400'],
    ['http://127.0.0.1.nip.io:8400', 8317, 'http://127.0.0.1:8400'],
  ])('%j (port %i) -> %s', async (url, port, root) => {
    expect(await external(url, port)).toEqual({ ok: true, root, apiBase: `${root}/v1` });
  });

  test.each([
    ['127.0.0.1:8317', 'must start with http'],
    ['not a url', 'must start with http'],
    ['http://[::1', 'is not a URL'],
    ['localhost:8317', 'must start with http'],
    ['ftp://127.0.0.1:8317', 'must start with http'],
    ['http://user:pw@127.0.0.1:8317', 'must not contain credentials'],
    ['http://127.0.0.1:8317/?key=abc', 'query'],
    ['http://10.0.0.1:8317', 'points at 10.0.0.1, not this machine'],
    ['http://169.254.169.254', 'points at 169.254.169.254, not this machine'],
    ['http://0.0.0.0:8317', 'not this machine'],
    ['http://[::ffff:a00:1]:8317', 'not this machine'],
    ['http://167772161:8317', 'points at 10.0.0.1'],
    ['https://example.com/v1', 'example.com resolves to 93.184.215.14, not only to this machine'],
    ['http://rebind.example:8317', 'resolves to 127.0.0.1, 10.0.0.5, not only to this machine'],
    ['http://empty.local:8317', 'resolves to no address'],
    ['http://unknown.invalid:8317', 'could not be resolved (getaddrinfo ENOTFOUND unknown.invalid)'],
  ])('refuses %j with a readable reason', async (url, reason) => {
    const result = await external(url);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(reason);
  });

  test('a literal address is never looked up; only names are', async () => {
    dns.asked.length = 0;
    await external('http://127.0.0.1:8317');
    await external('http://10.0.0.1:8317');
    await external('http://localhost:8317');
    await external('http://proxy.local:8317');
    expect(dns.asked).toEqual(['proxy.local']);
  });

  test('a bad port is reported when no URL overrides it', async () => {
    const result = await external('', 0);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('roundtable.sidecar.port') });
  });

  test('in managed mode there is no URL to resolve: the managed proxy knows its own', async () => {
    const result = await resolveProxyEndpoint({ mode: 'managed', port: 8317, externalUrl: '' }, dns.resolve);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining('runs CLIProxyAPI itself') });
  });
});
