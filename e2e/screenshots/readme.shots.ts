import { mkdir, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { startFakeProxy } from '@roundtable/testkit';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { README_IMAGES, SHOT_VIEWPORT } from '../src/readmeImages';
import { roundtableSettings } from '../src/settings';
import { setSidebarWidth } from '../src/sidebar';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { switchColorTheme, THEMES } from '../src/themes';
import { runCommand } from '../src/workbench';
import { captureReadmeImage } from './capture';
import { CHANGE, COUNCIL, DISCUSS, FIRST, SEATS, type SeatReplies } from './scenes';

// `pnpm screenshots`: the README's three pictures, taken in a real VS Code (code-server + Chromium) against the fake
// proxy, whose replies are scripted (scenes.ts). Not part of `pnpm e2e` or CI: it rewrites files under docs/images.
// Every step waits for what it needs to see, never for a fixed time; each picture starts its own thread.

const THEME = THEMES.find((theme) => theme.slug === 'dark-modern');
/** Wide enough for a reply's line of code and the ledger's columns. */
const CHAT_WIDTH = 520;
/** Narrower beside the diff editor, which needs room for two sides. */
const REVIEW_WIDTH = 400;

describe('the README screenshots', () => {
  const suite = useSuite({
    startProxy: () => startFakeProxy(),
    settings: (proxy) => ({
      ...roundtableSettings(proxy.url, SEATS),
      // Two sides even in a laptop-sized window, as most people see a review, with long lines wrapped, not cut.
      'diffEditor.useInlineViewWhenSpaceIsLimited': false,
      'diffEditor.wordWrap': 'on',
      'editor.minimap.enabled': false,
    }),
    prepareWorkspace: async (workspace) => {
      await mkdir(path.join(workspace, path.dirname(CHANGE.file)), { recursive: true });
      await writeFile(path.join(workspace, CHANGE.file), CHANGE.before);
    },
  });
  /** The activity bar and the side bar: the chat as it sits in VS Code. */
  const sidebarParts = () => [suite.page.locator('.part.activitybar'), suite.page.locator('.part.sidebar')];

  /** Queues one scripted reply per seat, in seat order, for each seat's next request. */
  const script = (replies: SeatReplies) => {
    for (const seat of SEATS) {
      const text = replies[seat.id];
      if (text !== undefined) suite.proxy.enqueueFor(seat.model, { kind: 'reply', text });
    }
  };
  /** Waits until `count` messages are shown, every one of them finished. */
  const settled = async (count: number) => {
    await expect.poll(() => suite.chat.messages({ status: 'complete' }).count(), { timeout: 90_000 }).toBe(count);
    await expect.poll(() => suite.chat.messages({ status: 'streaming' }).count()).toBe(0);
  };
  /** Scrolls the chat so `message` starts at the top of what it shows (the list keeps to its end otherwise). */
  const showFromTop = (message: Locator) => message.evaluate((el) => el.scrollIntoView({ block: 'start' }));

  beforeAll(async () => {
    const { page, chat } = suite;
    if (!THEME) throw new Error('Dark Modern is not among the themes');
    await page.setViewportSize(SHOT_VIEWPORT);
    await chat.open();
    await chat.dismissTermsNotice();
    await switchColorTheme(page, chat.frame, THEME);
    await chat.sidecarStatus.and(chat.frame.locator('[data-ok="true"]')).waitFor();
  });

  it(`${README_IMAGES.discuss}: a Discuss turn in the side bar`, async () => {
    const { chat, page } = suite;
    await setSidebarWidth(page, CHAT_WIDTH);
    await chat.newThread();
    script(DISCUSS.replies);
    await chat.send(DISCUSS.question);
    await settled(1 + SEATS.length);
    // The code in the first reply is highlighted once its block is complete, a moment after the reply ends.
    await chat.frame.locator('code[data-highlight="done"]').first().waitFor();
    await showFromTop(chat.messages({ speaker: 'user' }).first());
    await captureReadmeImage(page, README_IMAGES.discuss, sidebarParts());
  });

  it(`${README_IMAGES.council}: a Council's synthesis with its vote and ledger`, async () => {
    const { chat, page } = suite;
    await chat.newThread();
    await runCommand(page, 'Roundtable: Set Discussion Mode…');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Council' }).first().click();
    await expect.poll(() => chat.frame.locator('[data-testid="mode-select"]').inputValue()).toBe('council');
    // Each seat's requests come in this order: its blind answer, then its review; the chair (the first seat) then
    // writes the synthesis.
    script(COUNCIL.answers);
    script(COUNCIL.reviews);
    script({ [FIRST.id]: COUNCIL.synthesis });
    await chat.send(COUNCIL.question);
    // The question, three answers, three reviews and the synthesis.
    await settled(2 + 2 * SEATS.length);
    await chat.frame.locator('[data-testid^="ledger"]').first().waitFor();
    // From the synthesis's answer down to its ledger (the answers and reviews above are the story, not the picture).
    await showFromTop(chat.messages({ speaker: FIRST.id }).last());
    await captureReadmeImage(page, README_IMAGES.council, sidebarParts());
  });

  it(`${README_IMAGES.changeReview}: a proposed change in VS Code's diff editor`, async () => {
    const { chat, page } = suite;
    await setSidebarWidth(page, REVIEW_WIDTH);
    await chat.newThread();
    script({ [FIRST.id]: CHANGE.reply });
    await chat.send(CHANGE.question);
    const reply = chat.messages({ speaker: FIRST.id, status: 'complete' });
    await reply.waitFor();
    await reply.getByRole('button', { name: 'Review change' }).click();
    const diffEditor = page.locator('.monaco-diff-editor').first();
    await diffEditor.locator('.editor.modified .view-lines', { hasText: CHANGE.added }).waitFor();
    await diffEditor.locator('.editor.original .view-lines', { hasText: 'withRetry' }).waitFor();
    await captureReadmeImage(page, README_IMAGES.changeReview);
  });

  it('raised no unexpected error in the page, the webview or the extension host', async () => {
    expect(await expectNoUnexpectedErrors(suite), 'errors not covered by a documented noise rule').toBe('');
  });
});
