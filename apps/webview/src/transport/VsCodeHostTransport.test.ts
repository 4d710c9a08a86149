import { hostMessage, viewSignal } from '@roundtable/core/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostScript, viewState } from '../testing/fixtures';
import { type VsCodeApi, VsCodeHostTransport, VsCodeUiStateStore } from './VsCodeHostTransport';

function fakeApi(initial?: unknown) {
  let state = initial;
  return {
    postMessage: vi.fn(),
    getState: () => state,
    setState: (next: unknown) => {
      state = next;
    },
  } satisfies VsCodeApi;
}

function deliver(data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data }));
}

afterEach(() => vi.restoreAllMocks());

describe('VsCodeHostTransport', () => {
  it('posts intents through the VS Code API', () => {
    const api = fakeApi();
    new VsCodeHostTransport(api).post(viewSignal('view/ready'));
    expect(api.postMessage).toHaveBeenCalledWith({ v: 2, type: 'view/ready', payload: {} });
  });

  it('delivers valid window messages, parsed, to every listener', () => {
    const transport = new VsCodeHostTransport(fakeApi());
    const a = vi.fn();
    const b = vi.fn();
    const offA = transport.onMessage(a);
    const offB = transport.onMessage(b);
    const status = hostMessage('sidecar/changed', 0, 'thread-1', { state: 'healthy', detail: 'fine' });
    deliver(status);
    expect(a).toHaveBeenCalledWith(status);
    expect(b).toHaveBeenCalledWith(status);
    offA();
    offB();
  });

  it('drops invalid data with a warning and never calls listeners with it', () => {
    const warn = vi.fn();
    const transport = new VsCodeHostTransport(fakeApi(), window, warn);
    const listener = vi.fn();
    const off = transport.onMessage(listener);
    deliver({ v: 2, seq: 0, threadId: 't', type: 'view/state', payload: { ...viewState(), busy: 'yes' } });
    deliver(null);
    deliver({ type: 'sidecar/changed', payload: { state: 'healthy', detail: 'missing v' } });
    expect(listener).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^dropped invalid message \(type "view\/state"\): .*busy/);
    off();
  });

  it('uses one window listener, attached with the first subscriber and removed with the last', () => {
    const add = vi.spyOn(window, 'addEventListener');
    const remove = vi.spyOn(window, 'removeEventListener');
    const transport = new VsCodeHostTransport(fakeApi());
    const listener = vi.fn();
    const off1 = transport.onMessage(listener);
    const off2 = transport.onMessage(listener);
    expect(add.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1);
    off1();
    deliver(new HostScript().state(viewState()));
    expect(listener).toHaveBeenCalledTimes(1); // the second subscription is still there
    off2();
    expect(remove.mock.calls.filter(([type]) => type === 'message')).toHaveLength(1);
    deliver(new HostScript().state(viewState()));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('VsCodeUiStateStore', () => {
  it.each([
    ['nothing stored', undefined, ''],
    ['an older shape', { text: 'x' }, ''],
    ['a wrong type', { draft: 42 }, ''],
    ['a draft', { draft: 'half a thought' }, 'half a thought'],
  ])('loads %s defensively', (_name, stored, draft) => {
    expect(new VsCodeUiStateStore(fakeApi(stored)).load()).toEqual({ draft });
  });

  it('keeps the Stances toggle with the draft only when it is on', () => {
    expect(new VsCodeUiStateStore(fakeApi({ draft: 'x', stances: true })).load()).toEqual({
      draft: 'x',
      stances: true,
    });
    expect(new VsCodeUiStateStore(fakeApi({ draft: 'x', stances: 'yes' })).load()).toEqual({ draft: 'x' });
  });

  it('round-trips through setState/getState', () => {
    const api = fakeApi();
    new VsCodeUiStateStore(api).save({ draft: 'kept' });
    expect(new VsCodeUiStateStore(api).load()).toEqual({ draft: 'kept' });
  });
});
