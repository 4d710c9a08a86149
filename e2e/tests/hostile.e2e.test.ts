import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { openFile, runCommand } from '../src/workbench';

// Hostile content in a real VS Code: a model's reply and a file's contents full of HTML, scripts, SVG, javascript:
// and command: links, bidirectional overrides and a gigantic line render inert. Every test file's closing check
// fails on any Content Security Policy violation (the page reports each to the host, which logs it as an error);
// the last test here provokes one on purpose to prove that report works.

// Gigantic, and unbroken: the panel must wrap it, not widen. (200,000 characters took tens of seconds to lay out
// on a loaded machine, which is a matter for the renderer, not for this test.)
const GIANT_LINE = 'A'.repeat(50_000);
const HOSTILE = [
  '# Totally safe',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '<svg onload="window.__pwned = \'svg\'"><circle r="5"/></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<style>body { display: none }</style>',
  "[click me](javascript:window.__pwned='link')",
  '[run a command](command:workbench.action.closeWindow)',
  '[a data page](data:text/html,<script>alert(1)</script>)',
  '<a href="command:workbench.action.closeWindow">raw command link</a>',
  'Access \u202egranted\u202c here.',
  '```ts',
  '/* \u202e } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
  '```',
  GIANT_LINE,
].join('\n\n');

/** What of the panel could act: elements that run or load, event-handler attributes, links, raw bidi controls. */
function activeContent(): {
  elements: string[];
  handlers: string[];
  /** Links whose scheme is not one the host opens (http, https, mailto): there must be none. */
  badHrefs: string[];
  pwned: unknown;
  bidi: boolean;
  overflow: number;
} {
  const contents = [...document.querySelectorAll('[data-testid="message"]')];
  const all = contents.flatMap((c) => [...c.querySelectorAll('*')]);
  const list = document.querySelector('[data-testid="message-list"]') as HTMLElement;
  return {
    elements: all
      .filter((e) => /^(script|iframe|object|embed|svg|img|style|link|meta|form|base)$/i.test(e.tagName))
      .map((e) => e.tagName),
    handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => a.name)),
    badHrefs: all
      .filter((e) => e.tagName === 'A')
      .map((a) => a.getAttribute('href') ?? '')
      .filter((href) => !/^(https?|mailto):/i.test(href)),
    pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    bidi: /[\u202a-\u202e\u2066-\u2069]/.test(document.body.textContent ?? ''),
    overflow: list.scrollWidth - list.clientWidth,
  };
}

describe('hostile content in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite();

  it("a model's reply of HTML, scripts, hostile links, bidi overrides and a 50,000-character line renders inert", async () => {
    const { proxy, page, chat, shot } = suite;
    await chat.open();
    await chat.dismissTermsNotice();
    await chat.newThread();
    // The highlighter's chunk is fetched while the page is idle, not while it lays out the gigantic line: on a
    // loaded machine that fetch can time out (408), which is another test's matter.
    proxy.enqueue({ kind: 'reply', text: '```ts\nconst warm = 1;\n```', chunkDelayMs: 1 });
    await chat.send('@claude warm up');
    await chat.messages({ speaker: 'claude', status: 'complete' }).locator('code[data-highlight="done"]').waitFor();
    await chat.newThread();
    proxy.enqueue({ kind: 'reply', text: HOSTILE, chunkDelayMs: 1 });
    await chat.send('@claude show me something');
    const reply = chat.messages({ speaker: 'claude', status: 'complete' });
    await reply.waitFor({ timeout: 90_000 });
    await reply.locator('pre > code[data-highlight="done"]').waitFor({ timeout: 60_000 });
    await shot('hostile-reply');

    const found = await chat.frame.locator('body').evaluate(activeContent);
    expect(found).toEqual({ elements: [], handlers: [], badHrefs: [], pwned: null, bidi: false, overflow: 0 });
    // The one link left is the https address inside the iframe's text, which the host may open after its check.
    expect(await reply.locator('a[href]').evaluateAll((a) => a.map((e) => e.getAttribute('href')))).toEqual([
      'https://evil.example/',
    ]);
    // The raw HTML is there to read, as text; the overrides are shown; nothing was swallowed.
    const text = (await reply.textContent()) ?? '';
    expect(text).toContain('<script>window.__pwned = "script"</script>');
    expect(text).toContain('raw command link</a>');
    expect(text).toContain('Access [U+202E]granted[U+202C] here.');
    expect(text).toContain('[U+202E] } [U+2066]if (isAdmin)[U+2069]');
    expect(text).toContain(GIANT_LINE);

    // What were links are text: clicking them opens nothing and runs nothing.
    await reply.getByText('run a command').click();
    await reply.getByText('click me').click();
    expect(await chat.frame.locator('body').evaluate(activeContent)).toMatchObject({ pwned: null });
    expect(await page.locator('.monaco-workbench').count()).toBe(1);
  });

  it("a file's hostile contents, added as context, stay text in the message and in the reply that quotes them", async () => {
    const { page, session, chat, shot } = suite;
    await writeFile(
      join(session.runDir.workspace, 'hostile.txt'),
      `<script>window.__pwned = 'file'</script>\n<img src=x onerror="window.__pwned='file-img'">\n<a href="javascript:alert(1)">x</a> \u202eevil\u202c\n`,
    );
    await openFile(page, 'hostile.txt');
    await chat.newThread();
    await runCommand(page, 'Roundtable: Add Selection to Chat');
    await chat.frame.locator('[data-testid="context-chip"]').waitFor();
    await chat.composer.pressSequentially('@claude what does this file do?');
    await chat.composer.press('Enter');
    const reply = chat.messages({ speaker: 'claude', status: 'complete' });
    await reply.waitFor();
    const asked = chat.messages({ speaker: 'user' });
    await asked.locator('.context-block summary').click();
    await shot('hostile-file');
    expect(await asked.locator('.context-block code').textContent()).toContain(
      "<script>window.__pwned = 'file'</script>",
    );
    // The echo quotes the file inside its fence: highlighted code, never markup.
    expect(await reply.textContent()).toContain('<img src=x onerror=');
    expect(await chat.frame.locator('body').evaluate(activeContent)).toEqual({
      elements: [],
      handlers: [],
      badHrefs: [],
      pwned: null,
      bidi: false,
      overflow: 0,
    });
  });

  it('a script injected into the page is blocked by its policy, and the host hears of it', async () => {
    const { chat, errors } = suite;
    errors.allow({
      sources: ['exthost-log', 'extension-log', 'console'],
      pattern: /Content Security Policy|injected-by-the-e2e-test/,
      reason: 'this test injects an inline script to prove that a violation is blocked and reported',
    });
    await chat.frame.locator('body').evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "window.__pwned = 'injected-by-the-e2e-test'";
      document.body.append(script);
    });
    expect(await chat.frame.locator('body').evaluate(activeContent)).toMatchObject({ pwned: null });
    await expect
      .poll(async () => (await errors.all()).some((e) => /Content Security Policy blocked/.test(e.text)), {
        timeout: 15_000,
      })
      .toBe(true);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
