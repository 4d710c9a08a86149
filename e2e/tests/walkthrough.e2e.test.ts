import { describe, expect, it } from 'vitest';
import { expectNoUnexpectedErrors, useSuite } from '../src/suite';
import { runCommand } from '../src/workbench';

// The Getting Started walkthrough in a real VS Code: it lists its five steps, its buttons run Roundtable's
// commands, and running a step's command marks the step done (its completion event).

describe('the Getting Started walkthrough in a real VS Code (code-server + Chromium)', () => {
  const suite = useSuite();
  const stepId = (name: string) => `roundtable.roundtable#gettingStarted#${name}`;

  it('opens from Welcome: Open Walkthrough… with its five steps', async () => {
    const { page, shot } = suite;
    await runCommand(page, 'Welcome: Open Walkthrough...');
    const input = page.locator('.quick-input-widget input');
    await input.fill('Get Started with Roundtable');
    await page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: 'Roundtable' }).waitFor();
    await input.press('Enter');
    const steps = page.locator('button.getting-started-step');
    await steps.first().waitFor();
    expect(await steps.evaluateAll((all) => all.map((s) => (s as HTMLElement).dataset.stepId))).toEqual(
      ['chooseProxy', 'localModel', 'claudeCode', 'signIn', 'firstMessage'].map(stepId),
    );
    // The first step's markdown is shown beside it, in a webview of its own (the packaged file, rendered).
    const media = page.frameLocator('.getting-started-media iframe.webview').frameLocator('iframe#active-frame');
    await media.locator('h1', { hasText: 'Managed or external CLIProxyAPI' }).waitFor();
    await shot('walkthrough');
  });

  it('Choose Managed or External offers both modes, the current one marked, and marks its step done', async () => {
    const { page, shot } = suite;
    await page.getByRole('button', { name: 'Choose Managed or External' }).click();
    const picker = page.locator('.quick-input-widget');
    await picker.filter({ hasText: 'Roundtable: how to reach CLIProxyAPI' }).waitFor();
    const rows = picker.locator('.monaco-list-row');
    await expect
      .poll(() => rows.allTextContents())
      .toEqual([
        expect.stringMatching(/^Managed.*downloads it/),
        expect.stringMatching(/^External\s*current.*you run yourself/),
      ]);
    await shot('proxy-mode-picker');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator(`[data-done-step-id="${stepId('chooseProxy')}"]`).getAttribute('aria-checked'))
      .toBe('true');
  });

  it('Open the Message Box puts the keyboard in the chat and marks the last step done', async () => {
    const { page, chat } = suite;
    await page.locator(`button[data-step-id="${stepId('firstMessage')}"]`).click();
    await page.getByRole('button', { name: 'Open the Message Box' }).click();
    await chat.composer.waitFor();
    await expect.poll(() => chat.composer.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() => page.locator(`[data-done-step-id="${stepId('firstMessage')}"]`).getAttribute('aria-checked'))
      .toBe('true');
  });

  it('logs no unexpected errors', async () => {
    expect(await expectNoUnexpectedErrors(suite)).toBe('');
  });
});
