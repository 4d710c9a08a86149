// A leaf (see index.ts).

/** How long each field of a `view/cspViolation` report may be; the page cuts its report to these. */
export const CSP_REPORT_MAX_CHARS = { directive: 200, blocked: 500, sample: 200 } as const;
