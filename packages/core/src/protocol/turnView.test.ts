import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { HostToWebview, hostMessage, WebviewToHost, webviewIntent } from './messages';
import { TurnView } from './turnView';

// Both ends validate every message: a turn the view could not show sensibly is dropped, not rendered.

const running = {
  state: 'running',
  mode: 'independent',
  step: 'answer',
  stepIndex: 0,
  stepCount: 1,
  responders: ['claude', 'gpt'],
  answering: ['claude', 'gpt'],
  done: 0,
  concurrent: true,
};

describe('TurnView', () => {
  test.each([
    ['a running turn', running, true],
    ['the review of a council', { ...running, mode: 'council', step: 'review', stepIndex: 1, stepCount: 3 }, true],
    ['a stopped turn', { state: 'stopped', step: 'answer', skipped: ['gpt'] }, true],
    ['a step past the turn', { ...running, stepIndex: 1 }, false],
    ['four steps', { ...running, stepIndex: 3, stepCount: 4 }, false],
    ['a negative step', { ...running, stepIndex: -1 }, false],
    ['answering who is not responding', { ...running, answering: ['gemini'] }, false],
    ['nobody responding', { ...running, responders: [], answering: [] }, false],
    ['an unknown mode', { ...running, mode: 'debate' }, false],
    ['nobody skipped', { state: 'stopped', step: 'answer', skipped: [] }, false],
    ['an unknown state', { state: 'paused', skipped: ['gpt'] }, false],
    ['an extra field', { state: 'stopped', step: 'answer', skipped: ['gpt'], reason: 'x' }, false],
    ['33 responders', { ...running, responders: Array.from({ length: 33 }, (_, i) => `p${i}`), answering: [] }, false],
  ])('%s: valid %s', (_name, value, valid) => {
    expect(v.safeParse(TurnView, value).success).toBe(valid);
  });

  test('travels in turn/changed (null once there is nothing to show) and in both turn intents', () => {
    const changed = (turn: unknown) =>
      v.safeParse(HostToWebview, { ...hostMessage('turn/changed', 3, 't', { turn: null }), payload: { turn } });
    expect(changed(null).success).toBe(true);
    expect(changed({ state: 'stopped', step: 'review', skipped: ['gpt'] }).success).toBe(true);
    expect(changed({ ...running, done: -1 }).success).toBe(false);
    expect(v.safeParse(WebviewToHost, webviewIntent('turn/continue', 'r1', { threadId: 't' })).success).toBe(true);
    expect(v.safeParse(WebviewToHost, webviewIntent('turn/dismiss', 'r2', { threadId: 't' })).success).toBe(true);
    expect(v.safeParse(WebviewToHost, webviewIntent('turn/dismiss', 'r3', { threadId: '' })).success).toBe(false);
  });
});
