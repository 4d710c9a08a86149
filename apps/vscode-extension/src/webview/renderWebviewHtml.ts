/** What the page needs from the host; kept free of `vscode` so the CSP can be tested directly. */
export interface WebviewHtmlInput {
  /** `webview.cspSource`: the origin the webview's own resources (script, css, lazy chunks) are served from. */
  cspSource: string;
  scriptUri: string;
  styleUri: string;
  /** Fresh per render, from a CSPRNG. */
  nonce: string;
  title: string;
  /** Where the page finds a message's image (`<imagesUri>/<sha256>.<ext>`), inside its resource origin. */
  imagesUri: string;
  /** Where VS Code shows the page: its stylesheet paints the background of that part (`html[data-placement]`). */
  placement: WebviewPlacement;
}

/**
 * A view in a side bar, or a panel in the editor area. A webview's page is transparent over the part it sits in; the
 * page paints that part's colour itself, so what it draws (and every contrast check of it) has a known background.
 */
export type WebviewPlacement = 'sidebar' | 'editor';

/**
 * The only HTML the extension ever produces. The CSP allows scripts only with the nonce or from the webview's own
 * resource origin (vite's lazy chunks load through `import()`, which a nonce does not cover), styles only from
 * that origin, no `unsafe-eval`, no `unsafe-inline`, no network (`connect-src` is absent, so `default-src 'none'`
 * applies), and images only from the resource origin or data: URIs.
 */
export function renderWebviewHtml(input: WebviewHtmlInput): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${input.nonce}' ${input.cspSource}`,
    `style-src ${input.cspSource}`,
    `img-src ${input.cspSource} data:`,
    `font-src ${input.cspSource}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en" data-placement="${input.placement}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(input.styleUri)}">
<title>${escapeText(input.title)}</title>
</head>
<body>
<div id="root" data-images="${escapeAttribute(input.imagesUri)}"></div>
<script type="module" nonce="${escapeAttribute(input.nonce)}" src="${escapeAttribute(input.scriptUri)}"></script>
</body>
</html>`;
}

/** 128 bits from the platform CSPRNG, base64: unguessable by anything the page renders. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
