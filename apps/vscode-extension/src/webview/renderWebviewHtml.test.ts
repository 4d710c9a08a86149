import { describe, expect, test } from 'vitest';
import { createNonce, renderWebviewHtml } from './renderWebviewHtml';

const input = {
  cspSource: 'https://*.vscode-cdn.net',
  scriptUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/webview/assets/main.js',
  styleUri: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/webview/assets/main.css',
  nonce: 'bm9uY2Utdmx1ZQ==',
  title: 'Roundtable',
  imagesUri: 'https://file+.vscode-resource.vscode-cdn.net/storage/assets',
  placement: 'sidebar' as const,
};

function csp(html: string): Map<string, string> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  return new Map(
    content.split(';').map((d) => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

describe('renderWebviewHtml', () => {
  const html = renderWebviewHtml(input);
  const policy = csp(html);

  test('denies everything by default and allows scripts only by nonce or from the webview resource origin', () => {
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('script-src')).toBe(`'nonce-${input.nonce}' ${input.cspSource}`);
    expect(policy.get('style-src')).toBe(input.cspSource);
    expect(policy.has('connect-src')).toBe(false);
    expect(html).not.toMatch(/unsafe-eval|unsafe-inline/);
  });

  test('loads exactly one script, with the nonce, and no inline script or handler', () => {
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual([`<script type="module" nonce="${input.nonce}" src="${input.scriptUri}">`]);
    expect(html).toMatch(/<script[^>]*><\/script>/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/<style/);
  });

  test('escapes what it interpolates', () => {
    const hostile = renderWebviewHtml({
      ...input,
      title: '</title><script>alert(1)</script>',
      styleUri: 'x" onload="alert(1)',
      imagesUri: '"><script>alert(2)</script>',
    });
    expect(hostile).not.toContain('<script>alert(1)');
    expect(hostile).not.toContain('<script>alert(2)');
    expect(hostile).toContain('x&quot; onload=&quot;alert(1)');
  });

  test('tells the page where images are, inside its resource origin, and admits no other image source', () => {
    expect(html).toContain(`<div id="root" data-images="${input.imagesUri}"></div>`);
    expect(policy.get('img-src')).toBe(`${input.cspSource} data:`);
  });

  test('says where the page is shown, so its stylesheet paints that part’s background', () => {
    expect(html).toContain('<html lang="en" data-placement="sidebar">');
    expect(renderWebviewHtml({ ...input, placement: 'editor' })).toContain('<html lang="en" data-placement="editor">');
  });

  test('nonces are fresh and carry 128 bits', () => {
    const nonces = new Set(Array.from({ length: 50 }, createNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });
});
