import { DisposableStore, silentLogger } from '@roundtable/core';
import { afterEach, describe, expect, test } from 'vitest';
import { seatFixes } from '../clis/seatFixes';
import { createHostActions, type HostUi } from './hostActions';

const owners: DisposableStore[] = [];
afterEach(() => {
  for (const owner of owners.splice(0)) owner.dispose();
});

/** Host actions over a UI that records what it opened, and the settings of one CLI seat and one proxy seat. */
function setup(enable?: (id: string) => Promise<{ ok: true } | { ok: false; reason: string }>) {
  const opened: string[] = [];
  const ui = {
    openExternal: async (url: string) => {
      opened.push(url);
      return true;
    },
    openSettings: async (query: string) => {
      opened.push(`settings:${query}`);
    },
  } as Partial<HostUi> as HostUi;
  const owner = new DisposableStore();
  owners.push(owner);
  const host = createHostActions({
    ui,
    logger: silentLogger,
    locate: () => undefined,
    sidecarActions: async () => {},
    storageRoot: '/nowhere',
    owner,
    fixes: seatFixes(
      () => ({
        providers: [{ kind: 'cli', id: 'gemini-cli', name: 'Gemini CLI', cli: 'gemini' }],
        orchestrator: { participants: [{ id: 'gemini', provider: 'gemini-cli' }, { id: 'claude' }] },
      }),
      enable,
    ),
  });
  return { host, opened };
}

describe('what fixes a seat (host actions)', () => {
  test('Install and Update open the CLI’s page on the npm registry, and say it is looked for again', async () => {
    const { host, opened } = setup();
    expect(await host.fixSeat('gemini', 'install')).toMatchObject({
      ok: true,
      notice: expect.stringMatching(/^Install /),
    });
    expect(await host.fixSeat('gemini', 'update')).toMatchObject({
      ok: true,
      notice: expect.stringMatching(/^Update /),
    });
    expect(opened).toEqual([
      'https://www.npmjs.com/package/@google/gemini-cli',
      'https://www.npmjs.com/package/@google/gemini-cli',
    ]);
    expect(await host.fixSeat('claude', 'install')).toMatchObject({ ok: false });
    expect(opened).toHaveLength(2);
  });

  test('Settings opens the setting that seats it: the providers for a seat on one, else the participants', async () => {
    const { host, opened } = setup();
    await host.fixSeat('gemini', 'settings');
    await host.fixSeat('claude', 'settings');
    expect(opened).toEqual(['settings:roundtable.providers', 'settings:roundtable.participants']);
  });

  test('Enable goes to the managed proxy, and is refused in words without one', async () => {
    const enabled: string[] = [];
    const managed = setup(async (id) => {
      enabled.push(id);
      return { ok: true };
    });
    expect(await managed.host.fixSeat('claude', 'enable')).toEqual({ ok: true });
    expect(enabled).toEqual(['claude']);
    expect(await setup().host.fixSeat('claude', 'enable')).toEqual({
      ok: false,
      reason: 'Seats are managed only when Roundtable runs CLIProxyAPI itself.',
    });
  });
});
