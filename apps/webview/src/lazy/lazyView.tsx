import type { ComponentType, FunctionComponent } from 'preact';
import type { LazyModule } from './lazyModule';

/**
 * A component that renders `pick(module)` once `module` has loaded, and nothing until then (so never a flash of
 * other content); its first render starts the load. The picked view keeps its own markup, roles and labels.
 */
export function lazyView<M, P extends object>(
  module: LazyModule<M>,
  pick: (loaded: M) => ComponentType<P>,
): FunctionComponent<P> {
  return function LazyView(props: P) {
    const loaded = module.current();
    if (!loaded) return null;
    const View = pick(loaded);
    return <View {...props} />;
  };
}
