import { describe, expect, test } from 'vitest';
import type { ParticipantConfig } from '../participants/participant';
import { parseMentions, type RouteDecision, type RouteInput, route } from './index';

function seat(id: string, enabled = true): ParticipantConfig {
  return { id, displayName: id.toUpperCase(), color: '#123456', model: `${id}-model`, enabled };
}

// Config order: claude, gpt, gemini (disabled), grok.
const table = [seat('claude'), seat('gpt'), seat('gemini', false), seat('grok')];

const base: RouteInput = {
  text: 'hello',
  participants: table,
  mode: 'manual',
  defaultTarget: 'gpt',
  lastAssistantSpeaker: null,
};

describe('parseMentions', () => {
  test.each([
    { name: 'none', text: 'hello there', expected: [] },
    { name: 'at start of text', text: '@claude hi', expected: ['claude'] },
    { name: 'after whitespace, in order of appearance', text: 'hi @gpt and\n@claude', expected: ['gpt', 'claude'] },
    { name: 'lower-cased', text: '@Claude @GPT', expected: ['claude', 'gpt'] },
    { name: 'deduplicated case-insensitively', text: '@gpt @claude @GPT @gpt', expected: ['gpt', 'claude'] },
    { name: 'e-mail address is not a mention', text: 'mail me@claude.ai', expected: [] },
    { name: 'mid-word @ is not a mention', text: 'foo@gpt bar_@gpt 1@gpt', expected: [] },
    { name: 'trailing comma, colon, period', text: '@claude, @gpt: @grok.', expected: ['claude', 'gpt', 'grok'] },
    { name: 'trailing ?, !, ) and quote', text: '(@claude) "@gpt"! @grok?', expected: ['claude', 'gpt', 'grok'] },
    { name: 'after opening brackets and quotes', text: "[@a {@b <@c '@d “@e", expected: ['a', 'b', 'c', 'd', 'e'] },
    { name: 'markdown emphasis', text: '**@claude** ~~@gpt~~', expected: ['claude', 'gpt'] },
    { name: 'comma-separated without spaces', text: '@claude,@gpt;@grok', expected: ['claude', 'gpt', 'grok'] },
    { name: 'ids with digits, _ and -', text: '@gpt-4o @my_bot2', expected: ['gpt-4o', 'my_bot2'] },
    { name: 'possessive apostrophe ends the id', text: "@claude's idea", expected: ['claude'] },
    { name: 'must start with a letter', text: '@1abc @_x @-y @', expected: [] },
    { name: 'non-ASCII letter inside makes no mention', text: '@clàude @gptü', expected: [] },
    { name: 'double @ is not a mention', text: '@@claude', expected: [] },
    { name: '@all is reported like any id', text: '@ALL @gpt', expected: ['all', 'gpt'] },
    { name: 'unknown ids are reported', text: '@nobody', expected: ['nobody'] },
    { name: 'inline code is ignored', text: 'use `@claude` here, @gpt', expected: ['gpt'] },
    { name: 'double-backtick span with a backtick inside', text: '``a ` @claude`` @gpt', expected: ['gpt'] },
    { name: 'unclosed backtick is literal text', text: 'a ` @claude', expected: ['claude'] },
    { name: 'fenced block is ignored', text: '```ts\n@Component\n@claude\n```\n@gpt', expected: ['gpt'] },
    { name: 'tilde fence is ignored', text: '~~~\n@claude\n~~~\n@gpt', expected: ['gpt'] },
    { name: 'indented fence (up to 3 spaces)', text: '   ```\n@claude\n   ```\n@gpt', expected: ['gpt'] },
    { name: 'unclosed fence runs to the end', text: '@gpt\n```\n@claude', expected: ['gpt'] },
    { name: 'shorter fence does not close', text: '````\n```\n@claude\n````\n@gpt', expected: ['gpt'] },
    { name: 'other fence char does not close', text: '```\n~~~\n@claude\n```\n@gpt', expected: ['gpt'] },
    { name: 'backtick fence with a backtick in its info', text: '```a`b\n@claude', expected: ['claude'] },
  ])('$name', ({ text, expected }) => {
    expect(parseMentions(text)).toEqual(expected);
  });
});

