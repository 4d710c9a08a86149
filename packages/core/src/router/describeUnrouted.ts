import { andList } from '../base/andList';

/** The names a message addressed that got no reply, by why (the shape `Unrouted` keeps on a message). */
export interface UnroutedNames {
  unknown?: readonly string[];
  disabled?: readonly string[];
  muted?: readonly string[];
  overCap?: readonly string[];
  absent?: readonly string[];
}

/**
 * Says who a message addressed got no reply and why, as clauses ("@bob is not at the table", "@gpt is muted");
 * empty when everyone named answered. The host joins them into a refusal, the panel shows them under the message.
 * `cap` is the responder cap, when known.
 */
export function unroutedClauses(names: UnroutedNames, cap?: number): string[] {
  const clauses: string[] = [];
  const { unknown = [], disabled = [], muted = [], overCap = [], absent = [] } = names;
  if (unknown.length > 0) clauses.push(`${mentions(unknown)} ${be(unknown)} not at the table`);
  if (disabled.length > 0) clauses.push(`${mentions(disabled)} ${be(disabled)} disabled`);
  if (muted.length > 0) clauses.push(`${mentions(muted)} ${be(muted)} muted`);
  if (absent.length > 0) clauses.push(`${mentions(absent)} could not answer then (a login needed, or not reachable)`);
  if (overCap.length > 0) {
    const most = cap === undefined ? 'fewer' : `at most ${cap}`;
    clauses.push(
      `${most} answer one message (roundtable.router.maxRespondersPerTurn), so ${mentions(overCap)} ${
        overCap.length === 1 ? 'was' : 'were'
      } left out`,
    );
  }
  return clauses;
}

/** The clauses as one sentence, or undefined when there is nothing to say. */
export function describeUnrouted(names: UnroutedNames, cap?: number): string | undefined {
  const clauses = unroutedClauses(names, cap);
  if (clauses.length === 0) return undefined;
  const text = clauses.join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

export function mentions(ids: readonly string[]): string {
  return andList(ids.map((id) => `@${id}`));
}

function be(ids: readonly string[]): string {
  return ids.length === 1 ? 'is' : 'are';
}
