// Which failed loads and failed lookups (the gallery, telemetry, auth) are code-server's noise, and which are not.
import { describe, expect, test } from 'vitest';
import { codeServerNoise, isNoise } from './noise';
import { base, type NoiseCase } from './noiseCases';

/** Texts copied from real runs (with a probe extension that does nothing else) and near misses that must still fail. */
const cases: NoiseCase[] = [
  {
    name: 'vsda wasm 404',
    error: {
      source: 'console',
      text: `Failed to load resource: the server responded with a status of 404 (Not Found) (at ${base}/static/node_modules/vsda/rust/web/vsda_bg.wasm:0)`,
    },
    noise: true,
  },
  {
    name: 'a 404 for one of our own webview assets',
    error: {
      source: 'console',
      text: 'Failed to load resource: the server responded with a status of 404 (Not Found) (at https://x.vscode-cdn.net/ext/media/webview/assets/main.js:0)',
    },
    noise: false,
  },
  {
    name: 'gallery lookup in the page',
    error: { source: 'console', text: '%c  ERR color: #f33 Failed: getaddrinfo ENOTFOUND open-vsx.org' },
    noise: true,
  },
  {
    name: 'gallery lookup in the server log',
    error: {
      source: 'server-log',
      text: '2026-11-30 12:30:33.013 [error] #1: https://open-vsx.org/vscode/gallery/extensionquery - error POST getaddrinfo ENOTFOUND open-vsx.org',
    },
    noise: true,
  },
  {
    name: 'an unresolvable host that is not the gallery',
    error: { source: 'extension-log', text: 'getaddrinfo ENOTFOUND api.example.com' },
    noise: false,
  },
  {
    name: 'telemetry host from a built-in extension',
    error: { source: 'exthost-log', text: 'Error: getaddrinfo ENOTFOUND mobile.events.data.microsoft.com' },
    noise: true,
  },
  {
    name: 'the same telemetry text in the Roundtable log is not excused',
    error: { source: 'extension-log', text: 'getaddrinfo ENOTFOUND mobile.events.data.microsoft.com' },
    noise: false,
  },
  {
    name: 'github auth provider timeout',
    error: {
      source: 'console',
      text: "Error: Timed out waiting for authentication provider 'github' to register.",
    },
    noise: true,
  },
];

describe('codeServerNoise', () => {
  test.each(cases)('$name → noise: $noise', ({ error, noise }) => {
    expect(isNoise(error, codeServerNoise)).toBe(noise);
  });
});
