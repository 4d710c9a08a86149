import type { HostActions } from '@roundtable/core/views/viewPorts';

/**
 * Host actions made when a view first asks for one (a link, a reveal, code into an editor…): their code loads then,
 * so activation parses none of it. Every action returns a promise, so each call waits for the real one.
 */
export function lazyHostActions(make: () => Promise<HostActions>): HostActions {
  let made: Promise<HostActions> | undefined;
  return new Proxy({} as HostActions, {
    get: (_target, key) => {
      return async (...args: unknown[]) => {
        made ??= make();
        const actions = await made;
        const action = actions[key as keyof HostActions] as (...a: unknown[]) => unknown;
        return action.apply(actions, args);
      };
    },
  });
}
