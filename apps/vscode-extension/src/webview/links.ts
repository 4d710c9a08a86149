/** Schemes a link in a model's reply may open. Everything else (command:, file:, vscode:, javascript:, data:…) is refused. */
const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * Returns the URL to open, or a reason to refuse it. Model output is untrusted: a `command:` link could run any
 * VS Code command and a `file:` or `vscode:` link could open local resources, so only web and mail links pass.
 */
export function checkExternalLink(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) return { ok: false, reason: `the scheme "${url.protocol}" is not allowed` };
  if (url.protocol !== 'mailto:' && url.hostname === '') return { ok: false, reason: 'the URL has no host' };
  return { ok: true, url: url.href };
}
