import type { ProxyEndpoint } from '@roundtable/sidecar/endpoint';
import type { ManagedSidecar } from './managedApi';

/** The managed proxy as a chat endpoint: its URL while it is up, else why not. */
export function managedEndpoint(managed: ManagedSidecar): ProxyEndpoint {
  const url = managed.url();
  return url ? { ok: true, root: url, apiBase: `${url}/v1` } : { ok: false, error: managed.current.detail };
}
