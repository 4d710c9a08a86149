import { describe, expect, test } from 'vitest';
import { checkExternalLink } from './links';

describe('checkExternalLink', () => {
  test.each([
    ['https://example.com/a?b=c', 'https://example.com/a?b=c'],
    ['http://127.0.0.1:8317/', 'http://127.0.0.1:8317/'],
    ['  https://example.com  ', 'https://example.com/'],
    ['mailto:someone@example.com', 'mailto:someone@example.com'],
  ])('opens %s', (raw, url) => {
    expect(checkExternalLink(raw)).toEqual({ ok: true, url });
  });

  test.each([
    ['command:workbench.action.terminal.new', 'command:'],
    ['vscode://file/etc/passwd', 'vscode:'],
    ['file:///etc/passwd', 'file:'],
    ['javascript:alert(1)', 'javascript:'],
    ['JavaScript:alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['vscode-insiders://x', 'vscode-insiders:'],
    ['/relative/path', 'not an absolute URL'],
    ['http://', 'not an absolute URL'],
  ])('refuses %s', (raw, reason) => {
    const result = checkExternalLink(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });
});
