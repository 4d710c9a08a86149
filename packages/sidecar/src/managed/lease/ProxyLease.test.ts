import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { ProxyLease } from './ProxyLease';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function leasePath(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'roundtable-lease-'));
  dirs.push(dir);
  return join(dir, 'proxy-lease.json');
}

describe('ProxyLease', () => {
  test('the first claimer owns it; the others attach and are told where the proxy is', async () => {
    const path = await leasePath();
    const a = new ProxyLease({ path, owner: 'a' });
    const b = new ProxyLease({ path, owner: 'b' });
    expect(await a.claim()).toEqual({ kind: 'owner', previous: undefined });
    expect(await a.renew({ port: 4000, proxyPid: 123 })).toBe(true);
    expect(await b.claim()).toMatchObject({ kind: 'attached', record: { owner: 'a', port: 4000, proxyPid: 123 } });
  });

  test('of many windows claiming at once, exactly one owns it', async () => {
    const path = await leasePath();
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => new ProxyLease({ path, owner: `w${i}` }).claim()),
    );
    expect(claims.filter((c) => c.kind === 'owner')).toHaveLength(1);
  });

  test('an expired lease goes to the next claimer, who is told about the previous owner; the old owner learns it lost', async () => {
    const path = await leasePath();
    let now = 1_000;
    const a = new ProxyLease({ path, owner: 'a', ttlMs: 100, now: () => now });
    const b = new ProxyLease({ path, owner: 'b', ttlMs: 100, now: () => now });
    await a.claim();
    await a.renew({ port: 4000, proxyPid: 123 });
    now += 99;
    expect((await b.claim()).kind).toBe('attached');
    now += 2;
    expect(await b.claim()).toMatchObject({ kind: 'owner', previous: { owner: 'a', port: 4000, proxyPid: 123 } });
    expect(await a.renew()).toBe(false);
  });

  test('a lease whose owner process is gone is void at once', async () => {
    const path = await leasePath();
    const a = new ProxyLease({ path, owner: 'a', pid: 999_999, isAlive: () => false });
    const b = new ProxyLease({ path, owner: 'b', isAlive: () => false });
    await a.claim();
    expect((await b.claim()).kind).toBe('owner');
  });

  test('release lets the next window own it; a corrupt file counts as no lease', async () => {
    const path = await leasePath();
    const a = new ProxyLease({ path, owner: 'a' });
    const b = new ProxyLease({ path, owner: 'b' });
    await a.claim();
    await a.release();
    expect((await b.claim()).kind).toBe('owner');
    await writeFile(path, '{"owner": 12');
    expect(await a.claim()).toEqual({ kind: 'owner', previous: undefined });
  });
});
