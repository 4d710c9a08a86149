import {
  Disposable,
  Emitter,
  type Logger,
  MutableDisposable,
  type ParticipantConfig,
  type StatusSource,
  toDisposable,
} from '@roundtable/core';
import type { SidecarStatus } from '@roundtable/core/protocol';
import { checkProxy, findUnavailableModels, type ProxyEndpoint } from '@roundtable/sidecar';

export interface ProxyMonitorDeps {
  endpoint: () => ProxyEndpoint;
  accessKey: () => Promise<string | undefined>;
  participants: () => ParticipantConfig[];
  logger: Logger;
}

/**
 * Keeps the status pill true in external mode: checks `/v1/models` on start, when settings or the access key
 * change, and when a reply fails in a way that may mean the proxy went away. Only the newest check reports;
 * an older one still running is aborted.
 */
export class ProxyMonitor extends Disposable implements StatusSource<SidecarStatus> {
  private readonly statusEmitter = this._register(new Emitter<SidecarStatus>());
  readonly onDidChange = this.statusEmitter.event;
  /** The last status reported (pending until the first check answers). */
  current: SidecarStatus = { ok: false, detail: 'Checking CLIProxyAPI…', pending: true };
  private readonly accessKeyEmitter = this._register(new Emitter<void>());
  /** The proxy refused the access key: the host offers to set it. */
  readonly onDidNeedAccessKey = this.accessKeyEmitter.event;
  private readonly inFlight = this._register(new MutableDisposable());

  constructor(private readonly deps: ProxyMonitorDeps) {
    super();
  }

  async check(): Promise<void> {
    const controller = new AbortController();
    this.inFlight.value = toDisposable(() => controller.abort());
    const endpoint = this.deps.endpoint();
    let status: SidecarStatus;
    if (!endpoint.ok) {
      status = { ok: false, detail: endpoint.error };
    } else {
      try {
        const accessKey = await this.deps.accessKey();
        const health = await checkProxy(
          { root: endpoint.root, ...(accessKey ? { accessKey } : {}) },
          controller.signal,
        );
        status = { ok: health.ok, detail: health.detail };
        if (health.needsAccessKey) this.accessKeyEmitter.fire();
        if (health.ok) {
          const missing = findUnavailableModels(this.deps.participants(), health.models);
          if (missing.length > 0) {
            const list = missing.map((m) => `@${m.id} (${m.model})`).join(', ');
            status = { ok: true, detail: `${health.detail} Not served now: ${list}.` };
            this.deps.logger.warn(
              `CLIProxyAPI does not list the model of ${list}. Available: ${health.models.join(', ') || 'none'}.`,
            );
          }
        }
      } catch (error) {
        if (controller.signal.aborted) return; // superseded by a newer check
        status = {
          ok: false,
          detail: `Checking CLIProxyAPI failed: ${error instanceof Error ? error.message : String(error)}`,
        };
      }
    }
    if (controller.signal.aborted) return;
    this.deps.logger.info(`Proxy status: ${status.ok ? 'ok' : 'not ok'}: ${status.detail}`);
    this.current = status;
    this.statusEmitter.fire(status);
  }
}