describe('route', () => {
  test.each<{ name: string; input: Partial<RouteInput>; expected: RouteDecision }>([
    {
      name: 'single mention',
      input: { text: '@grok what do you think?' },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'mentions' },
    },
    {
      name: 'several mentions, in mention order (not config order)',
      input: { text: '@grok then @claude' },
      expected: { targets: ['grok', 'claude'], unknownMentions: [], reason: 'mentions' },
    },
    {
      name: 'duplicate mentions answer once',
      input: { text: '@gpt @claude @gpt' },
      expected: { targets: ['gpt', 'claude'], unknownMentions: [], reason: 'mentions' },
    },
    {
      name: 'uppercase mention',
      input: { text: '@CLAUDE please' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'mentions' },
    },
    {
      name: 'mention with trailing punctuation',
      input: { text: 'Thoughts, @gpt?' },
      expected: { targets: ['gpt'], unknownMentions: [], reason: 'mentions' },
    },
    {
      name: 'mentions beat explicit targets and the default',
      input: { text: '@grok', explicitTargets: ['claude'], defaultTarget: 'gpt' },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'mentions' },
    },
    {
      name: '@all: every enabled participant in config order',
      input: { text: '@all go' },
      expected: { targets: ['claude', 'gpt', 'grok'], unknownMentions: [], reason: 'all' },
    },
    {
      name: '@all plus other mentions is still all, in config order',
      input: { text: '@grok @all @claude' },
      expected: { targets: ['claude', 'gpt', 'grok'], unknownMentions: [], reason: 'all' },
    },
    {
      name: '@all with an unknown and a disabled mention reports them',
      input: { text: '@all @nobody @gemini' },
      expected: { targets: ['claude', 'gpt', 'grok'], unknownMentions: ['nobody', 'gemini'], reason: 'all' },
    },
    {
      name: 'unknown mention beside a known one',
      input: { text: '@nobody @gpt' },
      expected: { targets: ['gpt'], unknownMentions: ['nobody'], reason: 'mentions' },
    },
    {
      name: 'disabled mention is reported and skipped',
      input: { text: '@gemini @claude' },
      expected: { targets: ['claude'], unknownMentions: ['gemini'], reason: 'mentions' },
    },
    {
      name: 'only unusable mentions fall through to the default',
      input: { text: '@gemini @nobody hi', defaultTarget: 'grok' },
      expected: { targets: ['grok'], unknownMentions: ['gemini', 'nobody'], reason: 'default' },
    },
    {
      name: 'only unusable mentions fall through to explicit targets',
      input: { text: '@nobody', explicitTargets: ['gpt'] },
      expected: { targets: ['gpt'], unknownMentions: ['nobody'], reason: 'explicit' },
    },
    {
      name: 'only unusable mentions fall through to round robin',
      input: { text: '@gemini', mode: 'roundRobin', lastAssistantSpeaker: 'claude' },
      expected: { targets: ['gpt'], unknownMentions: ['gemini'], reason: 'roundRobin' },
    },
    {
      name: 'mid-word @ is not a mention: default answers',
      input: { text: 'write to me@claude.ai or foo@gpt', defaultTarget: 'grok' },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'mentions inside a code span are ignored',
      input: { text: 'what does `@claude` mean?', defaultTarget: 'gpt' },
      expected: { targets: ['gpt'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'mentions inside a fenced block are ignored',
      input: { text: 'review:\n```py\n@grok\ndef f(): pass\n```', defaultTarget: 'claude' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'explicit targets: enabled ones, order kept, deduplicated',
      input: { explicitTargets: ['grok', 'gemini', 'nobody', 'claude', 'grok'] },
      expected: { targets: ['grok', 'claude'], unknownMentions: [], reason: 'explicit' },
    },
    {
      name: 'explicit targets all disabled fall through to the default',
      input: { explicitTargets: ['gemini'], defaultTarget: 'claude' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'empty explicit targets fall through to the default',
      input: { explicitTargets: [], defaultTarget: 'claude' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'manual: the default target',
      input: { defaultTarget: 'grok' },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'manual: disabled default falls back to the first enabled',
      input: { defaultTarget: 'gemini', participants: [seat('gemini', false), seat('claude', false), seat('gpt')] },
      expected: { targets: ['gpt'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'manual: unknown default falls back to the first enabled',
      input: { defaultTarget: 'nobody' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'manual: no default falls back to the first enabled',
      input: { defaultTarget: null },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'manual ignores the last speaker',
      input: { defaultTarget: 'claude', lastAssistantSpeaker: 'claude' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'default' },
    },
    {
      name: 'roundRobin: next after the last speaker',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'claude', defaultTarget: 'grok' },
      expected: { targets: ['gpt'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: skips a disabled participant',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'gpt' },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: wraps from the last to the first',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'grok' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: wraps past disabled ones at the start',
      input: {
        mode: 'roundRobin',
        lastAssistantSpeaker: 'c',
        participants: [seat('a', false), seat('b'), seat('c'), seat('d', false)],
      },
      expected: { targets: ['b'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: after a now-disabled speaker comes the next enabled one',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'gemini' },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: a sole enabled participant follows itself',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'gpt', participants: [seat('claude', false), seat('gpt')] },
      expected: { targets: ['gpt'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: no previous speaker -> first enabled',
      input: { mode: 'roundRobin', lastAssistantSpeaker: null, participants: [seat('a', false), seat('b')] },
      expected: { targets: ['b'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: unknown previous speaker -> first enabled',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'removed' },
      expected: { targets: ['claude'], unknownMentions: [], reason: 'roundRobin' },
    },
    {
      name: 'roundRobin: explicit targets still win',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'claude', explicitTargets: ['grok'] },
      expected: { targets: ['grok'], unknownMentions: [], reason: 'explicit' },
    },
    {
      name: 'no participants at all',
      input: { participants: [], text: '@claude', explicitTargets: ['claude'] },
      expected: { targets: [], unknownMentions: ['claude'], reason: 'none' },
    },
    {
      name: 'all disabled: nobody answers, even @all, mentions reported',
      input: { participants: [seat('claude', false), seat('gpt', false)], text: '@all @gpt', defaultTarget: 'gpt' },
      expected: { targets: [], unknownMentions: ['gpt'], reason: 'none' },
    },
    {
      name: 'all disabled in round robin',
      input: { participants: [seat('claude', false)], mode: 'roundRobin', lastAssistantSpeaker: 'claude' },
      expected: { targets: [], unknownMentions: [], reason: 'none' },
    },
  ])('$name', ({ input, expected }) => {
    expect(route({ ...base, ...input })).toEqual(expected);
  });

  test('does not mutate its input', () => {
    const input: RouteInput = { ...base, text: '@all', explicitTargets: ['grok', 'claude'] };
    const copy = structuredClone(input);
    route(input);
    expect(input).toEqual(copy);
  });
});
