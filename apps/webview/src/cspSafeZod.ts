import * as z from 'zod/mini';

/**
 * Must be evaluated before any zod schema is constructed (main.tsx imports it first).
 *
 * zod 4 probes `new Function('')` when it builds an object schema, to decide whether to JIT-compile a fast
 * parser. Under the webview CSP (no 'unsafe-eval') that probe throws; zod swallows the error, but the browser
 * still logs and reports a `securitypolicyviolation`. `jitless` skips the probe and the JIT entirely.
 */
z.config({ jitless: true });
