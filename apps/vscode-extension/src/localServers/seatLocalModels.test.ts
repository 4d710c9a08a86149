import { MAX_PARTICIPANTS, parseParticipantSettings } from '@roundtable/core/participants/participant';
import { describe, expect, test } from 'vitest';
import { DEFAULT_SEATS } from '../adapters/defaultSeats';
import { MAX_PROVIDERS, parseProviderSettings } from '../adapters/readProviders';
import type { LocalServer } from './probeLocalServers';
import { displayNameFor, planSeating, type SeatingPlan, seatIdFor, seatsLeft } from './seatLocalModels';

const LLAMA: LocalServer = {
  kind: 'llamacpp',
  label: 'llama.cpp at 127.0.0.1:8080',
  apiBase: 'http://127.0.0.1:8080/v1',
  models: ['smol-a', 'smol-b', 'smol-c'],
};
const OLLAMA: LocalServer = {
  kind: 'ollama',
  label: 'Ollama at 127.0.0.1:11434',
  apiBase: 'http://127.0.0.1:11434/v1',
  models: ['llama3.2:latest', 'llama3.1:8b'],
};

function planned(...args: Parameters<typeof planSeating>): SeatingPlan {
  const result = planSeating(...args);
  if (!result.ok) throw new Error(result.reason);
  return result.plan;
}

