import { hasPinnedBuild, PINNED_VERSION } from '@roundtable/sidecar/managed/releasePlatforms';

/**
 * The mode Roundtable runs in: the setting's, except that managed mode on a platform the pinned release has no
 * build for (and no binary of the user's) falls back to external mode, with a notice saying why and what to do.
 */
export function effectiveMode(
  setting: 'managed' | 'external',
  binaryPath: string,
  platform: string,
  arch: string,
): { mode: 'managed' | 'external'; notice?: string } {
  if (setting !== 'managed' || binaryPath.trim() || hasPinnedBuild(platform, arch)) return { mode: setting };
  return {
    mode: 'external',
    notice: `CLIProxyAPI ${PINNED_VERSION} has no build for ${platform}/${arch}, so Roundtable uses a CLIProxyAPI you run yourself (external mode). Start one, or set roundtable.sidecar.binaryPath to a binary built for this machine.`,
  };
}
