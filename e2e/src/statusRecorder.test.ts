import { describe, expect, test } from 'vitest';
import { sawStreaming } from './statusRecorder';

describe('sawStreaming', () => {
  test.each([
    {
      name: 'a streaming status before complete',
      seen: [
        { status: 'streaming', contentLength: 0 },
        { status: 'complete', contentLength: 40 },
      ],
      expected: true,
    },
    {
      name: 'text that grew before complete, without a streaming status',
      seen: [
        { status: '?', contentLength: 10 },
        { status: '?', contentLength: 25 },
        { status: 'complete', contentLength: 40 },
      ],
      expected: true,
    },
    { name: 'only ever complete', seen: [{ status: 'complete', contentLength: 40 }], expected: false },
    {
      name: 'streaming only after completion does not count',
      seen: [
        { status: 'complete', contentLength: 40 },
        { status: 'streaming', contentLength: 40 },
      ],
      expected: false,
    },
    { name: 'nothing recorded', seen: [], expected: false },
  ])('$name → $expected', ({ seen, expected }) => {
    expect(sawStreaming(seen)).toBe(expected);
  });
});
