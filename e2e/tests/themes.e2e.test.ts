import { type FakeProxy, fakeErrors, startFakeProxy } from '@roundtable/testkit';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatViolations, pageBackground, runAxe } from '../src/axe';
import { type FocusSample, focusProblems, sampleFocus, tabThroughPanel } from '../src/focus';
import { layoutProblems, measureLayout } from '../src/layout';
import { movingElements } from '../src/motion';
import { roundtableSettings } from '../src/settings';
import { setSidebarWidth, sidebarBackground } from '../src/sidebar';
import { expectNoUnexpectedErrors, type Suite, useSuite } from '../src/suite';
import { showsTheme, switchColorTheme, THEMES, type ThemeCase, themeClasses } from '../src/themes';
import { webviewElement, webviewFrameHandle } from '../src/workbench';

// The panel in VS Code's light, dark and both high-contrast themes, at a normal and at the narrowest side bar: its
// layout holds, axe-core finds nothing serious (the thread's title in place), every Tab stop shows the theme's focus ring, and nothing moves for
// someone who asked for reduced motion.

const CLAUDE = 'claude-sonnet-4-6';
const GEMINI = 'gemini-3-flash';
const WIDTHS = [300, 180] as const;
/** The thread's title: its first message without the `@all` and the code block. */
const TITLE = 'plan the release. What we run today:';

/** A reply with every Markdown construct the panel styles. The link is never opened, only shown. */
const RICH_REPLY = [
  '## Release plan',
  '',
  'The checklist is in [the release notes](http://127.0.0.1:9/release-notes). Run `pnpm package` first, then',
  '`roundtable_release_candidate_identifier_that_does_not_fit` goes in the tag.',
  '',
  '| Step | Owner | When |',
  '| --- | --- | --- |',
  '| Freeze the branch | Claude | Monday 09:00 |',
  '| Package the extension and check its contents | GPT | Tuesday after the nightly run |',
  '| Announce the release | Gemini | Wednesday |',
  '',
  '- [x] Changelog written',
  '- [ ] Screenshots updated',
  '',
  '> Nothing ships on a Friday.',
  '',
  '```ts',
  'export function vsixName(version: string): string {',
  '  // One file per release, named after the version.',
  '  return "roundtable-" + version + ".vsix" + String(42).padStart(4, " ");',
  '}',
  '```',
].join('\n');

