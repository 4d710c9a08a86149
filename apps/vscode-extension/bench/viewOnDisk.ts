import {
  ChatViewController,
  DEFAULT_ORCHESTRATOR_SETTINGS,
  Emitter,
  Orchestrator,
  randomIds,
  silentLogger,
  systemClock,
} from '@roundtable/core';
import type { HostToWebview, SidecarStatus } from '@roundtable/core/protocol';
import { FileThreadRepository } from '../src/storage/FileThreadRepository';

/**
 * A window over a storage folder, composed as `activate` composes it (files, store, orchestrator) with one chat view
 * whose posts are recorded: what the in-process benchmarks measure.
 */
export function viewOnDisk(root: string) {
  const repository = new FileThreadRepository({ root, logger: silentLogger });
  const orchestrator = new Orchestrator({
    repository,
    chat: async function* () {},
    clock: systemClock,
    ids: randomIds,
    logger: silentLogger,
    settings: {
      ...DEFAULT_ORCHESTRATOR_SETTINGS,
      participants: [{ id: 'claude', displayName: 'Claude', color: '#D97706', model: 'm', enabled: true }],
    },
  });
  void orchestrator.store.initialize();
  const sidecar = {
    current: { state: 'healthy', detail: 'ok' } as SidecarStatus,
    onDidChange: new Emitter<SidecarStatus>().event,
  };
  const posted: HostToWebview[] = [];
  const view = new ChatViewController(
    {
      orchestrator,
      sidecar,
      host: {
        openLink: async () => ({ ok: true }),
        reveal: async () => ({ ok: true }),
        sidecarActions: async () => ({ ok: true }),
        signInSeat: async () => ({ ok: true }),
        fixSeat: async () => ({ ok: true }),
        resetSeat: async () => ({ ok: true }),
        insertCode: async () => ({ ok: true }),
        openCodeInNewFile: async () => ({ ok: true }),
        storeImage: async () => ({ ok: false, reason: 'no images here' }),
        reviewChange: async () => ({ ok: true }),
        applyChange: async () => ({ ok: true }),
        compareChange: async () => ({ ok: true }),
        showPrompt: async () => ({ ok: true }),
        findFiles: async () => [],
        filesChanged: () => new Promise<void>(() => {}), // the files never change here
        readFile: async () => ({ ok: false, reason: 'no files here' }),
      },
      logger: silentLogger,
    },
    (message) => posted.push(message),
  );
  return {
    view,
    orchestrator,
    posted,
    dispose() {
      view.dispose();
      orchestrator.dispose();
      repository.dispose();
    },
  };
}
