import { cleanup, screen, waitFor } from '@testing-library/preact';
import { afterEach, expect, it, vi } from 'vitest';
import type { VsCodeApi } from './transport/VsCodeHostTransport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// One test per file: main.tsx is a composition root that runs once per module instance. Nothing in this file
// may import the protocol (or anything that does) statically: the eval watch below must be in place before any
// schema is built.
it('boots inside a webview: no eval under the CSP, ready posted, state rendered as markdown, draft restored', async () => {
  // The webview CSP has no 'unsafe-eval': record every `new Function(...)` the bundle attempts.
  const evals: unknown[][] = [];
  vi.stubGlobal(
    'Function',
    new Proxy(Function, {
      construct(target, args) {
        evals.push(args);
        return Reflect.construct(target, args);
      },
    }),
  );
  const posted: unknown[] = [];
  const api: VsCodeApi = {
    postMessage: (message) => posted.push(message),
    getState: () => ({ draft: 'from before' }),
    setState: () => {},
  };
  const acquire = vi.fn(() => api);
  vi.stubGlobal('acquireVsCodeApi', acquire);
  document.body.innerHTML = '<div id="root"></div>';

  await import('./main');
  const { HostScript, viewMessage, viewState } = await import('./testing/fixtures');

  expect(acquire).toHaveBeenCalledTimes(1);
  expect(posted).toEqual([{ v: 2, type: 'view/ready', payload: {} }]);
  expect(screen.getByTestId('connecting')).toBeTruthy();

  const state = viewState({}, [viewMessage({ id: 'a1', content: 'rendered **lazily**' })]);
  window.dispatchEvent(new MessageEvent('message', { data: new HostScript().state(state) }));
  await waitFor(() => expect(screen.getByTestId('thread-title').textContent).toBe('Planning the release'));
  // The Markdown renderer arrived through its lazy import.
  expect(screen.getByTestId('message-content').querySelector('strong')?.textContent).toBe('lazily');
  expect((screen.getByTestId('composer-input') as HTMLTextAreaElement).value).toBe('from before');
  expect(evals).toEqual([]);
});
