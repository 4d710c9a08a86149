import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PINNED_ASSETS } from '@roundtable/sidecar/managed';
import { makeArchive, startReleaseServer } from '@roundtable/sidecar/managed/testing';
import { NO_EGRESS, realProxyBinary } from '@roundtable/testkit';
import type { Page } from 'playwright-core';
import type { ChatView } from './chatView';
import type { RoundtableServer } from './session';
import type { SuiteProxy } from './suite';

/** The pinned release, served on loopback: an archive holding the real binary the real-proxy script built. */
export interface ReleaseServer extends SuiteProxy {
  sha256: string;
  /** Paths asked for, in order. */
  requests: string[];
}

export async function startRelease(): Promise<ReleaseServer> {
  const binary = realProxyBinary();
  if (!binary.ok) throw new Error(binary.reason);
  const asset = PINNED_ASSETS[`${process.platform}-${process.arch}`];
  if (!asset) throw new Error(`no pinned asset for ${process.platform}-${process.arch}`);
  const archive = await makeArchive(asset.kind, new Uint8Array(await readFile(binary.path)), asset.binary);
  const server = await startReleaseServer({ [asset.name]: archive.bytes });
  return { url: server.baseUrl, close: server.close, requests: server.requests, sha256: archive.asset.sha256 };
}

/**
 * code-server's environment for managed mode: the release mirror (with the archive's SHA-256 in place of the pinned
 * one), and, for the proxy only (the extension passes ROUNDTABLE_SIDECAR_ENV_* on without the prefix), the proxy
 * settings that send its own internet requests to a closed loopback port. The extension reads both only when it
 * runs in Development mode, so a suite using them sets `development: true`.
 */
export function managedEnv(release: ReleaseServer): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(NO_EGRESS).map(([name, value]) => [`ROUNDTABLE_SIDECAR_ENV_${name}`, value])),
    ROUNDTABLE_RELEASE_MIRROR: JSON.stringify({ baseUrl: release.url, sha256: release.sha256 }),
  };
}

/** Where the extension keeps the managed proxy: binary, lease, run and login folders. */
export function managedRoot(session: RoundtableServer): string {
  return path.join(session.runDir.userData, 'User', 'globalStorage', session.extension.id, 'cliproxyapi');
}

/** Answers the download question with yes and waits until the proxy the extension started is green. */
export async function acceptDownload(page: Page, chat: ChatView): Promise<void> {
  const consent = page.locator('.monaco-dialog-box');
  await consent.waitFor();
  await consent.locator('.monaco-button', { hasText: 'Download and Run' }).click();
  await chat.frame.locator('[data-testid="sidecar-status"][data-ok="true"]').waitFor({ timeout: 90_000 });
}
