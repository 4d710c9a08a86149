import { expect, test } from 'vitest';
import { FakeClock } from '../testing/FakeClock';
import { DELTA_BATCH_MS, DeltaBatcher } from './deltaBatcher';

function batcher() {
  const clock = new FakeClock();
  const delivered: string[] = [];
  const b = new DeltaBatcher(clock, (text) => delivered.push(text));
  return { clock, delivered, b };
}

test('the first text after a quiet spell goes at once: a reply’s first token is shown as it comes', () => {
  const { delivered, b } = batcher();
  b.append('Hel');
  expect(delivered).toEqual(['Hel']);
  b.dispose();
});

test('while text keeps coming it goes out at most once an interval, in order, each piece once', () => {
  const { clock, delivered, b } = batcher();
  b.append('a');
  b.append('b');
  clock.advance(DELTA_BATCH_MS / 2);
  b.append('c');
  expect(delivered).toEqual(['a']);
  clock.advance(DELTA_BATCH_MS / 2);
  expect(delivered).toEqual(['a', 'bc']);
  b.append('d');
  expect(delivered).toEqual(['a', 'bc']);
  clock.advance(DELTA_BATCH_MS);
  expect(delivered).toEqual(['a', 'bc', 'd']);
  // A whole interval with nothing: the next text is quiet's first again, and goes at once.
  clock.advance(DELTA_BATCH_MS);
  b.append('e');
  expect(delivered).toEqual(['a', 'bc', 'd', 'e']);
  b.dispose();
});

test('flush hands on what is pending now; dispose drops it', () => {
  const { clock, delivered, b } = batcher();
  b.append('a');
  b.append('b');
  b.flush();
  expect(delivered).toEqual(['a', 'b']);
  b.append('c');
  expect(delivered).toEqual(['a', 'b', 'c']);
  b.append('d');
  b.dispose();
  clock.advance(DELTA_BATCH_MS * 2);
  expect(delivered).toEqual(['a', 'b', 'c']);
});
