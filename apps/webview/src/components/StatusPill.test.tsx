import type { SeatMap } from '@roundtable/core/protocol';
import { screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppHarness } from '../testing/AppHarness';
import { viewState } from '../testing/fixtures';

let h: AppHarness;

beforeEach(() => {
  h = new AppHarness();
  h.mount();
});

afterEach(() => h.dispose());

const pill = () => screen.getByTestId('sidecar-status');
const needsLogin = (provider: string) => ({ kind: 'needs-login', provider }) as const;

describe('StatusPill: what the table can do', () => {
  it('is amber "No seat can answer yet: sign in" while the proxy is up and every seat that could answer needs a login', () => {
    const seats: SeatMap = { claude: needsLogin('Claude'), gpt: needsLogin('ChatGPT') };
    h.emit(h.host.state(viewState({ seats })));
    expect(pill().textContent).toContain('No seat can answer yet: sign in');
    expect(pill().classList.contains('status-pill--pending')).toBe(true);
    expect(pill().dataset.ok).toBe('false');
    expect(pill().dataset.state).toBe('healthy');
    expect(pill().dataset.seatless).toBe('needs-login');
  });

  it('turns green once one seat that could answer is served', () => {
    h.emit(h.host.state(viewState({ seats: { claude: needsLogin('Claude'), gpt: needsLogin('ChatGPT') } })));
    h.emit(h.host.send('seats/changed', { claude: needsLogin('Claude') }));
    expect(pill().textContent).toContain('Proxy connected');
    expect(pill().dataset.ok).toBe('true');
  });

  it('a disabled seat that needs a login does not count: the enabled ones are served', () => {
    h.emit(h.host.state(viewState({ seats: { gemini: needsLogin('Gemini') } })));
    expect(pill().dataset.ok).toBe('true');
  });

  it('says "No seat can answer now" when every seat is paused, and the proxy’s own trouble wins when it is down', () => {
    const paused = { kind: 'cooling', reason: 'quota', canReset: false } as const;
    h.emit(h.host.state(viewState({ seats: { claude: paused, gpt: { kind: 'unavailable', reason: 'down' } } })));
    expect(pill().textContent).toContain('No seat can answer now');
    expect(pill().classList.contains('status-pill--pending')).toBe(true);
    h.emit(h.host.send('sidecar/changed', { state: 'unhealthy', detail: 'Cannot reach CLIProxyAPI.' }));
    expect(pill().textContent).toContain('Proxy unavailable');
    expect(pill().classList.contains('status-pill--error')).toBe(true);
    expect(pill().dataset.seatless).toBeUndefined();
  });

  it('draws its dot (all a narrow panel shows of it): a circle, a square once the proxy is down; no glyph', () => {
    h.emit(h.host.state(viewState()));
    const dot = () => pill().querySelector('svg.status-dot[aria-hidden="true"]');
    expect(dot()?.querySelector('circle')).not.toBeNull();
    h.emit(h.host.send('sidecar/changed', { state: 'failed', detail: 'It exited.' }));
    expect(dot()?.querySelector('rect')).not.toBeNull();
    expect(dot()?.textContent).toBe('');
  });
});
