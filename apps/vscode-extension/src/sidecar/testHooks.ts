/**
 * The end-to-end tests' hooks into managed mode, read from the editor's environment:
 * - `ROUNDTABLE_RELEASE_MIRROR`, JSON `{ baseUrl, sha256 }`: the pinned release served from loopback, with the hash
 *   of the test's own archive in place of the pinned one;
 * - `ROUNDTABLE_SIDECAR_ENV_<NAME>`: `<NAME>` in the proxy's environment alone (where its own internet requests go).
 *
 * Either one would let whatever sets the editor's environment choose the binary Roundtable runs, or what it runs
 * with, so they are read only when VS Code runs the extension for development or tests (`extensionMode` is not
 * Production, as with `--extensionDevelopmentPath`); a normal run ignores them.
 */
export interface TestHooks {
  mirror?: { baseUrl: string; sha256: string };
  proxyEnv?: Record<string, string>;
}

export const RELEASE_MIRROR_VARIABLE = 'ROUNDTABLE_RELEASE_MIRROR';
export const PROXY_ENV_PREFIX = 'ROUNDTABLE_SIDECAR_ENV_';

export function readTestHooks(env: NodeJS.ProcessEnv, mode: { production: boolean }): TestHooks {
  if (mode.production) return {};
  const mirror = releaseMirror(env[RELEASE_MIRROR_VARIABLE]);
  const proxyEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && name.startsWith(PROXY_ENV_PREFIX) && name.length > PROXY_ENV_PREFIX.length)
      proxyEnv[name.slice(PROXY_ENV_PREFIX.length)] = value;
  }
  return { ...(mirror ? { mirror } : {}), ...(Object.keys(proxyEnv).length ? { proxyEnv } : {}) };
}

/** A mirror on 127.0.0.1 only, with a well-formed hash; anything else is no mirror. */
function releaseMirror(raw: string | undefined): TestHooks['mirror'] {
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as { baseUrl?: unknown; sha256?: unknown };
    if (
      typeof value.baseUrl === 'string' &&
      value.baseUrl.startsWith('http://127.0.0.1:') &&
      typeof value.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(value.sha256)
    )
      return { baseUrl: value.baseUrl, sha256: value.sha256 };
  } catch {
    // not JSON: no mirror
  }
  return undefined;
}
