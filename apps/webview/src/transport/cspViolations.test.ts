import { CSP_REPORT_MAX_CHARS } from '@roundtable/core/limits';
import { describe, expect, it } from 'vitest';
import { MAX_CSP_REPORTS, watchCspViolations } from './cspViolations';

function violation(directive: string, blocked: string, sample = ''): Event {
  return Object.assign(new Event('securitypolicyviolation'), {
    effectiveDirective: directive,
    blockedURI: blocked,
    sample,
  });
}

describe('watchCspViolations', () => {
  it('holds what was blocked before the reporter exists, then reports it and everything after', () => {
    const page = new EventTarget();
    const connect = watchCspViolations(page as unknown as Document);
    page.dispatchEvent(violation('script-src-elem', 'inline', 'alert(1)'));
    const reports: string[][] = [];
    connect({ reportCspViolation: (...r) => reports.push(r) });
    page.dispatchEvent(violation('img-src', 'https://evil.example/pixel.gif'));
    expect(reports).toEqual([
      ['script-src-elem', 'inline', 'alert(1)'],
      ['img-src', 'https://evil.example/pixel.gif', ''],
    ]);
  });

  it('reports at most a bounded number per page', () => {
    const page = new EventTarget();
    const reports: string[][] = [];
    watchCspViolations(page as unknown as Document)({ reportCspViolation: (...r) => reports.push(r) });
    for (let i = 0; i < 1_000; i++) page.dispatchEvent(violation('img-src', `https://x.example/${i}`));
    expect(reports).toHaveLength(MAX_CSP_REPORTS);
  });

  it('cuts each field to what the protocol takes, so the host logs the report rather than dropping it', () => {
    const page = new EventTarget();
    const reports: string[][] = [];
    watchCspViolations(page as unknown as Document)({ reportCspViolation: (...r) => reports.push(r) });
    page.dispatchEvent(violation('d'.repeat(999), `https://x.example/${'b'.repeat(999)}`, 's'.repeat(999)));
    expect(reports[0]?.map((field) => field.length)).toEqual([
      CSP_REPORT_MAX_CHARS.directive,
      CSP_REPORT_MAX_CHARS.blocked,
      CSP_REPORT_MAX_CHARS.sample,
    ]);
  });
});
