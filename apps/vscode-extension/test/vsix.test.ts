import { stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { firstTranscriptJs } from '@roundtable/webview/first-transcript';
import { describe, expect, test } from 'vitest';
import { readBuiltVsix } from './support/readVsix';

// Runs after `pnpm package` (turbo orders it: roundtable#test depends on roundtable#package).

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
          'extension/dist/changes.js',
          'extension/dist/clis.js',
          'extension/dist/context.js',
          'extension/dist/council.js',
          'extension/dist/intents.js',
          'extension/dist/managed.js',
          'extension/dist/threadTools.js',
          'extension/dist/turns.js',
          'extension/dist/upkeep.js',
          'extension/media/roundtable.svg',
        ].includes(n) &&
        !n.startsWith('extension/media/webview/assets/') &&
        !/^extension\/media\/walkthrough\/[A-Za-z]+\.md$/.test(n),
    );
    expect(unexpected).toEqual([]);
    expect(names).toEqual(
      expect.arrayContaining([
        'extension/dist/extension.js',
        'extension/media/webview/assets/main.js',
        'extension/media/webview/assets/main.css',
        'extension/media/roundtable.svg',
      ]),
    );
  });

  test('contains no sources, tests, source maps or node_modules', () => {
    expect(names.filter((n) => /node_modules|\.map$|\.ts$|\.test\.|vitest|tsconfig/.test(n))).toEqual([]);
  });

  test('bundles the host code with vscode left external and no provider key handling', () => {
    const bundle = entries.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    expect(bundle).toContain('require("vscode")');
    expect(bundle).not.toMatch(/OPENAI_API_KEY|ANTHROPIC_API_KEY|GEMINI_API_KEY|sk-ant-|x-api-key/i);
  });

  test('keeps the managed proxy’s code (archives, YAML, processes) out of the host bundle, loaded only on demand', () => {
    const host = entries.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    const managed = entries.get('extension/dist/managed.js')?.toString('utf8') ?? '';
    // Text that survives minifying: from the YAML library, the archive extraction and the readiness check.
    for (const marker of ['Excessive alias count', 'at its root', 'core auth auto-refresh started']) {
      expect(managed.includes(marker), `managed.js has "${marker}"`).toBe(true);
      expect(host.includes(marker), `extension.js has "${marker}"`).toBe(false);
    }
    expect(host.includes('managed.js')).toBe(true);
  });

  test('keeps the thread tools (search, export, import) out of the host bundle, loaded only on demand', () => {
    const host = entries.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    const tools = entries.get('extension/dist/threadTools.js')?.toString('utf8') ?? '';
    for (const marker of ['Search thread titles and messages', 'Import reads files made by Export to JSON']) {
      expect(tools.includes(marker), `threadTools.js has "${marker}"`).toBe(true);
      expect(host.includes(marker), `extension.js has "${marker}"`).toBe(false);
    }
    expect(host.includes('threadTools.js')).toBe(true);
  });

  test('keeps the editor’s context (changes, problems, a picked file) out of the host and the thread tools', () => {
    const host = entries.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    const tools = entries.get('extension/dist/threadTools.js')?.toString('utf8') ?? '';
    const context = entries.get('extension/dist/context.js')?.toString('utf8') ?? '';
    for (const marker of ['Untracked, not shown', 'in files outside the workspace left out', 'Type to find a file']) {
      expect(context.includes(marker), `context.js has "${marker}"`).toBe(true);
      expect(host.includes(marker), `extension.js has "${marker}"`).toBe(false);
      expect(tools.includes(marker), `threadTools.js has "${marker}"`).toBe(false);
    }
    // The host passes the limits in: a runtime import of core would bring a second copy of zod.
    expect(context.includes('zod')).toBe(false);
  });

  test('keeps what a reply needs (the streaming client, prompt assembly) out of the host bundle, the council apart', () => {
    const bundle = (n: string) => entries.get(`extension/dist/${n}.js`)?.toString('utf8') ?? '';
    const [host, turns, council] = [bundle('extension'), bundle('turns'), bundle('council')];
    // Text that survives minifying: the streaming client's own errors, and the council's instructions.
    const marker = 'in the middle of the reply; the stream was stopped';
    expect(turns.includes(marker), `turns.js has "${marker}"`).toBe(true);
    expect(host.includes(marker), `extension.js has "${marker}"`).toBe(false);
    for (const words of ['You chair this discussion', 'Earlier reply']) {
      expect(council.includes(words), `council.js has "${words}"`).toBe(true);
      expect(turns.includes(words), `turns.js has "${words}"`).toBe(false);
      expect(host.includes(words), `extension.js has "${words}"`).toBe(false);
    }
    expect(host.includes('turns.js')).toBe(true);
    // The council's code holds no schema: a second copy of zod would double it.
    expect(council.includes('zod')).toBe(false);
  });

  test('carries out a view’s intents from a bundle of its own, which neither the host nor the turns’ code holds', () => {
    const text = (n: string) => entries.get(`extension/dist/${n}.js`)?.toString('utf8') ?? '';
    const [host, turns, intents] = [text('extension'), text('turns'), text('intents')];
    // Text that survives minifying: a refusal of the intent handler's own.
    const marker = 'That seat can answer now: there is nothing to fix.';
    expect(intents.includes(marker)).toBe(true);
    expect(host.includes(marker)).toBe(false);
    expect(turns.includes(marker)).toBe(false);
    expect(intents.includes('zod')).toBe(false);
  });

  test('keeps the storage upkeep (journal compaction, the index rebuild, the folder watcher) out of the host bundle', () => {
    const host = entries.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    const upkeep = entries.get('extension/dist/upkeep.js')?.toString('utf8') ?? '';
    // Text that survives minifying: the rebuild's log line, and the watcher's.
    for (const marker of ['Rebuilt the thread index', 'Checking the threads folder for changes failed']) {
      expect(upkeep.includes(marker), `upkeep.js has "${marker}"`).toBe(true);
      expect(host.includes(marker), `extension.js has "${marker}"`).toBe(false);
    }
  });

  test('keeps the CLI seats (dialects, detection, the launcher) in a bundle of their own, with no copy of zod', () => {
    const text = (n: string) => entries.get(`extension/dist/${n}.js`)?.toString('utf8') ?? '';
    const clis = text('clis');
    // Text that survives minifying: a flag of a dialect, the runner's and the launcher's own words, a dialect's
    // reading of a line (the word no other bundle has: the stream events of Claude Code).
    for (const marker of [
      '--include-partial-messages',
      'before finishing its reply',
      'roundtable-cli-',
      'abandoned_blocks',
    ]) {
      expect(clis.includes(marker), `clis.js has "${marker}"`).toBe(true);
      for (const other of ['extension', 'threadTools', 'turns']) {
        expect(text(other).includes(marker), `${other}.js has "${marker}"`).toBe(false);
      }
    }
    // The dialects read the CLIs' lines with type guards; nothing imported reaches a schema.
    expect(clis.includes('zod')).toBe(false);
    expect(text('extension')).toContain('__dirname,"clis.js"');
  });

  test('keeps the proposed changes (the diff library, Review change, Apply, Compare) apart, required on a click', () => {
    const changes = entries.get('extension/dist/changes.js')?.toString('utf8') ?? '';
    const tools = entries.get('extension/dist/threadTools.js')?.toString('utf8') ?? '';
    const others = ['extension', 'threadTools', 'turns'].map((n) => entries.get(`extension/dist/${n}.js`)?.toString());
    // Text that survives minifying: the scheme of the proposals' documents, and a message of the diff library.
    for (const marker of ['roundtable-change', 'Hunk at line']) {
      expect(changes.includes(marker), `changes.js has "${marker}"`).toBe(true);
      for (const other of others) expect(other?.includes(marker)).toBe(false);
    }
    // The thread tools' host actions require it, as the host requires the thread tools.
    expect(tools.includes('__dirname,"changes.js"')).toBe(true);
  });

  test('packages every bundle the host loads on demand', () => {
    const host = entries.get('extension/dist/extension.js')?.toString('utf8') ?? '';
    // Each is required as `join(__dirname, '<name>.js')`, which minifying keeps as `__dirname,"<name>.js"`.
    const loaded = [...host.matchAll(/__dirname,"([A-Za-z]+\.js)"/g)].map((m) => m[1]);
    expect(new Set(loaded)).toEqual(
      new Set(['clis.js', 'context.js', 'intents.js', 'managed.js', 'threadTools.js', 'turns.js', 'upkeep.js']),
    );
    for (const name of loaded) expect(names).toContain(`extension/dist/${name}`);
    // The council's code is required by the turns' code (and by the thread tools, for an export), never at activation.
    const required = (bundle: string) => entries.get(`extension/dist/${bundle}`)?.toString('utf8') ?? '';
    for (const bundle of ['turns.js', 'threadTools.js']) expect(required(bundle)).toContain('__dirname,"council.js"');
    expect(host).not.toContain('council.js');
    expect(names).toContain('extension/dist/council.js');
  });

  // Deterministic size budgets (speed goals are benchmarks, sizes can be asserted). What the webview loads before
  // the first paint is its main chunk; markdown-it arrives as a lazy chunk.
  test('stays within its size budgets', async () => {
    const gz = (name: string) => gzipSync(entries.get(name) ?? Buffer.alloc(0)).length;
    // The first transcript needs the entry and what it imports statically, nothing lazy (Markdown, highlighting);
    // `pnpm bench` reports the same figure from a fresh Vite build.
    const firstTranscript = firstTranscriptJs((name) => entries.get(`extension/media/webview/assets/${name}`));
    expect(firstTranscript.gzipBytes).toBeLessThan(60 * 1024);
    // What only some threads show (the council's views, the storage banner, the terms notice) is in lazy chunks.
    expect(gz('extension/media/webview/assets/main.js')).toBeLessThan(40 * 1024);
    // What activation loads and parses: 150 KB minified, 50 KB in the archive. Only what a window needs for its first
    // chat state belongs here; what can wait goes in a bundle of its own: the turns' code (routing, plans, the turn
    // loop, the chat backend, the proxy check), the thread tools, the managed proxy, the editor's context.
    expect(entries.get('extension/dist/extension.js')?.length ?? Number.POSITIVE_INFINITY).toBeLessThan(150 * 1024);
    expect(gz('extension/dist/extension.js')).toBeLessThan(50 * 1024);
    expect(gz('extension/dist/managed.js')).toBeLessThan(130 * 1024);
    expect(gz('extension/dist/threadTools.js')).toBeLessThan(40 * 1024);
    // The seats on the official CLIs: the dialects, detection, the launcher, the login checks, sign-in; no schema.
    expect(gz('extension/dist/clis.js')).toBeLessThan(20 * 1024);
    expect(gz('extension/dist/turns.js')).toBeLessThan(40 * 1024);
    expect(gz('extension/dist/context.js')).toBeLessThan(8 * 1024);
    expect(gz('extension/dist/changes.js')).toBeLessThan(10 * 1024);
    // The council's code: the prompts of reviews and syntheses and the reading of a ledger, with no schema (no zod).
    expect(gz('extension/dist/council.js')).toBeLessThan(12 * 1024);
    // A view's intent handler: a switch that hands each intent on, loaded by a page's first intent.
    expect(gz('extension/dist/intents.js')).toBeLessThan(4 * 1024);
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
