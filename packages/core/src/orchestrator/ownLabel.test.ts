import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ensureNoDisposablesAreLeaked } from '../../test/support/leakCheck';
import { OwnLabelStripper, ownLabels } from './ownLabel';

ensureNoDisposablesAreLeaked();

const claude = ownLabels({ id: 'claude', displayName: 'Claude' });

/** What the reply shows when `pieces` stream in. */
function shown(pieces: readonly string[], labels = claude): string {
  const stripper = new OwnLabelStripper(labels);
  return pieces.map((p) => stripper.push(p)).join('') + stripper.flush();
}

describe('a reply that starts with its own label', () => {
  test.each([
    ['[Claude]: Hello', 'Hello'],
    ['[Claude] Hello', 'Hello'],
    ['Claude: Hello', 'Hello'],
    ['claude: Hello', 'Hello'],
    ['[CLAUDE]:\nHello', 'Hello'],
    ['\n  [Claude]:   Hello', 'Hello'],
    ['[Claude]:\n\n- a list', '\n- a list'],
    ['[Claude]:\n  indented', '  indented'],
    ['[Claude]:', ''],
  ])('%j shows %j', (reply, expected) => {
    expect(shown([reply])).toBe(expected);
  });

  test.each([
    'Hello there',
    'Claudette: a name that only starts like it',
    'Claude said this first.',
    '[GPT]: is somebody else',
    'The [Claude]: label is not at the start',
    '   ',
    '',
    '**Claude:** bold is not the label',
  ])('%j is shown exactly as written', (reply) => {
    expect(shown([reply])).toBe(reply);
  });

  test('the label is found however the stream cuts it, and nothing after it is held back', () => {
    const stripper = new OwnLabelStripper(claude);
    expect(stripper.push('[Cla')).toBe('');
    expect(stripper.push('ude]')).toBe('');
    expect(stripper.push(':')).toBe('');
    expect(stripper.push(' ')).toBe('');
    expect(stripper.push('Hi')).toBe('Hi');
    expect(stripper.push(' [Claude]: again')).toBe(' [Claude]: again');
  });

  test('text that cannot be a label passes at once, not at the end', () => {
    const stripper = new OwnLabelStripper(claude);
    expect(stripper.push('Sure')).toBe('Sure');
  });

  test('any split of a reply into pieces shows the same text as the whole', () => {
    const replies = fc.constantFrom(
      '[Claude]: Hello',
      'Claude: Hello',
      ' [claude]\nHi',
      'Claudette',
      'Claude said',
      '[Claude]:   \n  x',
      '[Cl',
    );
    fc.assert(
      fc.property(replies, fc.array(fc.nat(20), { maxLength: 6 }), (reply, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (reply.length + 1)))].sort((a, b) => a - b);
        const pieces = [0, ...points].map((at, i, all) => reply.slice(at, all[i + 1] ?? reply.length));
        expect(shown(pieces)).toBe(shown([reply]));
      }),
    );
  });

  test('labels by display name and by id', () => {
    expect(ownLabels({ id: 'gpt', displayName: 'ChatGPT' })).toEqual([
      '[ChatGPT]:',
      '[ChatGPT]',
      'ChatGPT:',
      '[gpt]:',
      '[gpt]',
      'gpt:',
    ]);
    expect(shown(['gpt: hi'], ownLabels({ id: 'gpt', displayName: 'ChatGPT' }))).toBe('hi');
  });
});
