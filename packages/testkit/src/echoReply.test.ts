import { describe, expect, test } from 'vitest';
import { buildEchoReply, splitIntoPieces } from './echoReply';

describe('buildEchoReply', () => {
  test('lists each role with its leading speaker label and repeats the last user message verbatim', () => {
    const reply = buildEchoReply('gpt-5.5', [
      { role: 'system', content: 'You are one of several models.' },
      { role: 'user', content: '[User] first question' },
      { role: 'assistant', content: 'An answer without a label' },
      { role: 'user', content: '[Gpt]: what Claude said\nmore lines' },
    ]);
    expect(reply).toBe(
      'Fake gpt-5.5 received 4 messages: system, user[User], assistant, user[Gpt]:.\n\nYou said: [Gpt]: what Claude said\nmore lines',
    );
  });

  test.each([
    { content: '[Claude]: hi', label: '[Claude]:' },
    { content: '[User] hi', label: '[User]' },
    { content: '[User]:: hi', label: '[User]:' },
    { content: ' [User] hi', label: '' },
    { content: 'hi [User]', label: '' },
    { content: '[] hi', label: '' },
    { content: '[unclosed hi', label: '' },
  ])('the label of "$content" is "$label"', ({ content, label }) => {
    expect(buildEchoReply('m', [{ role: 'user', content }])).toBe(
      `Fake m received 1 messages: user${label}.\n\nYou said: ${content}`,
    );
  });

  test('a council review starts with a verdict naming the responses it read; other text stays the echo', () => {
    const reply = buildEchoReply('m', [
      { role: 'user', content: '[User] question' },
      { role: 'user', content: '[Response B]: one' },
      { role: 'user', content: '[Response A]: two' },
      { role: 'user', content: '[Roundtable] Review the responses above (Response B and Response A) …' },
    ]);
    expect(reply).toMatch(/^Verdict: Fake m read Response B, Response A\.\n\nFake m received 4 messages: /);
  });

  test('a synthesis ends with a ledger over exactly the letters it read', () => {
    const reply = buildEchoReply('m', [
      { role: 'user', content: '[Response C]: one' },
      { role: 'user', content: '[Response A]: two' },
      { role: 'user', content: '[Review 1]: fine' },
      { role: 'user', content: '[Roundtable] You chair this discussion.' },
    ]);
    const ledger = /```ledger\n(.*)\n```$/.exec(reply)?.[1];
    expect(JSON.parse(ledger ?? 'null')).toEqual({
      claims: [
        { claim: 'Every response was read by the fake chair.', C: 'supported', A: 'supported' },
        { claim: 'Only Response C was read first.', C: 'supported', A: 'disputed' },
      ],
    });
  });

  test('the last user message is used even when an assistant message follows it', () => {
    const reply = buildEchoReply('m', [
      { role: 'user', content: 'first' },
      { role: 'user', content: 'second' },
      { role: 'assistant', content: 'later' },
    ]);
    expect(reply.endsWith('You said: second')).toBe(true);
  });

  test('no user message leaves "You said:" empty', () => {
    expect(buildEchoReply('m', [{ role: 'system', content: 'only' }])).toBe(
      'Fake m received 1 messages: system.\n\nYou said: ',
    );
  });
});

describe('buildEchoReply in the council’s steps', () => {
  const asked = {
    role: 'system',
    content: 'If the question has one short answer, … a line of the form `Answer: <that answer>`.',
  };
  test('gives its short answer on a line of its own when a prompt asks for one, and only then', () => {
    expect(buildEchoReply('m', [asked, { role: 'user', content: '6×7?' }])).toMatch(/\n\nAnswer: 42$/);
    expect(buildEchoReply('m', [{ role: 'user', content: '6×7?' }])).not.toContain('Answer:');
  });

  test('a dispute round: holds every claim, with a reason; its chair marks every response supporting each', () => {
    const task = [
      "[Roundtable] The answers to the user's question disagree on the claims below.",
      'Claim 1: It is safe',
      'Claim 2: It is fast',
    ].join('\n');
    const position = buildEchoReply('m', [asked, { role: 'user', content: task }]);
    const block = /```positions\n(.*)\n```/.exec(position)?.[1] ?? '';
    expect(JSON.parse(block)).toEqual({
      positions: [1, 2].map((claim) => ({
        claim,
        position: 'supported',
        argument: 'The fake read the arguments and agrees.',
      })),
    });
    expect(position).toContain('\n\nAnswer: 42\n\n```positions');
    const chair = buildEchoReply('m', [
      asked,
      { role: 'user', content: '[Response B]: held' },
      { role: 'user', content: '[Response A]: held' },
      {
        role: 'user',
        content:
          '[Roundtable] You chair this discussion. The answers disagreed on the claims below.\nClaim 1: It is safe',
      },
    ]);
    const ledger = JSON.parse(/```ledger\n(.*)\n```/.exec(chair)?.[1] ?? '');
    expect(ledger).toEqual({
      answers: { B: '42', A: '42' },
      claims: [{ claim: 'It is safe', B: 'supported', A: 'supported' }],
    });
  });
});

describe('splitIntoPieces', () => {
  test.each([
    'Fake claude-sonnet-4-6 received 2 messages: system, user[User].\n\nYou said: hello there',
    'one two three',
    '  leading and trailing  ',
    'a\n\nb\tc',
  ])('pieces of %j join back to the text, at least three', (text) => {
    const pieces = splitIntoPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
  });

  test('splits only on word boundaries', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
    const pieces = splitIntoPieces(text);
    for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/\s$/);
    expect(pieces.join('').split(/\s+/)).toEqual(text.split(' '));
  });

  test('short texts still stream', () => {
    expect(splitIntoPieces('Hi')).toEqual(['Hi']);
    expect(splitIntoPieces('')).toEqual([]);
  });
});
