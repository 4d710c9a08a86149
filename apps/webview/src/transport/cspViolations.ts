import { CSP_REPORT_MAX_CHARS } from '@roundtable/core/limits';

/** The most violations one page reports: one is already a bug; a flood says nothing more. */
export const MAX_CSP_REPORTS = 20;

export interface CspReporter {
  reportCspViolation(directive: string, blocked: string, sample: string): void;
}

/**
 * Listens for the page's `securitypolicyviolation` events from the very start (before anything renders) and hands
 * each to the reporter once there is one; the host logs them as errors, so every end-to-end test fails on any. At
 * most `MAX_CSP_REPORTS` per page. Returns the function that connects the reporter.
 */
export function watchCspViolations(target: Pick<Document, 'addEventListener'>): (reporter: CspReporter) => void {
  const waiting: [string, string, string][] = [];
  let reporter: CspReporter | undefined;
  let reported = 0;
  target.addEventListener('securitypolicyviolation', (event) => {
    if (reported++ >= MAX_CSP_REPORTS) return;
    // Cut to what the protocol's `view/cspViolation` takes, or the host would drop the report as invalid.
    const report: [string, string, string] = [
      event.effectiveDirective.slice(0, CSP_REPORT_MAX_CHARS.directive),
      event.blockedURI.slice(0, CSP_REPORT_MAX_CHARS.blocked),
      (event.sample ?? '').slice(0, CSP_REPORT_MAX_CHARS.sample),
    ];
    if (reporter) reporter.reportCspViolation(...report);
    else waiting.push(report);
  });
  return (connected) => {
    reporter = connected;
    for (const report of waiting.splice(0)) connected.reportCspViolation(...report);
  };
}
