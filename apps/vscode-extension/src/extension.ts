import { DisposableStore } from '@roundtable/core/base/lifecycle';
import { Orchestrator } from '@roundtable/core/orchestrator/Orchestrator';
import { randomIds, systemClock } from '@roundtable/core/ports';
import type { ChatViewDeps } from '@roundtable/core/views/viewPorts';
import type { ProxyEndpoint } from '@roundtable/sidecar/endpoint';
import { ProxyMonitor } from '@roundtable/sidecar/ProxyMonitor';
import * as vscode from 'vscode';
import { createAccessKeyOffer, offerReload, reportSettingsProblems } from './adapters/hostPrompts';
import { trackLastTextEditor } from './adapters/lastTextEditor';
import { OutputChannelLogger } from './adapters/OutputChannelLogger';
import { PromptDocuments } from './adapters/promptDocuments';
import { onBuiltInProxy } from './adapters/readProviders';
import { readSettings } from './adapters/readSettings';
import { resolveHost } from './adapters/resolveHost';
import { SecretAccessKeyStore } from './adapters/SecretAccessKeyStore';
import { TermsNoticeState } from './adapters/TermsNoticeState';
import { vscodeHostUi } from './adapters/vscodeHostUi';
import { CliSeats } from './clis/CliSeats';
import { registerCommands } from './commands';
import { AfterFirstState } from './lifecycle/AfterFirstState';
import { ShutdownOrder } from './lifecycle/ShutdownOrder';
import { lazyChatBackend } from './proxy/lazyChatBackend';
import { lazyProviderSeatMap } from './proxy/lazyProviderSeatMap';
import { benchedSeats } from './proxy/lazySeatBench';
import { JoinedSeats, ProviderSeats } from './proxy/providerSeats';
import { effectiveMode } from './sidecar/effectiveMode';
import { managedEndpoint } from './sidecar/managedEndpoint';
import { signIn } from './sidecar/signIn';
import { createSidecarStatusBar } from './sidecar/statusBar';
import { windowManaged } from './sidecar/windowManaged';
import { FileThreadRepository } from './storage/FileThreadRepository';
import { windowLeaseOwner } from './storage/windowLeaseOwner';
import { ChatPanelManager } from './webview/ChatPanel';
import { ChatSession } from './webview/ChatSession';
import { CHAT_VIEW_ID, ChatViewProvider } from './webview/ChatViewProvider';
import { lazyHostActions } from './webview/lazyHostActions';
import { ShownViews } from './webview/ShownViews';

let shutdown: (() => Promise<void>) | undefined;

/** Finding and checking the proxy, loaded by the first check or request (after the first chat state). */
const proxyCheck = () => import('./proxy/proxyCheck');

/** How long start-up work waits for a first chat state in a window whose chat view is not open. */
const FIRST_STATE_FALLBACK_MS = 1_500;

/**
 * The composition root: builds the adapters, hands them to core, registers views and commands. No logic lives
 * here, and nothing here waits for the disk: the thread list is read in the background and each view waits for it
 * when its page first asks (so activation stays fast however many threads are stored).
 */
