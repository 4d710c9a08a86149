import { describe, expect, test } from 'vitest';
import { HostToWebview, hostMessage, WebviewToHost, webviewIntent } from './messages';
import { TurnView } from './turnView';

// Both ends validate every message: a turn the view could not show sensibly is dropped, not rendered.

describe('TurnView', () => {
  test.each([
    ['a running turn', { state: 'running', responders: ['claude', 'gpt'], current: 1 }, true],
    ['a stopped turn', { state: 'stopped', skipped: ['gpt'] }, true],
    ['current past the end', { state: 'running', responders: ['claude'], current: 1 }, false],
    ['a negative current', { state: 'running', responders: ['claude'], current: -1 }, false],
    ['nobody responding', { state: 'running', responders: [], current: 0 }, false],
    ['nobody skipped', { state: 'stopped', skipped: [] }, false],
    ['an unknown state', { state: 'paused', skipped: ['gpt'] }, false],
    ['an extra field', { state: 'stopped', skipped: ['gpt'], reason: 'x' }, false],
    [
      '33 responders',
      { state: 'running', responders: Array.from({ length: 33 }, (_, i) => `p${i}`), current: 0 },
      false,
    ],
  ])('%s: valid %s', (_name, value, valid) => {
    expect(TurnView.safeParse(value).success).toBe(valid);
  });

  test('travels in turn/changed (null once there is nothing to show) and in both turn intents', () => {
    const changed = (turn: unknown) =>
      HostToWebview.safeParse({ ...hostMessage('turn/changed', 3, 't', { turn: null }), payload: { turn } });
    expect(changed(null).success).toBe(true);
    expect(changed({ state: 'stopped', skipped: ['gpt'] }).success).toBe(true);
    expect(changed({ state: 'running', responders: ['gpt'], current: 4 }).success).toBe(false);
    expect(WebviewToHost.safeParse(webviewIntent('turn/continue', 'r1', { threadId: 't' })).success).toBe(true);
    expect(WebviewToHost.safeParse(webviewIntent('turn/dismiss', 'r2', { threadId: 't' })).success).toBe(true);
    expect(WebviewToHost.safeParse(webviewIntent('turn/dismiss', 'r3', { threadId: '' })).success).toBe(false);
  });
});
