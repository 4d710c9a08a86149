import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parsePositions } from './parsePositions';

const CLAIMS = ['It is safe', 'Tests cover it', 'The API is stable'];
const BLOCK = '{"positions": [{"claim": 1, "position": "supported", "argument": "The lock is held."}]}';
const READ = { claims: [{ claim: 0, position: 'supported', argument: 'The lock is held.' }] };

describe('parsePositions reads what the prompt asks for and the forms models write it in', () => {
  test.each([
    ['a `positions` block, as asked', `I keep it.\n\`\`\`positions\n${BLOCK}\n\`\`\``],
    ['a `json` block', `I keep it.\n\`\`\`json\n${BLOCK}\n\`\`\``],
    ['a block with no label', `I keep it.\n\`\`\`\n${BLOCK}\n\`\`\``],
    ['a `~~~` block', `I keep it.\n~~~\n${BLOCK}\n~~~`],
    ['bare in prose', `I keep it.\n${BLOCK}\nThat is all.`],
    [
      'with trailing commas and a comment',
      '```positions\n{"positions": [\n// one\n{"claim": 1, "position": "supported", "argument": "The lock is held.",},]}\n```',
    ],
    ['the list alone', '```positions\n[{"claim": 1, "position": "supported", "argument": "The lock is held."}]\n```'],
    [
      'one entry without its list',
      '```positions\n{"positions": {"claim": "1", "position": "supported", "argument": "The lock is held."}}\n```',
    ],
    [
      'a claim named "Claim 1"',
      '```positions\n{"positions": [{"claim": "Claim 1", "position": "supported", "argument": "The lock is held."}]}\n```',
    ],
    [
      'a claim named by its text',
      '```positions\n{"positions": [{"claim": "it is  safe", "position": "supported", "argument": "The lock is held."}]}\n```',
    ],
    [
      'other words for the position and argument',
      '```positions\n{"positions": [{"claim": "#1", "stance": "Holds", "reason": "The lock is held."}]}\n```',
    ],
    [
      'an object by claim',
      '```positions\n{"positions": {"1": {"position": "agree", "why": "The lock is held."}}}\n```',
    ],
  ])('%s', (_name, text) => {
    expect(parsePositions(text, CLAIMS)).toEqual(READ);
  });

  test('a position given as a word by claim has no argument; a claim out of the round is left out', () => {
    const text = '```positions\n{"1": "agree", "2": "rejects", "4": "agree", "3": "partially"}\n```';
    expect(parsePositions(text, CLAIMS)).toEqual({
      claims: [
        { claim: 0, position: 'supported', argument: '' },
        { claim: 1, position: 'disputed', argument: '' },
      ],
    });
  });

  test('the first position given for a claim counts', () => {
    const entries = [
      { claim: 2, position: 'disputed', argument: 'first' },
      { claim: 2, position: 'supported', argument: 'second' },
    ];
    const text = `\`\`\`positions\n${JSON.stringify({ positions: entries })}\n\`\`\``;
    expect(parsePositions(text, CLAIMS)).toEqual({ claims: [{ claim: 1, position: 'disputed', argument: 'first' }] });
  });

  test.each([
    ['no block at all', 'I still think it is safe.', 'it wrote no `positions` block'],
    ['a block that is not JSON', '```positions\nclaim 1: supported\n```', 'its positions block is not JSON'],
    [
      'no list',
      '```positions\n{"positions": 3}\n```',
      'its positions block needs a "positions" list, one entry per claim',
    ],
    [
      'no position on a claim of the round',
      '```positions\n{"positions": [{"claim": 7, "position": "supported"}, {"claim": 1, "position": "partially"}]}\n```',
      'its positions block takes no position on the claims (1 to 3) it was asked',
    ],
  ])('%s is unread, with its reason', (_name, text, reason) => {
    expect(parsePositions(text, CLAIMS)).toEqual({ malformed: reason });
  });

  test('never throws, and never takes a position the text does not state', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"positions": ',
      '"claim": 1, ',
      '"position": "',
      '"',
      ',',
      'x',
      '\n',
      '```',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 1000 }),
          fc.array(piece).map((p) => p.join('')),
        ),
        (text) => {
          const parsed = parsePositions(text, CLAIMS);
          if ('malformed' in parsed) expect(parsed.malformed).toMatch(/\S/);
          else
            expect(text).toMatch(
              /support|agree|hold|true|yes|correct|disput|disagree|no|false|contradict|reject|refut|✓|✔|✅|👍|✗|✘|❌|👎/i,
            );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
