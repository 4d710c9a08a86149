import { expect, test } from 'vitest';
import { modelIdsOf } from './modelIds';

test("llama.cpp's list: the id and every alias are served, each once", () => {
  const answer = { object: 'list', data: [{ id: 'smol-a', aliases: ['smol-a', 'smol-c', 'smol-b'], object: 'model' }] };
  expect(modelIdsOf(answer)).toEqual(['smol-a', 'smol-b', 'smol-c']);
});

test("OpenAI's list (no aliases) is its ids, sorted", () => {
  expect(modelIdsOf({ data: [{ id: 'b' }, { id: 'a' }] })).toEqual(['a', 'b']);
});

test('odd entries and names are passed over; an answer that is no list is undefined', () => {
  expect(
    modelIdsOf({ data: [null, 3, { id: 7 }, { id: '' }, { id: 'x', aliases: [1, 'y', ''] }, { aliases: 'z' }] }),
  ).toEqual(['x', 'y']);
  for (const answer of [undefined, null, 'list', { data: {} }, { models: [] }])
    expect(modelIdsOf(answer)).toBeUndefined();
});
