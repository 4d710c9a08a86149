import { type HostResolver, isIpLiteral, isLoopbackAddress } from './loopback';

/** Where CLIProxyAPI listens, as configured. `root` has no trailing slash; `apiBase` is `${root}/v1`. */
export type ProxyEndpoint = { ok: true; root: string; apiBase: string } | { ok: false; error: string };

export interface EndpointSettings {
  mode: 'external' | 'managed';
  port: number;
  externalUrl: string;
}

/**
 * Turns the sidecar settings into the proxy's URL, or a readable error. `externalUrl` may be given with or without a
 * trailing `/v1` or slash; it must be http(s).
 *
 * Invariant: the URL returned always points at this machine. Roundtable sends the access key and whole conversations
 * to it, so a setting (or a workspace that slipped one in) must not be able to send them elsewhere. An IP literal
 * must be loopback (127.0.0.0/8, `::1`, IPv4-mapped 127.x; the URL parser has already turned decimal, octal and
 * short forms into dotted ones). `localhost` becomes 127.0.0.1 (Node may resolve it to ::1 first while CLIProxyAPI
 * listens on IPv4). Any other name is resolved once, must resolve only to loopback addresses, and the URL is pinned to
 * the address found, so a later answer from DNS cannot move it (`127.0.0.1.nip.io` is refused unless it really
 * resolves to loopback, and even then it is used as 127.0.0.1).
 */
export async function resolveProxyEndpoint(
  settings: EndpointSettings,
  resolveHost: HostResolver,
): Promise<ProxyEndpoint> {
  if (settings.mode === 'managed') {
    return {
      ok: false,
      error:
        'In managed mode Roundtable runs CLIProxyAPI itself and knows its address; roundtable.sidecar.externalUrl is for "external" mode.',
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
  const parsed = parseExternalUrl(raw);
  if (!parsed.ok) return parsed;
  const { url } = parsed;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  const pinned = await pinLoopbackHost(url.hostname, resolveHost);
  if (!pinned.ok) return pinned;
  const port = url.port ? `:${url.port}` : '';
  return endpointFrom(`${url.protocol}//${pinned.host}${port}${path}`);
}

function parseExternalUrl(raw: string): { ok: true; url: URL } | { ok: false; error: string } {
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
  return { ok: true, url };
}

const NOT_LOCAL =
  'Roundtable only talks to a CLIProxyAPI on this machine (127.0.0.1, localhost or [::1]): it sends it your access key and whole conversations.';

/** The host to put in the URL: a loopback literal, or an error saying why the host was refused. */
async function pinLoopbackHost(
  hostname: string,
  resolveHost: HostResolver,
): Promise<{ ok: true; host: string } | { ok: false; error: string }> {
  if (hostname === 'localhost') return { ok: true, host: '127.0.0.1' };
  if (isIpLiteral(hostname)) {
    if (isLoopbackAddress(hostname)) return { ok: true, host: hostname };
    return { ok: false, error: `roundtable.sidecar.externalUrl points at ${hostname}, not this machine. ${NOT_LOCAL}` };
  }
  let addresses: readonly string[];
  try {
    addresses = await resolveHost(hostname);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `roundtable.sidecar.externalUrl: ${hostname} could not be resolved (${why}). ${NOT_LOCAL}`,
    };
  }
  const outside = addresses.filter((address) => !isLoopbackAddress(address));
  const first = addresses.find((address) => address.includes('.')) ?? addresses[0];
  if (first === undefined || outside.length > 0) {
    const found = addresses.length === 0 ? 'no address' : addresses.join(', ');
    return {
      ok: false,
      error: `roundtable.sidecar.externalUrl: ${hostname} resolves to ${found}, not only to this machine. ${NOT_LOCAL}`,
    };
  }
  return { ok: true, host: first.includes(':') ? `[${first}]` : first };
}

function endpointFrom(root: string): ProxyEndpoint {
  return { ok: true, root, apiBase: `${root}/v1` };
}