describe('planSeating', () => {
  test('a first server: its provider and one enabled seat per model on it, after the user’s seats', () => {
    const mine = [{ id: 'claude', model: 'claude-opus-4-8' }, { id: 'broken' }];
    const plan = planned({ participants: mine, providers: [] }, OLLAMA, ['llama3.2:latest', 'llama3.1:8b']);
    expect(plan.providers).toEqual([
      { id: 'ollama', name: 'Ollama at 127.0.0.1:11434', baseUrl: 'http://127.0.0.1:11434/v1' },
    ]);
    expect(plan.participants).toEqual([
      ...mine, // even the entry the reader refuses is kept as it was
      { id: 'llama3-2', displayName: 'llama3.2', model: 'llama3.2:latest', provider: 'ollama', enabled: true },
      { id: 'llama3-1-8b', displayName: 'llama3.1:8b', model: 'llama3.1:8b', provider: 'ollama', enabled: true },
    ]);
    expect(plan).toMatchObject({ providerId: 'ollama', reusedProvider: false, keptDefaults: false });
    // What was written reads back through the extension's own readers.
    expect(parseProviderSettings(plan.providers).problems).toEqual([]);
    const read = parseParticipantSettings(plan.participants);
    expect(read.participants.map((p) => `${p.id}:${p.provider ?? ''}`)).toEqual([
      'claude:',
      'llama3-2:ollama',
      'llama3-1-8b:ollama',
    ]);
  });

  test('ids never clash with a seat’s id or alias, a group, a reserved name, or each other', () => {
    const server = { ...LLAMA, models: ['smol', 'Smol', 'all', 'opus'] };
    const plan = planned(
      {
        participants: [
          { id: 'smol', model: 'x' },
          { id: 'claude', model: 'y', aliases: ['opus', 'smol-2'] },
        ],
        providers: [],
        groups: [{ id: 'smol-3', members: ['smol'] }],
      },
      server,
      server.models,
    );
    expect(plan.seats.map((s) => s.id)).toEqual(['smol-4', 'smol-5', 'all-2', 'opus-2']);
    expect(parseParticipantSettings(plan.participants).problems).toEqual([]);
  });

  test('the same server again reuses its provider, leaving the list as it was', () => {
    const first = planned({ participants: [], providers: [] }, LLAMA, ['smol-a']);
    // Written by hand as localhost with a trailing slash: the same server all the same.
    const providers = [{ id: 'mine', baseUrl: 'http://localhost:8080/v1/' }];
    const again = planned({ participants: first.participants, providers }, LLAMA, ['smol-a', 'smol-b']);
    expect(again.reusedProvider).toBe(true);
    expect(again.providers).toBe(providers);
    expect(again.participants.slice(1)).toEqual([
      { id: 'smol-a-2', displayName: 'smol-a', model: 'smol-a', provider: 'mine', enabled: true },
      { id: 'smol-b', displayName: 'smol-b', model: 'smol-b', provider: 'mine', enabled: true },
    ]);
  });

  test('a second server of the same kind gets the next provider id; the built-in one’s is never taken', () => {
    const providers = [{ id: 'llamacpp', baseUrl: 'http://127.0.0.1:8081/v1' }];
    const plan = planned({ participants: [], providers }, LLAMA, ['smol-a']);
    expect(plan.providerId).toBe('llamacpp-2');
    const unknown = { ...LLAMA, kind: 'openai' as const, label: 'x'.repeat(60) };
    const other = planned({ participants: [], providers: [{ id: 'local', kind: 'cli', cli: 'claude' }] }, unknown, [
      'm',
    ]);
    expect(other.providers[1]).toEqual({ id: 'local-2', name: 'x'.repeat(40), baseUrl: LLAMA.apiBase });
  });

  test('with no list of the user’s own, the default seats are written out ahead of the new ones', () => {
    const plan = planned({ participants: undefined, providers: undefined }, LLAMA, ['smol-a']);
    expect(plan.keptDefaults).toBe(true);
    expect(plan.participants).toEqual([...DEFAULT_SEATS, expect.objectContaining({ id: 'smol-a' })]);
  });

  test('the seat and provider caps are kept: nothing is planned past them', () => {
    const fifteen = Array.from({ length: MAX_PARTICIPANTS - 1 }, (_, i) => ({ id: `s${i}`, model: 'm' }));
    expect(seatsLeft(fifteen)).toBe(1);
    expect(seatsLeft(undefined)).toBe(MAX_PARTICIPANTS - DEFAULT_SEATS.length);
    expect(seatsLeft('not a list')).toBe(0);
    expect(planSeating({ participants: fifteen, providers: [] }, LLAMA, ['smol-a', 'smol-b'])).toEqual({
      ok: false,
      reason: 'A table seats at most 16: 1 more fit. Remove a seat from roundtable.participants first.',
    });
    expect(planSeating({ participants: fifteen, providers: [] }, LLAMA, ['smol-a']).ok).toBe(true);

    const full = Array.from({ length: MAX_PROVIDERS }, (_, i) => ({
      id: `p${i}`,
      baseUrl: `http://127.0.0.1:${9000 + i}/v1`,
    }));
    expect(planSeating({ participants: [], providers: full }, LLAMA, ['smol-a'])).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^roundtable.providers has 8 entries, the most it may have/),
    });
    // Full, but the server is already one of them: nothing to add to the list.
    const withLlama = [...full.slice(1), { id: 'llama', baseUrl: LLAMA.apiBase }];
    expect(planned({ participants: [], providers: withLlama }, LLAMA, ['smol-a']).providerId).toBe('llama');
  });

  test('lists that are not lists, and no model chosen, are refused', () => {
    expect(planSeating({ participants: {}, providers: [] }, LLAMA, ['smol-a'])).toMatchObject({ ok: false });
    expect(planSeating({ participants: [], providers: 'x' }, LLAMA, ['smol-a'])).toMatchObject({ ok: false });
    expect(planSeating({ participants: [], providers: [] }, LLAMA, [])).toMatchObject({ ok: false });
  });
});

describe('seat ids and names from model names', () => {
  test.each([
    ['smol-a', 'smol-a', 'smol-a'],
    ['llama3.2:latest', 'llama3-2', 'llama3.2'],
    ['qwen2.5-coder:7b', 'qwen2-5-coder-7b', 'qwen2.5-coder:7b'],
    ['bartowski/Llama-3.2-3B-Instruct-GGUF', 'llama-3-2-3b-instruct-gg', 'Llama-3.2-3B-Instruct-GGUF'],
    ['7B', 'b', '7B'],
    ['42', 'local', '42'],
    ['hf.co/org/model:Q4_K_M', 'model-q4_k_m', 'model:Q4_K_M'],
  ])('%s sits as @%s, shown as %s', (model, id, name) => {
    expect(seatIdFor(model)).toBe(id);
    expect(displayNameFor(model)).toBe(name);
    expect(parseParticipantSettings([{ id, displayName: name, model }]).problems).toEqual([]);
  });
});