export function activate(context: vscode.ExtensionContext): void {
  const started = performance.now();
  const disposables = new DisposableStore();
  const order = new ShutdownOrder(disposables);
  context.subscriptions.push(order.subscription);
  const channel = vscode.window.createOutputChannel('Roundtable', { log: true });
  context.subscriptions.push(channel);
  const logger = new OutputChannelLogger(channel);

  let settings = readSettings(vscode.workspace.getConfiguration('roundtable'));
  reportSettingsProblems(settings.problems, logger, channel);
  const storageRoot = context.globalStorageUri.fsPath;
  const cliSeats = new CliSeats(
    storageRoot,
    () => settings,
    () => void providerSeats.refresh(),
  );
  const accessKeys = new SecretAccessKeyStore(context.secrets);
  // The mode is read once: switching it takes a window reload (offered when the setting changes).
  const mode = effectiveMode(settings.endpoint.mode, settings.binaryPath, process.platform, process.arch);
  if (mode.notice) {
    logger.warn(mode.notice);
    void vscode.window.showWarningMessage(mode.notice);
  }
  // Work that can wait until the first chat state is out (see AfterFirstState).
  const afterFirstState = disposables.add(new AfterFirstState(FIRST_STATE_FALLBACK_MS));
  // Managed mode: started once the first chat state is out, or when something needs the proxy first.
  const managed = mode.mode === 'managed' ? disposables.add(windowManaged(context, () => settings, logger)) : undefined;
  if (managed) afterFirstState.run(() => void managed.loaded().catch(() => {}));
  // External mode: resolved once per settings change (a name is looked up and pinned to its loopback address).
  const externalSettings = () => ({ ...settings.endpoint, mode: 'external' as const });
  // Resolved when first needed (its code loads then), and again after a settings change.
  let resolvedEndpoint: Promise<ProxyEndpoint> | undefined;
  const externalEndpoint = () =>
    (resolvedEndpoint ??= proxyCheck().then((m) => m.resolveProxyEndpoint(externalSettings(), resolveHost)));
  const endpoint = managed ? async () => managedEndpoint(await managed.loaded()) : externalEndpoint;
  const accessKey = managed ? () => managed.accessKey() : () => accessKeys.get();

  const repository = new FileThreadRepository({ root: storageRoot, logger });
  disposables.add(repository);
  const orchestrator = disposables.add(
    new Orchestrator({
      repository,
      // The managed proxy is watched by its supervisor; an external one is rechecked after replies.
      chat: lazyChatBackend({
        endpoint,
        accessKey,
        onReplyEnd: (succeeded) => (managed ? succeeded || managed.noteReplyFailed() : monitor.noteReply(succeeded)),
        providers: () => settings.providers,
        cli: cliSeats.chat,
        storageRoot,
      }),
      clock: systemClock,
      ids: randomIds,
      logger,
      leaseOwner: windowLeaseOwner(),
      settings: settings.orchestrator,
      // A turn for a seat the proxy says needs a login is held (read when a turn starts, after activation).
      seats: () => seats.current,
    }),
  );
  // Other windows' writes: the watcher compares against the whole list, so it starts once that is known (it may be
  // read in parts), with the rest of the storage upkeep, after the first state.
  void orchestrator.store.listComplete().then(() =>
    // The gate runs nothing once the window's disposables are gone; nor does the watcher, if they went meanwhile.
    afterFirstState.run(async () => {
      const { ThreadFolderWatcher } = await import('./storage/ThreadFolderWatcher');
      if (!disposables.isDisposed) disposables.add(new ThreadFolderWatcher(repository, logger)).start();
    }),
  );

  const monitor: ProxyMonitor = disposables.add(
    new ProxyMonitor({
      endpoint,
      accessKey,
      participants: () => onBuiltInProxy(settings.orchestrator.participants),
      logger,
      clock: systemClock,
    }),
  );
  const sidecarStatus = managed ?? monitor;
  const offerAccessKey = createAccessKeyOffer();
  disposables.add(monitor.onDidNeedAccessKey(offerAccessKey));
  const providerSeats = disposables.add(
    new ProviderSeats({
      seatMap: lazyProviderSeatMap(
        () => settings.providers,
        () => settings.orchestrator.participants,
        cliSeats.facts,
      ),
      logger,
    }),
  );
  afterFirstState.run(() => void providerSeats.refresh());
  disposables.add(
    orchestrator.runner.onDidFailReply((failure) => {
      // A limit with a stated end benches the seat until then, in every mode (proxy, endpoint, CLI).
      bench.noteFailure(failure.participant.id, failure.error);
      if (failure.error.kind === 'proxy-auth') offerAccessKey();
      if (!failure.participant.provider) return;
      void cliSeats.noteFailure(failure).then(() => providerSeats.refresh());
    }),
  );
  disposables.add(accessKeys.onDidChange(() => void monitor.check()));
  disposables.add(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('roundtable')) return;
      settings = readSettings(vscode.workspace.getConfiguration('roundtable'));
      reportSettingsProblems(settings.problems, logger, channel);
      resolvedEndpoint = undefined;
      orchestrator.table.update(settings.orchestrator);
      cliSeats.settingsChanged();
      void providerSeats.refresh();
      if (
        e.affectsConfiguration('roundtable.sidecar.mode') ||
        e.affectsConfiguration('roundtable.sidecar.binaryPath')
      ) {
        offerReload();
      }
      void monitor.check();
    }),
  );

  // Back in the window: a CLI may have been signed in or out, installed or updated, in a terminal meanwhile.
  disposables.add(vscode.window.onDidChangeWindowState((state) => state.focused && cliSeats.recheckLogins()));
  const lastEditor = disposables.add(trackLastTextEditor());
  const prompts = disposables.add(new PromptDocuments());
  const ui = vscodeHostUi(logger, () => lastEditor.current(), prompts);
  const terms = disposables.add(new TermsNoticeState(context.globalState));
  // The one seat map every turn and view reads: the proxy's logins and models (managed), or the models it serves (an
  // external one), and the seats on other providers and CLIs; with the seats benched by a limit until its end.
  const joinedSeats = disposables.add(new JoinedSeats([managed ? managed.seats : monitor.seats, providerSeats]));
  const { seats, bench } = benchedSeats(joinedSeats, { clock: systemClock, logger }, disposables);
  afterFirstState.run(() => void bench.load());
  const viewDeps: ChatViewDeps = {
    orchestrator,
    terms,
    sidecar: sidecarStatus,
    seats,
    host: lazyHostActions(async () =>
      (await import('./webview/windowHostActions')).windowHostActions({
        ui,
        logger,
        locate: (key) => repository.locate(key),
        storageRoot,
        managed,
        cliSeats,
        settings: () => settings,
        owner: disposables,
        memory: context.globalState,
      }),
    ),
    logger,
    activeFile: async () =>
      settings.autoIncludeActiveFile
        ? (await import('./adapters/editorContext')).editorFileContext(lastEditor.current())
        : undefined,
  };
  const routable = () => orchestrator.table.routable().map((p) => p.id);
  disposables.add(createSidecarStatusBar(sidecarStatus, { seats, routable }));
  let active: ChatSession | undefined;
  const shownViews = disposables.add(new ShownViews());
  const createSession = () =>
    new ChatSession(
      viewDeps,
      (session) => (active = session),
      () => afterFirstState.firstStatePosted(),
      shownViews,
    );
  const sidebar = disposables.add(createSession());
  active = sidebar;
  disposables.add(vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, new ChatViewProvider(context, sidebar)));
  const panels = disposables.add(
    new ChatPanelManager(context, () => {
      const session = createSession();
      active = session;
      return session;
    }),
  );
  registerCommands(disposables, {
    panels,
    activeView: () => (active && !active.isDisposed ? active : sidebar),
    sidebar: () => sidebar,
    accessKeys,
    ui,
    logger,
    orchestrator,
    storageRoot,
    restartSidecar: () => (managed ? managed.restart() : monitor.check()),
    signIn: () => signIn(managed, logger, context.globalState),
    checkSidecar: () => monitor.check(),
    showSidecarActions: async () =>
      (await import('./sidecar/pickSidecarAction')).pickSidecarAction(
        sidecarStatus.current,
        managed !== undefined,
        () => cliSeats.actions(),
      ),
    showLog: () => channel.show(),
    editorSelection: async () => {
      const editor = vscode.window.activeTextEditor;
      return editor ? (await import('./adapters/editorContext')).editorSelectionContext(editor) : undefined;
    },
    showDiagnostics: async () =>
      (await import('./showDiagnostics')).showDiagnostics({
        context,
        channel,
        settings,
        detect: cliSeats.facts.detection,
        accessKey,
        sidecar: sidecarStatus,
        managed,
      }),
  });
  // External mode: rechecked on a schedule and on focus (the first check waits for the first state, as before).
  if (!managed) {
    afterFirstState.run(async () => {
      const { watchExternalProxy } = await import('./sidecar/watchExternalProxy');
      if (!disposables.isDisposed) disposables.add(watchExternalProxy(monitor, shownViews));
    });
  }

  shutdown = () =>
    order.shutdown(async () => {
      await orchestrator.shutdown();
      cliSeats.dispose();
      await managed?.stop();
    });
  logger.info(
    `Roundtable ${context.extension.packageJSON.version as string} activated in ${(performance.now() - started).toFixed(1)} ms.`,
  );
}

/** Stops every reply in flight (kept as `cancelled`) and writes every pending thread before the host goes away. */
export async function deactivate(): Promise<void> {
  const running = shutdown?.();
  shutdown = undefined;
  await running;
}
