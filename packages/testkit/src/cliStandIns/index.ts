// Loopback stand-ins of the providers' own APIs, for running the real official CLIs in tests; and where those CLIs
// are installed. A subpath of its own (`@roundtable/testkit/cli`).
import { startStandIn as claude } from './claudeStandIn';
import { startStandIn as codex } from './codexStandIn';
import { startStandIn as gemini } from './geminiStandIn';
import type { StandIn, StandInScenario } from './scenario';

export { REAL_CLIS, type RealCliKind, realCli } from '../real/realClis';
export { type Connection, connectionsIn, straceWrapper } from './egressTrace';
export { homeSnapshot } from './homeSnapshot';
export type { RecordedRequest, StandIn, StandInScenario, StartStandIn } from './scenario';
export {
  claudeUserSettings,
  codexUserSettings,
  geminiUserSettings,
  MEMORY_MARKER,
  SETTINGS_KEY,
} from './userSettings';

/** Set (as `.ci/run` does) to make a CLI that is not installed a failure instead of a skip. */
export const REQUIRE_REAL_CLIS = process.env.ROUNDTABLE_REQUIRE_REAL_CLIS === '1';

const STAND_INS = { claude, codex, gemini } as const;

/** Starts the stand-in of the API the given CLI talks to. */
export function startCliStandIn(kind: keyof typeof STAND_INS, scenario: StandInScenario): Promise<StandIn> {
  return STAND_INS[kind](scenario);
}
