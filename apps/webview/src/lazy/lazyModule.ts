import { type ReadonlySignal, signal } from '@preact/signals';

/** How often loading a lazy chunk is tried, and the wait before the next try (doubling). */
const LOAD_ATTEMPTS = 3;
const LOAD_RETRY_MS = 300;

/**
 * Loads a lazy chunk, trying again a few times when a load fails (the page's resource server busy or briefly gone),
 * and rejects once every try failed. `what` names the chunk in the warnings.
 */
async function importWithRetry<M>(importer: () => Promise<M>, what: string): Promise<M> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await importer();
    } catch (error) {
      if (attempt >= LOAD_ATTEMPTS) throw error;
      console.warn(`[roundtable] loading ${what} failed (try ${attempt} of ${LOAD_ATTEMPTS})`, error);
      await new Promise((resolve) => setTimeout(resolve, LOAD_RETRY_MS * 2 ** (attempt - 1)));
    }
  }
}

/** A module of views kept out of the main chunk: what only some threads or states show. */
export interface LazyModule<M> {
  /**
   * The module once loaded, else undefined, after starting to load it. Read in a render: the signal behind it
   * renders the component again when the module arrives, so a view shows nothing until then, never something else.
   */
  current(): M | undefined;
  /** Loads the module (once); for callers that must wait for it. */
  load(): Promise<M>;
  /** The module once loaded, without starting to load it: for what must follow its views showing up. */
  readonly loaded: ReadonlySignal<M | undefined>;
}

/**
 * A module loaded on first use through `import()` (a chunk of its own, which the webview's CSP allows through
 * `script-src ${webview.cspSource}`). A load that keeps failing is logged and forgotten, so the next render tries
 * afresh; meanwhile its views show nothing.
 *
 * The page's one way of loading code later (onlyLazyModule.test.ts): every `import()` is the `importer` of one, so
 * each lazy chunk of the build is named here and retried the same way.
 */
export function lazyModule<M>(what: string, importer: () => Promise<M>): LazyModule<M> {
  const loaded = signal<M | undefined>(undefined);
  let pending: Promise<M> | undefined;
  const load = (): Promise<M> => {
    pending ??= importWithRetry(importer, what).then(
      (module) => {
        loaded.value = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    current() {
      const module = loaded.value;
      if (!module && !pending)
        load().catch((error: unknown) => console.error(`[roundtable] could not load ${what}; not shown`, error));
      return module;
    },
    load,
    loaded,
  };
}
