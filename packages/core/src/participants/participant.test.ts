import { describe, expect, test } from 'vitest';
import { seatReadsImages } from '../images/takesImages';
import { MAX_PARTICIPANTS, parseParticipantSettings } from './participant';

// roundtable.participants as a user types it: defaults filled in, each bad entry or field named and skipped.

describe('parseParticipantSettings', () => {
  test('fills in the name and colour, and keeps aliases, mute and provider', () => {
    const { participants, problems } = parseParticipantSettings([
      { id: 'claude', model: 'claude-opus-4-8', aliases: ['opus'], muted: true, provider: 'cliproxyapi' },
      { id: 'gpt', model: 'gpt-5.5', displayName: 'ChatGPT', color: '#10A37F', enabled: false },
    ]);
    expect(problems).toEqual([]);
    expect(participants).toEqual([
      {
        id: 'claude',
        displayName: 'Claude',
        color: '#D97706',
        model: 'claude-opus-4-8',
        enabled: true,
        aliases: ['opus'],
        muted: true,
        provider: 'cliproxyapi',
      },
      { id: 'gpt', displayName: 'ChatGPT', color: '#10A37F', model: 'gpt-5.5', enabled: false },
    ]);
  });

  test('a seat reads images by its model, unless its setting says otherwise', () => {
    const { participants } = parseParticipantSettings([
      { id: 'claude', model: 'claude-sonnet-4-6' },
      { id: 'gemini', model: 'gemini-3-flash' },
      { id: 'local', model: 'llama3.1:8b', provider: 'ollama' },
      { id: 'llava', model: 'llava:13b', provider: 'ollama', vision: true },
      { id: 'blind', model: 'gpt-5.5', vision: false },
      { id: 'qwen', model: 'qwen2.5-vl-7b' },
    ]);
    expect(Object.fromEntries(participants.map((p) => [p.id, seatReadsImages(p)]))).toEqual({
      claude: true,
      gemini: true,
      local: false,
      llava: true,
      blind: false,
      qwen: true,
    });
  });

  test.each([
    ['not an array', { id: 'claude' }, 'roundtable.participants must be an array'],
    [
      'a missing model',
      [{ id: 'claude' }],
      'roundtable.participants[0]: Invalid key: Expected "model" but received undefined at model',
    ],
    [
      'a bad id',
      [{ id: 'Claude!', model: 'm' }],
      'roundtable.participants[0]: must be 1-32 characters: a lower-case letter, then letters, digits, _ or - at id',
    ],
    [
      'a reserved id',
      [{ id: 'all', model: 'm' }],
      'roundtable.participants[0]: is reserved ("user", "system" and "all" cannot be participant ids) at id',
    ],
    ['a bad colour', [{ id: 'a', model: 'm', color: 'orange' }], 'must be a hex colour'],
    [
      'a bad alias',
      [{ id: 'a', model: 'm', aliases: ['Two Words'] }],
      'roundtable.participants[0]: must be 1-32 characters: a lower-case letter, then letters, digits, _ or - at aliases[0]',
    ],
    ['too many aliases', [{ id: 'a', model: 'm', aliases: 'abcdefghi'.split('') }], 'aliases'],
    ['a bad provider', [{ id: 'a', model: 'm', provider: 'Ollama Local' }], 'provider'],
    ['a length limit of 0', [{ id: 'a', model: 'm', maxTokens: 0 }], 'at maxTokens'],
    ['a fractional length limit', [{ id: 'a', model: 'm', maxTokens: 1.5 }], 'at maxTokens'],
    ['a length limit as text', [{ id: 'a', model: 'm', maxTokens: '256' }], 'at maxTokens'],
  ])('%s is refused with a readable line naming the entry', (_name, raw, problem) => {
    const { participants, problems } = parseParticipantSettings(raw);
    expect(participants).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  test('keeps a seat’s length limit, and writes none when it sets none', () => {
    const { participants } = parseParticipantSettings([
      { id: 'a', model: 'm', maxTokens: 256 },
      { id: 'b', model: 'm' },
    ]);
    expect(participants.map((p) => p.maxTokens)).toEqual([256, undefined]);
    expect('maxTokens' in (participants[1] ?? {})).toBe(false);
  });

  test('a bad entry costs only itself', () => {
    const { participants, problems } = parseParticipantSettings([{ id: 'a' }, { id: 'b', model: 'm' }]);
    expect(participants.map((p) => p.id)).toEqual(['b']);
    expect(problems).toHaveLength(1);
  });

  test('every @-name is unique across the table: a duplicated id keeps the first entry, a taken alias is dropped', () => {
    const { participants, problems } = parseParticipantSettings([
      { id: 'claude', model: 'a', aliases: ['opus', 'gpt', 'opus'] },
      { id: 'gpt', model: 'b', aliases: ['opus', 'chat', 'gpt'] },
      { id: 'claude', model: 'c' },
    ]);
    expect(participants.map((p) => [p.id, p.aliases])).toEqual([
      ['claude', ['opus']],
      ['gpt', ['chat']],
    ]);
    expect(problems).toEqual([
      'roundtable.participants[2]: duplicate id "claude" (the first entry is used)',
      'roundtable.participants[0].aliases[1]: "@gpt" is already the id of "gpt"; this alias is ignored',
      'roundtable.participants[1].aliases[0]: "@opus" is already an alias of "claude"; this alias is ignored',
      'roundtable.participants[1].aliases[2]: "@gpt" is already the id of "gpt"; this alias is ignored',
    ]);
  });

  test(`seats at most ${MAX_PARTICIPANTS}, and says the rest were left out`, () => {
    const raw = Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, model: 'm' }));
    const { participants, problems } = parseParticipantSettings(raw);
    expect(participants).toHaveLength(MAX_PARTICIPANTS);
    expect(problems).toEqual([
      `roundtable.participants[${MAX_PARTICIPANTS}] and after: a table seats at most ${MAX_PARTICIPANTS} participants; the rest are left out`,
    ]);
  });
});
