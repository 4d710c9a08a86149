import { type FakeProxy, startFakeProxy } from '@roundtable/testkit';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Browser, launchBrowser } from './browser';
import { ChatView } from './chatView';
import { ErrorCollector } from './errorCollector';
import { codeServerEnv } from './processEnv';
import { type RoundtableServer, startRoundtableServer } from './session';
import type { ParticipantSetting } from './settings';
import { locateBuiltExtension } from './vsix';
import { createScreenshotter, openWorkbench } from './workbench';

/** A proxy the extension talks to: the project's fake, or the real CLIProxyAPI. */
export interface SuiteProxy {
  /** E.g. `http://127.0.0.1:41234` (no `/v1`). */
  readonly url: string;
  close(): Promise<void>;
}

export interface SuiteOptions<P extends SuiteProxy> {
  /** Starts the proxy the extension is pointed at; the fake proxy when not given. */
  startProxy?: () => Promise<P>;
  participants?: readonly ParticipantSetting[];
  /** Replace the Roundtable settings, and add to code-server's environment (see `startRoundtableServer`). */
  settings?: (proxy: P) => Record<string, unknown>;
  extraEnv?: (proxy: P) => NodeJS.ProcessEnv;
  /** Record every outgoing connection of code-server's processes into `session.egressLog`. */
  recordEgress?: boolean;
  /** Run the extension in Development mode, where it reads its test hooks (managed mode's release mirror). */
  development?: boolean;
  /** Fills the workspace folder before code-server starts (see `RoundtableServerOptions.prepareWorkspace`). */
  prepareWorkspace?: (workspace: string) => void | Promise<void>;
}

/** What every e2e test file works with: one proxy, one code-server with the extension, one browser window. */
export interface Suite<P extends SuiteProxy = FakeProxy> {
  proxy: P;
  session: RoundtableServer;
  browser: Browser;
  page: Page;
  chat: ChatView;
  errors: ErrorCollector;
  /** A numbered screenshot of the window, or of the part `of` shows (e.g. the side bar). */
  shot: (name: string, of?: Locator) => Promise<string>;
  /** Errors a test already reported, so the shutdown check reports only new ones. */
  reported: Set<string>;
  /** More fake proxies a test started; closed with the suite. */
  extraProxies: FakeProxy[];
}

/**
 * Registers the suite's hooks in the calling test file: start everything before the first test (the workbench
 * open), a screenshot of any failing test, and at the end close everything and fail on errors logged during
 * shutdown (deactivate() runs then). Returns the suite, filled in once `beforeAll` has run.
 */
export function useSuite(options?: Pick<SuiteOptions<FakeProxy>, 'participants'>): Suite;
export function useSuite<P extends SuiteProxy>(options: SuiteOptions<P> & { startProxy: () => Promise<P> }): Suite<P>;
export function useSuite(options: SuiteOptions<SuiteProxy> = {}): Suite<SuiteProxy> {
  const suite = { reported: new Set<string>(), extraProxies: [] as FakeProxy[] } as Suite<SuiteProxy>;
  const startProxy = options.startProxy ?? (() => startFakeProxy());

  beforeAll(async () => {
    locateBuiltExtension(); // fails first, with "run pnpm package", when the build step was skipped
    suite.proxy = await startProxy();
    suite.session = await startRoundtableServer({
      kind: 'run',
      proxyUrl: suite.proxy.url,
      ...(options.participants ? { participants: options.participants } : {}),
      ...(options.settings ? { settings: options.settings(suite.proxy) } : {}),
      ...(options.extraEnv ? { extraEnv: options.extraEnv(suite.proxy) } : {}),
      ...(options.recordEgress ? { recordEgress: true } : {}),
      ...(options.development ? { development: true } : {}),
      ...(options.prepareWorkspace ? { prepareWorkspace: options.prepareWorkspace } : {}),
    });
    const { session } = suite;
    suite.browser = await launchBrowser(
      session.toolchain,
      session.runDir,
      codeServerEnv(session.toolchain, session.runDir),
    );
    suite.page = suite.browser.page;
    suite.page.setDefaultTimeout(60_000);
    suite.errors = new ErrorCollector(session.logsDir, session.extension.id);
    suite.errors.attach(suite.page);
    suite.shot = createScreenshotter(suite.page, session.runDir.screenshots);
    suite.chat = new ChatView(suite.page, session.extension.id);
    await openWorkbench(suite.page, session.server.workbenchUrl);
    await suite.shot('workbench');
  });

  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(async () => {
      await suite.shot?.(`FAILED-${task.name.replace(/\W+/g, '-').slice(0, 60)}`).catch(() => undefined);
    });
  });

  afterAll(async () => {
    await suite.browser?.close();
    await suite.session?.stop();
    for (const extra of suite.extraProxies) await extra.close();
    await suite.proxy?.close();
    if (!suite.session) return;
    console.info(`e2e artifacts (screenshots, logs): ${suite.session.runDir.root}`);
    const late = (await suite.errors.unexpected()).filter((error) => !suite.reported.has(error.text));
    if (late.length > 0) throw new Error(`unexpected errors during shutdown:\n${ErrorCollector.format(late)}`);
  });

  return suite;
}

/** The last test of a file: fails on any error not covered by a documented noise rule. */
export async function expectNoUnexpectedErrors(suite: Suite<SuiteProxy>): Promise<string> {
  const unexpected = await suite.errors.unexpected();
  for (const error of unexpected) suite.reported.add(error.text);
  return ErrorCollector.format(unexpected);
}
