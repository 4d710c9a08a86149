import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { extensionRoot, readBuiltVsix } from './support/readVsix';

// The Getting Started walkthrough, as installed: every button it shows runs a command the extension contributes
// and registers, every completion event can fire, and every page of media is in the package.
// Runs after `pnpm package` (turbo orders it: roundtable#test depends on roundtable#package).

interface Step {
  id: string;
  title: string;
  description: string;
  media: { markdown?: string; image?: unknown; svg?: string };
  completionEvents?: string[];
}
interface Manifest {
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    walkthroughs: { id: string; title: string; steps: Step[] }[];
  };
}

/** The command of every `command:` link in a piece of markdown (arguments, after `?`, left off). */
const commandLinks = (markdown: string) => [...markdown.matchAll(/\]\(command:([\w.-]+)/g)].map((m) => m[1] ?? '');

describe('the Getting Started walkthrough', async () => {
  const { entries } = await readBuiltVsix();
  const manifest = JSON.parse(entries.get('extension/package.json')?.toString('utf8') ?? '{}') as Manifest;
  // Every file of the host's build: the commands are registered in the first state's chunk.
  const host = [...entries]
    .filter(([name]) => name.startsWith('extension/dist/'))
    .map(([, bytes]) => bytes.toString('utf8'))
    .join('\n');
  const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
  const settings = new Set(Object.keys(manifest.contributes.configuration.properties));
  const walkthroughs = manifest.contributes.walkthroughs ?? [];
  const steps = walkthroughs.flatMap((w) => w.steps);

  test('takes a new user from choosing the proxy (or a local model server), through seating Claude on its CLI and signing in, to the first message', () => {
    expect(walkthroughs.map((w) => w.id)).toEqual(['gettingStarted']);
    expect(steps.map((s) => commandLinks(s.description)[0])).toEqual([
      'roundtable.chooseProxyMode',
      'roundtable.addLocalModelServer',
      'roundtable.seatClaudeCode',
      'roundtable.sidecar.login',
      'roundtable.focusComposer',
    ]);
  });

  test.each(steps.map((s) => [s.id, s] as const))('%s: its links run contributed, registered commands', (_, step) => {
    const links = commandLinks(step.description);
    expect(links.length).toBeGreaterThan(0);
    for (const command of links) {
      expect(contributed.has(command), `${command} is contributed`).toBe(true);
      // The build registers each command by its literal id.
      expect(host.includes(`"${command}"`), `${command} is registered`).toBe(true);
    }
  });

  test.each(steps.map((s) => [s.id, s] as const))('%s: its completion events can fire', (_, step) => {
    expect(step.completionEvents?.length ?? 0).toBeGreaterThan(0);
    for (const event of step.completionEvents ?? []) {
      const [kind, name = ''] = event.split(/:(.*)/s);
      if (kind === 'onCommand') expect(contributed.has(name), event).toBe(true);
      else if (kind === 'onSettingChanged') expect(settings.has(name), event).toBe(true);
      else expect.fail(`${event}: a kind this test does not know`);
    }
  });

  test.each(steps.map((s) => [s.id, s] as const))('%s: its markdown is packaged, and its links too', (_, step) => {
    const media = step.media.markdown ?? '';
    expect(media).toMatch(/^media\/walkthrough\/\w+\.md$/);
    expect(existsSync(join(extensionRoot, media)), `${media} in the repository`).toBe(true);
    const packaged = entries.get(`extension/${media}`)?.toString('utf8');
    expect(packaged, `${media} in the .vsix`).toMatch(/^# /);
    for (const command of commandLinks(packaged ?? '')) expect(contributed.has(command), command).toBe(true);
  });
});