describe('the chat panel in light, dark and high-contrast themes', () => {
  const seats = [
    { id: 'claude', displayName: 'Claude', color: '#D97706', model: CLAUDE, enabled: true },
    { id: 'gpt', displayName: 'GPT', color: '#10A37F', model: 'gpt-5.5', enabled: true },
    { id: 'gemini', displayName: 'Gemini', color: '#4285F4', model: GEMINI, enabled: true },
  ];
  const suite = useSuite<FakeProxy>({
    participants: seats,
    startProxy: () => startFakeProxy(),
    // The Council's reviews, synthesis and ledger are what this file shows in every theme: the fake's echo ends
    // every Council answer "Answer: 42", which would end it at its vote (councilUnanimous.e2e.test.ts tests that).
    settings: (proxy) => ({ ...roundtableSettings(proxy.url, seats), 'roundtable.council.skipWhenUnanimous': false }),
  });

  it('shows a thread with three participants, rich Markdown, a failed, a stopped and a deleted message', async () => {
    const { proxy, chat, shot } = suite;
    await chat.open();
    await chat.frame.locator('[data-testid="sidecar-status"][data-ok="true"]').waitFor();
    // Left shown: it is what every first run looks like, and its warning colours must hold in every theme.
    await chat.frame.locator('[data-testid="terms-notice"]').waitFor();

    proxy.enqueueFor(CLAUDE, { kind: 'reply', text: RICH_REPLY });
    proxy.enqueueFor('gpt-5.5', fakeErrors.openAiError());
    proxy.enqueueFor(GEMINI, { kind: 'reply', text: 'Agreed with **Claude**; I would add a rollback step.' });
    const notice = await chat.frame.locator('[data-testid="terms-notice"]').boundingBox();
    await chat.send('@all plan the release. What we run today:\n```sh\npnpm package && pnpm e2e\n```');
    // Sent, the notice folds to its line, in the same place above the first message.
    const line = chat.frame.locator('[data-testid="terms-line"]');
    await line.waitFor();
    expect(await chat.frame.locator('[data-testid="terms-notice"]').count()).toBe(0);
    expect(await lineCount(line)).toBe(1);
    expect((await line.boundingBox())?.y).toBeCloseTo(notice?.y ?? Number.NaN, 0);
    await chat.messages({ speaker: 'gemini', status: 'complete' }).waitFor();
    await chat.messages({ speaker: 'gpt', status: 'error' }).waitFor();
    await chat.messages({ speaker: 'claude' }).locator('pre > code[data-highlight="done"]').waitFor();
    // The thread has its title (the first message in plain words) in the header, where axe checks it below.
    await expect.poll(() => chat.frame.locator('[data-testid="thread-title"]').textContent()).toBe(TITLE);

    proxy.enqueueFor(GEMINI, { kind: 'stall', afterChunks: 2 });
    await chat.send('@gemini and if the tag fails?');
    await chat.messages({ speaker: 'gemini', status: 'streaming' }).locator('.markdown').waitFor();
    await chat.frame.locator('[data-testid="stop"]').click();
    await chat.messages({ speaker: 'gemini', status: 'cancelled' }).waitFor();

    await chat.send('@claude scratch that, wrong thread');
    await chat.messages({ speaker: 'claude', status: 'complete', hasText: 'scratch that' }).waitFor();
    const scratch = chat.messages({ speaker: 'user', hasText: 'scratch that' });
    await scratch.hover();
    await scratch.getByRole('button', { name: /^Delete/ }).click();
    await chat.messages({ speaker: 'user', status: 'deleted' }).waitFor();
    expect(await chat.messages().count()).toBe(8);

    // A Council with its reviews, synthesis and ledger: the parts of the panel only a council shows, checked below too.
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('council');
    await chat.send('@all is the rollback step enough?');
    await chat.frame.locator('[data-testid="ledger"]').waitFor({ timeout: 90_000 });
    await expect.poll(() => chat.messages({ status: 'streaming' }).count()).toBe(0);
    await chat.frame.locator('[data-testid="mode-select"]').selectOption('discuss');
    await shot('thread');
    // The theme a first run starts in, before any switch below, with the thread's title in the header.
    const frame = await webviewFrameHandle(suite.page, suite.session.extension.id);
    const violations = await runAxe(frame, { scroller: '[data-testid="message-list"]' });
    expect.soft(formatViolations(violations), 'axe in the startup theme').toBe('');
  });

  for (const theme of THEMES) {
    it(`${theme.label}: holds its layout at ${WIDTHS.join(' and ')} px, passes axe, and shows focus`, async () => {
      const { page, chat } = suite;
      await switchColorTheme(page, chat.frame, theme);
      for (const width of WIDTHS) await checkAtWidth(suite, theme, width);
      await checkFocus(suite);
      await checkMentionMenu(suite, theme);
    });
  }

  it('with reduced motion asked for, nothing in the panel moves', async () => {
    const { page, session, chat, proxy } = suite;
    proxy.enqueueFor(CLAUDE, { kind: 'stall', afterChunks: 1 });
    await chat.send('@claude think it over');
    await chat.frame.locator('[data-testid="typing"]').waitFor();
    const frame = await webviewFrameHandle(page, session.extension.id);
    // Without the preference the typing dots do animate, so the check below can see motion.
    expect((await movingElements(frame)).map((m) => m.name)).toContain('span.typing-dot');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect(await frame.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
      expect(await movingElements(frame)).toEqual([]);
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
    await chat.composer.press('Escape');
    await chat.messages({ speaker: 'claude', status: 'cancelled' }).last().waitFor();
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});

/** Screenshots, layout and axe at one side-bar width. */
async function checkAtWidth(suite: Suite, theme: ThemeCase, width: number): Promise<void> {
  const { page, session, shot } = suite;
  expect(await setSidebarWidth(page, width)).toBe(width);
  const frame = await webviewFrameHandle(page, session.extension.id);
  // The webview fills the side bar but for its 1 px borders.
  await expect.poll(() => frame.evaluate(() => document.documentElement.clientWidth)).toBeGreaterThan(width - 5);
  expect(await frame.evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(width);
  await expectTheme(suite, theme);
  expect(await suite.chat.frame.locator('[data-testid="thread-title"]').textContent()).toBe(TITLE);
  // A narrower panel makes the messages taller while the list keeps its scroll offset: back to the newest message.
  await suite.chat.frame.locator('[data-testid="message-list"]').evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await shot(`${theme.slug}-${width}px`);
  await shot(`${theme.slug}-${width}px-sidebar`, page.locator('.part.sidebar'));

  // Soft: one run reports every width and theme that is broken, not only the first.
  expect.soft(layoutProblems(await measureLayout(frame)), `layout in ${theme.label} at ${width} px`).toEqual([]);
  // The notice's line stays one line at every width (the sentence gives way, "More" does not).
  const line = suite.chat.frame.locator('[data-testid="terms-line"]');
  expect.soft(await lineCount(line), `the Terms line at ${width} px`).toBe(1);
  expect
    .soft(await line.getByRole('button').evaluate((b) => b.getBoundingClientRect().right))
    .toBeLessThanOrEqual(width);
  // axe judges text against what the page paints: the side bar's own colour, or the check is not of what users see.
  expect(await pageBackground(frame)).toBe(await sidebarBackground(page));
  // Clean means clean: every finding, minor ones too, with the Terms notice's line opened to its whole text.
  await suite.chat.frame.getByRole('button', { name: 'More about the Terms of Service' }).click();
  await suite.chat.frame.locator('[data-testid="terms-notice"]').waitFor();
  const violations = await runAxe(frame, { scroller: '[data-testid="message-list"]' });
  expect.soft(formatViolations(violations), `axe in ${theme.label} at ${width} px`).toBe('');
  await suite.chat.frame.getByRole('button', { name: 'Show less' }).click();
  await suite.chat.frame.locator('[data-testid="terms-line"]').waitFor();
}

/** How many lines of text an element takes: its height over its line height, rounded. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((el) =>
    Math.round(el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight)),
  );
}

/** The theme is still the one under test, in the workbench and in the webview. */
async function expectTheme(suite: Suite, theme: ThemeCase): Promise<void> {
  const { workbench, body } = await themeClasses(suite.page, suite.chat.frame);
  expect(showsTheme(theme, workbench, body), `${theme.label}: workbench ${workbench}; webview ${body}`).toBe(true);
}

/**
 * At the current (narrowest) width: every Tab stop of the panel shows the focus ring, a toolbar is one stop whose buttons the arrows reach, and the
 * Jump to latest button (there only while scrolled up) is reached backwards from the message box.
 */
async function checkFocus(suite: Suite): Promise<void> {
  const { page, session, chat } = suite;
  const frame = await webviewFrameHandle(page, session.extension.id);
  const stops = await tabThroughPanel(page, chat.frame, frame);
  const kinds = stops.map((s) => s.kind);
  const reached = ['status pill', 'terms notice', 'conversation', 'link', 'table', 'code toolbar', 'code'];
  for (const kind of [...reached, 'message toolbar', 'composer', 'recipient']) {
    expect(kinds, `the Tab stops ${stops.map((s) => `${s.kind} ${s.name}`).join(', ')}`).toContain(kind);
  }

  const retry = chat.messages({ speaker: 'gpt', status: 'error' }).getByRole('button', { name: 'Retry' });
  await retry.focus();
  await page.keyboard.press('ArrowRight');
  const moved = await sampleFocus(frame);
  expect(moved?.name).toMatch(/^button "Prompt: what GPT was sent/);

  await chat.frame.locator('[data-testid="message-list"]').evaluate((el) => {
    el.scrollTop = 0;
  });
  await chat.frame.locator('[data-testid="jump-latest"]').waitFor();
  await chat.composer.click();
  // Backwards from the message box, past what sits between (the turn's line, the seats), to the button.
  let jump: FocusSample | undefined;
  for (let stop = 0; stop < 6 && jump?.kind !== 'jump to latest'; stop++) {
    await page.keyboard.press('Shift+Tab');
    jump = await sampleFocus(frame);
  }
  expect(jump?.kind).toBe('jump to latest');
  await page.keyboard.press('Enter');
  await chat.frame.locator('[data-testid="jump-latest"]').waitFor({ state: 'detached' });

  expect.soft(focusProblems(stops), 'Tab stops').toEqual([]);
  const others = [moved, jump].filter((s): s is FocusSample => s !== undefined);
  expect.soft(focusProblems(others), 'focus moved by arrows and by Shift+Tab').toEqual([]);
}

/** The @ menu open over the conversation at the narrowest width: its layout and axe. */
async function checkMentionMenu(suite: Suite, theme: ThemeCase): Promise<void> {
  const { page, session, chat, shot } = suite;
  await chat.composer.click();
  await chat.composer.pressSequentially('@');
  await chat.frame.locator('[data-testid="mention-menu"]').waitFor();
  await expectTheme(suite, theme);
  await shot(`${theme.slug}-${WIDTHS.at(-1)}px-mention-menu`, webviewElement(page, session.extension.id));
  const frame = await webviewFrameHandle(page, session.extension.id);
  expect.soft(layoutProblems(await measureLayout(frame)), `layout with the @ menu in ${theme.label}`).toEqual([]);
  const violations = await runAxe(frame);
  expect.soft(formatViolations(violations), `axe with the @ menu in ${theme.label}`).toBe('');
  await chat.composer.press('Escape');
  await chat.composer.fill('');
}
