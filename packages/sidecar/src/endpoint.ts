/** Where CLIProxyAPI listens, as configured. `root` has no trailing slash; `apiBase` is `${root}/v1`. */
export type ProxyEndpoint = { ok: true; root: string; apiBase: string } | { ok: false; error: string };

export interface EndpointSettings {
  mode: 'external' | 'managed';
  port: number;
  externalUrl: string;
}

/**
 * Turns the sidecar settings into the proxy's URL, or a readable error. `externalUrl` may be given with or without a
 * trailing `/v1` or slash; it must be http(s). The loopback literal 127.0.0.1 is used rather than `localhost`
 * (Node may resolve `localhost` to ::1 first while CLIProxyAPI listens on IPv4).
 */
export function resolveProxyEndpoint(settings: EndpointSettings): ProxyEndpoint {
  if (settings.mode === 'managed') {
    return {
      ok: false,
      error:
        'Managed mode (Roundtable running CLIProxyAPI itself) is not available yet. Set roundtable.sidecar.mode to "external" and start CLIProxyAPI yourself.',
    };
  }
  const raw = settings.externalUrl.trim();
  if (raw === '') {
    if (!Number.isInteger(settings.port) || settings.port < 1 || settings.port > 65535) {
      return {
        ok: false,
        error: `roundtable.sidecar.port must be a whole number from 1 to 65535 (got ${settings.port}).`,
      };
    }
    return endpointFrom(`http://127.0.0.1:${settings.port}`);
  }
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    return {
      ok: false,
      error: `roundtable.sidecar.externalUrl must start with http:// or https:// (got "${raw}"). Example: http://127.0.0.1:8317`,
    };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      ok: false,
      error: `roundtable.sidecar.externalUrl is not a URL: "${raw}". Example: http://127.0.0.1:8317`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return {
      ok: false,
      error: `roundtable.sidecar.externalUrl must start with http:// or https:// (got "${url.protocol}").`,
    };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      error:
        'roundtable.sidecar.externalUrl must not contain credentials; set the access key with “Roundtable: Set Proxy Access Key”.',
    };
  }
  if (url.search || url.hash) {
    return { ok: false, error: 'roundtable.sidecar.externalUrl must not contain a query or fragment.' };
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
  return endpointFrom(`${url.protocol}//${url.host}${path}`);
}

function endpointFrom(root: string): ProxyEndpoint {
  return { ok: true, root, apiBase: `${root}/v1` };
}
