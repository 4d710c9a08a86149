import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstTranscriptJs } from '@roundtable/webview/first-transcript';
import { describe, expect, test } from 'vitest';
import { chunkOf, readChunkGraph, staticClosure } from '../../../size/readChunkGraph';
import { portabilityProblems } from './support/portableNames';
import { readBuiltVsix } from './support/readVsix';

// Runs after `pnpm package` (turbo orders it: roundtable#test depends on roundtable#package).

const graph = readChunkGraph(join(import.meta.dirname, '../dist'));
const firstState = staticClosure(graph, [chunkOf(graph, 'apps/vscode-extension/src/extension.ts')]);

describe('the packaged .vsix', async () => {
  const { manifest, file, entries } = await readBuiltVsix();
  const names = [...entries.keys()].sort();

  test('is named roundtable-<version>.vsix and holds exactly the allowlisted files', () => {
    expect(manifest.name).toBe('roundtable');
    const unexpected = names.filter(
      (n) =>
        ![
          '[Content_Types].xml',
          'extension.vsixmanifest',
          'extension/package.json',
          'extension/readme.md',
          'extension/changelog.md',
          'extension/LICENSE.txt',
          'extension/dist/extension.js',
          'extension/dist/proxyWatchdog.js',
          'extension/media/roundtable.svg',
        ].includes(n) &&
        !/^extension\/dist\/chunks\/[\w-]+\.js$/.test(n) &&
        !n.startsWith('extension/media/webview/assets/') &&
        !/^extension\/media\/walkthrough\/[A-Za-z]+\.md$/.test(n),
    );
    expect(unexpected).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining([
        'extension/dist/extension.js',
        'extension/dist/proxyWatchdog.js',
        'extension/media/webview/assets/main.js',
        'extension/media/webview/assets/main.css',
        'extension/media/roundtable.svg',
      ]),
    );
  });

  test('carries every chunk of the build, and no chunk the build did not make', () => {
    const built = Object.keys(graph.chunks).map((file) => `extension/dist/${file}`);
    // The proxy's watchdog is a program of its own, beside the entry, in no chunk graph.
    const packaged = names.filter((n) => n.startsWith('extension/dist/') && n !== 'extension/dist/proxyWatchdog.js');
    expect(packaged.sort()).toEqual(built.sort());
  });

  test('installs as it is on macOS and Windows: no name Windows refuses, no two names only case tells apart', () => {
    // The build names chunks by a hash in mixed case: two chunks of one name would be one file there.
    expect(portabilityProblems(names)).toEqual([]);
  });

  test('contains no sources, tests, source maps, chunk graphs or node_modules', () => {
    expect(
      names.filter(
        (n) => /node_modules|\.map$|\.ts$|\.test\.|vitest|tsconfig|\.json$/.test(n) && n !== 'extension/package.json',
      ),
    ).toEqual([]);
  });

  test('is an ES module with vscode left external, and its first state handles no provider key', () => {
    const text = (files: Iterable<string>) =>
      [...files].map((file) => entries.get(`extension/dist/${file}`)?.toString('utf8') ?? '').join('\n');
    const all = text(Object.keys(graph.chunks));
    expect(all).toMatch(/from\s*"vscode"/);
    expect(all).not.toContain('require("vscode")');
    // The CLI seats name the providers' key variables only to keep them out of a CLI's environment.
    expect(text(firstState)).not.toMatch(/OPENAI_API_KEY|ANTHROPIC_API_KEY|GEMINI_API_KEY|sk-ant-|x-api-key/i);
  });

  // Text that survives minifying, from each lazy feature: in the chunks its `import()` loads, never in those of the
  // first chat state.
  test.each([
    [
      'the managed proxy (YAML, archives, readiness)',
      'apps/vscode-extension/src/sidecar/managedHost.ts',
      ['Excessive alias count', 'at its root', 'core auth auto-refresh started'],
    ],
    [
      'the thread tools (search, import)',
      'apps/vscode-extension/src/threads/threadTools.ts',
      ['Search thread titles and messages', 'Import reads files made by Export to JSON'],
    ],
    [
      'the editor’s changes as context',
      'apps/vscode-extension/src/adapters/pickChangesContext.ts',
      ['Untracked, not shown'],
    ],
    ['a file picked as context', 'apps/vscode-extension/src/adapters/pickFileContext.ts', ['Type to find a file']],
    [
      'the streaming client',
      'apps/vscode-extension/src/proxy/windowChatBackend.ts',
      ['in the middle of the reply; the stream was stopped'],
    ],
    [
      'the council’s prompts',
      'packages/core/src/orchestrator/TurnEngine.ts',
      ['You chair this discussion', 'Earlier reply'],
    ],
    [
      'a view’s intent handler (and the intents’ schemas)',
      'packages/core/src/views/receiveIntent.ts',
      ['That seat can answer now: there is nothing to fix.'],
    ],
    [
      'the CLI seats’ dialects and launcher',
      'apps/vscode-extension/src/clis/chatOverCli.ts',
      ['--include-partial-messages', 'before finishing its reply', 'roundtable-cli-', 'abandoned_blocks'],
    ],
    [
      'the proposed changes (the diff library)',
      'apps/vscode-extension/src/adapters/proposedChanges.ts',
      ['roundtable-change', 'Hunk at line'],
    ],
    ['the index rebuild', 'apps/vscode-extension/src/storage/rebuildIndex.ts', ['Rebuilt the thread index']],
    [
      'the folder watcher',
      'apps/vscode-extension/src/storage/ThreadFolderWatcher.ts',
      ['Checking the threads folder for changes failed'],
    ],
  ])('%s loads with its import(), not with the first state', (_what, source, markers) => {
    const text = (files: Iterable<string>) =>
      [...files].map((file) => entries.get(`extension/dist/${file}`)?.toString('utf8') ?? '').join('\n');
    const feature = text(staticClosure(graph, [chunkOf(graph, source)]));
    const first = text(firstState);
    for (const marker of markers) {
      expect(feature.includes(marker), `${source} has "${marker}"`).toBe(true);
      expect(first.includes(marker), `the first state has "${marker}"`).toBe(false);
    }
  });

  // Deterministic size budgets (speed goals are benchmarks, sizes can be asserted). What the webview loads before
  // the first paint is its main chunk; markdown-it arrives as a lazy chunk.
  // The bytes of every moment and lazy feature are `budgets.ts`'s (budgets.test.ts); this is the download.
  test('stays within its size budgets', async () => {
    const gz = (name: string) => gzipSync(entries.get(name) ?? Buffer.alloc(0)).length;
    // The first transcript needs the entry and what it imports statically, nothing lazy (Markdown, highlighting);
    // `pnpm bench` reports the same figure from a fresh Vite build.
    const firstTranscript = firstTranscriptJs((name) => entries.get(`extension/media/webview/assets/${name}`));
    expect(firstTranscript.gzipBytes).toBeLessThan(60 * 1024);
    expect(gz('extension/media/webview/assets/main.js')).toBeLessThan(40 * 1024);
    // The code highlighter and its 24 grammars (each a lazy chunk fetched when a block in its language shows).
    expect((await stat(file)).size).toBeLessThan(640 * 1024);
  });

  test('the code highlighter is a lazy chunk: the first transcript never waits for it', () => {
    const main = entries.get('extension/media/webview/assets/main.js')?.toString('utf8') ?? '';
    const chunks = [...entries.keys()].filter((name) => name.startsWith('extension/media/webview/assets/highlighter'));
    expect(chunks).toHaveLength(1);
    const highlighter = entries.get(chunks[0] ?? '')?.toString('utf8') ?? '';
    // Text of shiki's that survives minifying: the tokenizer's time limit option.
    expect(highlighter.includes('tokenizeTimeLimit')).toBe(true);
    expect(main.includes('tokenizeTimeLimit')).toBe(false);
  });

  test('the manifest activates only on the chat view and the open command', () => {
    const packaged = JSON.parse(entries.get('extension/package.json')?.toString('utf8') ?? '{}') as {
      activationEvents: string[];
      main: string;
    };
    expect(packaged.activationEvents).toEqual(['onView:roundtable.chat', 'onCommand:roundtable.open']);
    expect(packaged.main).toBe('./dist/extension.js');
  });

  test('the title-bar buttons, the hidden commands and the keybinding name contributed commands, with icons', () => {
    const packaged = JSON.parse(entries.get('extension/package.json')?.toString('utf8') ?? '{}') as {
      contributes: {
        commands: { command: string; icon?: string }[];
        menus: Record<string, { command: string; when?: string }[]>;
        keybindings: { command: string; key: string }[];
      };
    };
    const commands = new Map(packaged.contributes.commands.map((c) => [c.command, c]));
    for (const [place, items] of Object.entries(packaged.contributes.menus)) {
      for (const item of items) {
        expect(commands.has(item.command), `${place}: ${item.command}`).toBe(true);
        if (place.endsWith('/title')) expect(commands.get(item.command)?.icon, item.command).toMatch(/^\$\(/);
      }
    }
    expect(packaged.contributes.menus['view/title']?.map((m) => m.command)).toEqual([
      'roundtable.chat.newThread',
      'roundtable.chat.showThreads',
    ]);
    for (const binding of packaged.contributes.keybindings) expect(commands.has(binding.command)).toBe(true);
  });

  test('the sidecar settings are user settings only, so a workspace cannot point the proxy (and the key) elsewhere', () => {
    const packaged = JSON.parse(entries.get('extension/package.json')?.toString('utf8') ?? '{}') as {
      contributes: { configuration: { properties: Record<string, { scope?: string; default?: unknown }> } };
    };
    expect(packaged.contributes.configuration.properties['roundtable.sidecar.mode']?.default).toBe('managed');
    const sidecar = Object.entries(packaged.contributes.configuration.properties).filter(([name]) =>
      name.startsWith('roundtable.sidecar.'),
    );
    expect(sidecar.length).toBeGreaterThanOrEqual(3);
    // `application`: read from the user's settings only, in every window, local or remote.
    for (const [name, property] of sidecar) expect(property.scope, name).toBe('application');
  });
});
