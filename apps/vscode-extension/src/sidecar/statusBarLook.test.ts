import { seatlessTable } from '@roundtable/core/protocol';
import { describe, expect, test } from 'vitest';
import { statusBarLook } from './statusBarLook';

const up = { state: 'healthy', detail: 'Roundtable runs CLIProxyAPI.' } as const;

describe('statusBarLook', () => {
  test('the proxy up and a seat served: a check', () => {
    expect(statusBarLook(up, seatlessTable(up, {}, ['claude']))).toEqual({
      text: '$(check) Roundtable',
      tooltip: 'CLIProxyAPI: Roundtable runs CLIProxyAPI.',
      warning: false,
    });
  });

  test('the proxy up but every seat needs a login: says so, not a check', () => {
    const seats = { claude: { kind: 'needs-login', provider: 'Claude' } } as const;
    expect(statusBarLook(up, seatlessTable(up, seats, ['claude']))).toEqual({
      text: '$(account) Roundtable',
      tooltip: 'No seat can answer yet: sign in. CLIProxyAPI: Roundtable runs CLIProxyAPI.',
      warning: false,
    });
  });

  test('the proxy down: a warning, whatever the seats', () => {
    const down = { state: 'unhealthy', detail: 'Cannot reach CLIProxyAPI.' } as const;
    const seats = { claude: { kind: 'needs-login', provider: 'Claude' } } as const;
    expect(statusBarLook(down, seatlessTable(down, seats, ['claude']))).toMatchObject({
      text: '$(warning) Roundtable',
      warning: true,
    });
  });
});
