import { describe, expect, test } from 'vitest';
import { seat } from '../../test/support/seat';
import { type RouteInput, route } from './route';

const base: RouteInput = {
  text: 'hello',
  participants: [seat('claude'), seat('gpt'), seat('grok')],
  mode: 'manual',
  defaultTarget: null,
  lastAssistantSpeaker: null,
};

describe('route: reported names', () => {
  test('a participant both disabled and muted is reported as disabled only', () => {
    const participants = [seat('claude'), seat('gemini', { enabled: false, muted: true })];
    const decision = route({ ...base, participants, text: '@gemini @claude' });
    expect(decision.disabled).toEqual(['gemini']);
    expect(decision.muted).toEqual([]);
  });

  test('a participant named by id and by alias is reported once', () => {
    const participants = [
      seat('claude'),
      seat('gemini', { enabled: false, aliases: ['bard'] }),
      seat('kimi', { muted: true, aliases: ['moon'] }),
    ];
    const decision = route({ ...base, participants, text: '@bard @gemini @moon @kimi @claude' });
    expect(decision.disabled).toEqual(['gemini']);
    expect(decision.muted).toEqual(['kimi']);
    expect(decision.targets).toEqual(['claude']);
  });
});

describe('route: round robin', () => {
  test('no previous speaker: the first routable in config order, even when all can answer', () => {
    expect(route({ ...base, mode: 'roundRobin', lastAssistantSpeaker: null }).targets).toEqual(['claude']);
  });
});
