import { describe, expect, test } from 'vitest';
import { base, d, seat } from '../../test/support/routeTable';
import { parseMentions, type RouteDecision, type RouteInput, route } from './index';

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
    { name: 'single mention', input: { text: '@grok what do you think?' }, expected: d(['grok'], 'mentions') },
    {
      name: 'several mentions, in mention order (not config order)',
      input: { text: '@grok then @claude' },
      expected: d(['grok', 'claude'], 'mentions'),
    },
    {
      name: 'duplicate mentions answer once',
      input: { text: '@gpt @claude @gpt' },
      expected: d(['gpt', 'claude'], 'mentions'),
    },
    { name: 'uppercase mention', input: { text: '@CLAUDE please' }, expected: d(['claude'], 'mentions') },
    { name: 'mention with trailing punctuation', input: { text: 'Thoughts, @gpt?' }, expected: d(['gpt'], 'mentions') },
    {
      name: 'an alias names its participant',
      input: { text: '@opus, thoughts?' },
      expected: d(['claude'], 'mentions'),
    },
    { name: 'an alias in any case', input: { text: '@Sonnet hi' }, expected: d(['claude'], 'mentions') },
    {
      name: 'id and alias of one participant answer once, at the first name',
      input: { text: '@gpt @opus @claude' },
      expected: d(['gpt', 'claude'], 'mentions'),
    },
    {
      name: 'mentions beat explicit targets and the default',
      input: { text: '@grok', explicitTargets: ['claude'], defaultTarget: 'gpt' },
      expected: d(['grok'], 'mentions'),
    },
    {
      name: '@all: every routable participant in config order (not the disabled, not the muted)',
      input: { text: '@all go' },
      expected: d(['claude', 'gpt', 'grok'], 'all'),
    },
    {
      name: '@all plus other mentions is still all, in config order',
      input: { text: '@grok @all @claude' },
      expected: d(['claude', 'gpt', 'grok'], 'all'),
    },
    {
      name: '@all with unknown, disabled and muted names reports each',
      input: { text: '@all @nobody @gemini @moon' },
      expected: d(['claude', 'gpt', 'grok'], 'all', { unknown: ['nobody'], disabled: ['gemini'], muted: ['kimi'] }),
    },
    {
      name: 'unknown mention beside a known one',
      input: { text: '@nobody @gpt' },
      expected: d(['gpt'], 'mentions', { unknown: ['nobody'] }),
    },
    {
      name: 'disabled mention (by alias) is reported by id and skipped',
      input: { text: '@bard @claude' },
      expected: d(['claude'], 'mentions', { disabled: ['gemini'] }),
    },
    {
      name: 'muted mention is reported and skipped',
      input: { text: '@kimi @gpt' },
      expected: d(['gpt'], 'mentions', { muted: ['kimi'] }),
    },
    {
      name: 'only unusable mentions: nobody answers, nobody else is asked instead',
      input: { text: '@gemini @nobody @kimi hi', defaultTarget: 'grok' },
      expected: d([], 'unroutable', { unknown: ['nobody'], disabled: ['gemini'], muted: ['kimi'] }),
    },
    {
      name: 'only an unknown mention: not rerouted to explicit targets',
      input: { text: '@nobody', explicitTargets: ['gpt'] },
      expected: d([], 'unroutable', { unknown: ['nobody'] }),
    },
    {
      name: 'only a disabled mention: not rerouted by round robin',
      input: { text: '@gemini', mode: 'roundRobin', lastAssistantSpeaker: 'claude' },
      expected: d([], 'unroutable', { disabled: ['gemini'] }),
    },
    {
      name: 'mid-word @ is not a mention: default answers',
      input: { text: 'write to me@claude.ai or foo@gpt', defaultTarget: 'grok' },
      expected: d(['grok'], 'default'),
    },
    {
      name: 'mentions inside a code span are ignored',
      input: { text: 'what does `@claude` mean?', defaultTarget: 'gpt' },
      expected: d(['gpt'], 'default'),
    },
    {
      name: 'mentions inside a fenced block are ignored',
      input: { text: 'review:\n```py\n@grok\ndef f(): pass\n```', defaultTarget: 'claude' },
      expected: d(['claude'], 'default'),
    },
    {
      name: 'explicit targets: routable ones, order kept, deduplicated',
      input: { explicitTargets: ['grok', 'gemini', 'kimi', 'nobody', 'claude', 'grok'] },
      expected: d(['grok', 'claude'], 'explicit'),
    },
    {
      name: 'explicit targets none routable fall through to the default',
      input: { explicitTargets: ['gemini', 'kimi'], defaultTarget: 'claude' },
      expected: d(['claude'], 'default'),
    },
    {
      name: 'empty explicit targets fall through to the default',
      input: { explicitTargets: [], defaultTarget: 'claude' },
      expected: d(['claude'], 'default'),
    },
    { name: 'manual: the default target', input: { defaultTarget: 'grok' }, expected: d(['grok'], 'default') },
    {
      name: 'manual: disabled default falls back to the first routable',
      input: { defaultTarget: 'gemini', participants: [seat('gemini', false), seat('claude', false), seat('gpt')] },
      expected: d(['gpt'], 'default'),
    },
    {
      name: 'manual: muted default falls back to the first routable',
      input: { defaultTarget: 'kimi' },
      expected: d(['claude'], 'default'),
    },
    {
      name: 'manual: unknown default falls back to the first routable',
      input: { defaultTarget: 'nobody' },
      expected: d(['claude'], 'default'),
    },
    {
      name: 'manual: no default falls back to the first routable',
      input: { defaultTarget: null, participants: [seat('a', true, { muted: true }), seat('b')] },
      expected: d(['b'], 'default'),
    },
    {
      name: 'manual ignores the last speaker',
      input: { defaultTarget: 'claude', lastAssistantSpeaker: 'claude' },
      expected: d(['claude'], 'default'),
    },
    {
      name: 'roundRobin: next after the last speaker',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'claude', defaultTarget: 'grok' },
      expected: d(['gpt'], 'roundRobin'),
    },
    {
      name: 'roundRobin: skips a disabled participant',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'gpt' },
      expected: d(['grok'], 'roundRobin'),
    },
    {
      name: 'roundRobin: skips a muted participant and wraps from the last to the first',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'grok' },
      expected: d(['claude'], 'roundRobin'),
    },
    {
      name: 'roundRobin: wraps past disabled ones at the start',
      input: {
        mode: 'roundRobin',
        lastAssistantSpeaker: 'c',
        participants: [seat('a', false), seat('b'), seat('c'), seat('d', false)],
      },
      expected: d(['b'], 'roundRobin'),
    },
    {
      name: 'roundRobin: after a now-disabled speaker comes the next routable one',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'gemini' },
      expected: d(['grok'], 'roundRobin'),
    },
    {
      name: 'roundRobin: a sole routable participant follows itself',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'gpt', participants: [seat('claude', false), seat('gpt')] },
      expected: d(['gpt'], 'roundRobin'),
    },
    {
      name: 'roundRobin: no previous speaker -> first routable',
      input: { mode: 'roundRobin', lastAssistantSpeaker: null, participants: [seat('a', false), seat('b')] },
      expected: d(['b'], 'roundRobin'),
    },
    {
      name: 'roundRobin: unknown previous speaker -> first routable',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'removed' },
      expected: d(['claude'], 'roundRobin'),
    },
    {
      name: 'roundRobin: explicit targets still win',
      input: { mode: 'roundRobin', lastAssistantSpeaker: 'claude', explicitTargets: ['grok'] },
      expected: d(['grok'], 'explicit'),
    },
    {
      name: 'the cap keeps the first responders of @all; the rest are reported in order',
      input: { text: '@all', maxResponders: 2 },
      expected: d(['claude', 'gpt'], 'all', { overCap: ['grok'] }),
    },
    {
      name: 'the cap keeps the first mentioned',
      input: { text: '@grok @gpt @claude', maxResponders: 1 },
      expected: d(['grok'], 'mentions', { overCap: ['gpt', 'claude'] }),
    },
    {
      name: 'a cap above the number addressed changes nothing',
      input: { text: '@grok @gpt', maxResponders: 8 },
      expected: d(['grok', 'gpt'], 'mentions'),
    },
    {
      name: 'no participants at all',
      input: { participants: [], text: '@claude', explicitTargets: ['claude'] },
      expected: d([], 'none', { unknown: ['claude'] }),
    },
    {
      name: 'all disabled: nobody answers, even @all, names reported',
      input: { participants: [seat('claude', false), seat('gpt', false)], text: '@all @gpt', defaultTarget: 'gpt' },
      expected: d([], 'none', { disabled: ['gpt'] }),
    },
    {
      name: 'all muted or disabled in round robin',
      input: {
        participants: [seat('claude', false), seat('gpt', true, { muted: true })],
        mode: 'roundRobin',
        lastAssistantSpeaker: 'claude',
      },
      expected: d([], 'none'),
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
