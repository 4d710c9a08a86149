import type { HostActions } from '@roundtable/core';

/**
 * Host actions made when a view first asks for one (a link, a reveal, code into an editor…): their code loads with
 * the thread tools, so activation parses none of it. Every action is a function; each call goes to the real one.
 */
export function lazyHostActions(make: () => HostActions): HostActions {
  let made: HostActions | undefined;
  return new Proxy({} as HostActions, {
    get: (_target, key) => {
      return (...args: unknown[]) => {
        made ??= make();
        const action = made[key as keyof HostActions] as (...a: unknown[]) => unknown;
        return action.apply(made, args);
      };
    },
  });
}
