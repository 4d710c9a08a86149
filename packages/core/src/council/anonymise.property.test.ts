import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../orchestrator/settings';
import type { ParticipantConfig } from '../participants/participant';
import type { Message, Transcript } from '../transcript/schema';
import { Anonymiser } from './anonymise';
import { planForMessage } from './plans';
import { seatNamesOf } from './seatNames';
import { stepPrompt } from './stepPrompt';
import { familiesOf, VENDOR_FAMILIES } from './vendors';

// A review and a synthesis must not tell a model who wrote what: no name of any seat (id, display name, alias, model
// id, provider, the words of its model family) reaches their prompts, whatever the seats are called (names may hold
// one another: `zab` and `Zab Zcd`, one seat's alias another's display name), whatever they were called when the plan
// was made (a seat renamed before the reviews ran), and whatever the answers say about themselves and each other: in
// prose, in inline code and in code comments. Names here are made of a letter z, letters and digits (so no word of
// Roundtable's own instructions can be one); identifiers in code that hold a name (`zabClient`, `zab_api`) are kept.

const AT = '2026-12-01T10:00:00.000Z';

const handle = fc.stringMatching(/^z[a-z]{1,4}[0-9]?$/);
const capitalised = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
const displayName = fc.tuple(handle, fc.option(handle, { nil: undefined })).map(([a, b]) =>
  [a, b]
    .filter((w) => w !== undefined)
    .map(capitalised)
    .join(' '),
);
const REAL_MODELS = ['gpt-5.5', 'claude-sonnet-4-6', 'gemini-3-flash', 'kimi-k2', 'grok-4', 'llama3.1:70b', 'qwen2.5'];
const model = fc.oneof(
  fc.tuple(handle, fc.integer({ min: 1, max: 9 })).map(([h, n]) => `${h}-${n}.${n}`),
  fc.constantFrom(...REAL_MODELS),
);
const seatArb = fc.record({
  id: handle,
  displayName,
  aliases: fc.array(handle, { maxLength: 2 }),
  model,
  provider: fc.option(
    fc.oneof(
      handle.map((h) => `${h}-cli`),
      fc.constantFrom('claude-cli', 'codex-cli', 'gemini-cli'),
    ),
    { nil: undefined },
  ),
  /** What the seat is called by the time the reviews run (undefined: as before). */
  renamed: fc.option(displayName, { nil: undefined }),
});
// Only the @-names (ids and aliases) must differ across a table, as the settings require; any name may hold another.
const seatsArb = fc.uniqueArray(seatArb, { minLength: 2, maxLength: 4, selector: (s) => s.id }).filter((seats) => {
  const handles = seats.flatMap((s) => [s.id, ...s.aliases]);
  return new Set(handles).size === handles.length;
});

type Seat = typeof seatArb extends fc.Arbitrary<infer T> ? T : never;

function participant(s: Seat, now: boolean): ParticipantConfig {
  return {
    id: s.id,
    displayName: now && s.renamed ? s.renamed : s.displayName,
    color: '#123456',
    model: s.model,
    enabled: true,
    ...(s.aliases.length > 0 ? { aliases: s.aliases } : {}),
    ...(s.provider ? { provider: s.provider } : {}),
  };
}

/** Every name the prompts must not hold: each seat's, before and after a rename, and its families' words. */
function forbidden(seats: readonly Seat[]): string[] {
  const names = seats.flatMap((s) => [
    s.id,
    ...seatNamesOf(participant(s, false)),
    ...seatNamesOf(participant(s, true)),
  ]);
  const families = new Set(names.flatMap((n) => familiesOf([n])));
  const vendor = VENDOR_FAMILIES.flatMap((f, i) => [...f.words, ...(families.has(i) ? (f.common ?? []) : [])]);
  return [...new Set([...names, ...vendor])];
}

const WORDS = ['the', 'answer', 'is', 'wrong', 'because', 'I', 'think', 'agree', 'with', 'that', 'and', 'so'];

/** Prose about the seats: plain words, names in any case, model versions, self-labels, "As X," and @-mentions. */
function proseAbout(seats: readonly Seat[]) {
  const names = forbidden(seats);
  const name = fc.constantFrom(...names);
  const token = fc.oneof(
    fc.constantFrom(...WORDS),
    name,
    name.map((n) => n.toUpperCase()),
    name.map((n) => `${n},`),
    name.map((n) => `(${n})`),
    name.map((n) => `${n}'s`),
    name.map((n) => `${n}-4.1`),
    name.map((n) => `${n}-style`),
    fc.constantFrom(...seats.map((s) => `@${s.id}`)),
    name.map((n) => `\`As ${n}\``),
    name.map((n) => `\`${n}\``),
  );
  const code = name.map((n) => {
    const id = n.replace(/[^A-Za-z0-9]/g, '');
    return `\n\`\`\`ts\n// ${n}'s fix\nconst ${id}Client = ${id}_api(); /* by ${n} */\n\`\`\`\n`;
  });
  const lead = fc.oneof(
    fc.constant(''),
    name.map((n) => `[${n}]: `),
    name.map((n) => `${n}: `),
    name.map((n) => `As ${n}, `),
  );
  return fc
    .tuple(lead, fc.array(fc.oneof({ weight: 9, arbitrary: token }, { weight: 1, arbitrary: code }), { minLength: 1 }))
    .map(([l, t]) => `${l}${t.join(' ')}`);
}

/**
 * A council thread: the question, each seat's answer, each seat's review; plus the plan that made them. `earlier`
 * messages of conversation come before the question (a user's and each seat's, in turn).
 */
function councilThread(seats: readonly ParticipantConfig[], texts: string[], earlier = 0): Transcript {
  const plan = planForMessage({
    id: 'plan-1',
    question: 'q',
    mode: 'council',
    seats: seats.map((s) => s.id),
    ordered: false,
    settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [...seats] },
  });
  let n = 0;
  const reply = (speaker: string, index: number): Message => ({
    id: `r${n}`,
    seq: n + 1,
    role: 'assistant',
    speaker,
    content: texts[n++ % texts.length] ?? 'x',
    status: 'complete',
    step: { plan: plan.id, index },
    createdAt: AT,
  });
  const question: Message = {
    id: 'q',
    seq: 0,
    role: 'user',
    speaker: 'user',
    content: texts.at(-1) ?? '',
    status: 'complete',
    createdAt: AT,
  };
  const answers = seats.map((s) => reply(s.id, 0));
  const reviews = seats.map((s) => reply(s.id, 1));
  const synthesis = reply(plan.steps[2]?.seats[0] ?? '', 2);
  const before = Array.from({ length: earlier }, (_, i): Message => {
    const speaker = i % (seats.length + 1) === 0 ? 'user' : (seats[(i % (seats.length + 1)) - 1]?.id ?? 'user');
    const role = speaker === 'user' ? 'user' : 'assistant';
    return {
      id: `e${String(i).padStart(4, '0')}`,
      seq: 0,
      role,
      speaker,
      content: texts[i % texts.length] ?? 'x',
      status: 'complete',
      createdAt: AT,
    };
  });
  return {
    version: 7,
    id: 't',
    title: 't',
    createdAt: AT,
    updatedAt: AT,
    participants: seats.map((s) => s.id),
    messages: [...before, question, ...answers, ...reviews, synthesis].map((m, seq) => ({ ...m, seq })),
    plans: [{ ...plan, createdAt: AT }],
  };
}

/** Every name that appears as a whole word (any case) in the text. */
function namesIn(text: string, names: readonly string[]): string[] {
  const literal = (n: string) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return names.filter((n) => new RegExp(`(?<![\\p{L}\\p{N}_])${literal(n)}(?![\\p{L}\\p{N}_])`, 'iu').test(text));
}

describe('anonymised prompts name nobody', () => {
  test('no name of any seat, then or now, nor its family, reaches a review or synthesis prompt', () => {
    fc.assert(
      fc.property(
        seatsArb.chain((seats) => fc.tuple(fc.constant(seats), fc.array(proseAbout(seats), { minLength: 3 }))),
        ([seats, texts]) => {
          const thread = councilThread(
            seats.map((s) => participant(s, false)),
            texts,
          );
          const now = seats.map((s) => participant(s, true));
          const settings = { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: now, keepRecent: 50 };
          const names = forbidden(seats);
          for (const m of thread.messages.filter((x) => x.step && x.step.index > 0)) {
            const prompt = stepPrompt(thread, m.id, m.speaker, settings);
            const text = prompt.messages.map((x) => x.content).join('\n');
            expect(namesIn(text, names), `prompt of ${m.id}:\n${text}`).toEqual([]);
            expect(text).not.toMatch(/@Response/);
            // What it read is all there: every other answer under its letter, and the code as it was written.
            expect(prompt.visibility.responses.length).toBeGreaterThan(0);
            const read = [...prompt.visibility.responses, ...prompt.visibility.reviews].map((r) => r.message.content);
            for (const identifier of read.join('\n').match(/const \w+Client = \w+_api\(\);/g) ?? []) {
              expect(text).toContain(identifier);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
    // 200 whole councils: a few seconds on a busy 2-core machine, which vitest's 5 s default would cut short.
  }, 60_000);

  test('nor does the conversation before the question, whatever the budget keeps of it', () => {
    fc.assert(
      fc.property(
        seatsArb.chain((seats) =>
          fc.tuple(
            fc.constant(seats),
            fc.array(proseAbout(seats), { minLength: 3 }),
            fc.integer({ min: 1, max: 14 }),
            fc.integer({ min: 100, max: 6_000 }),
          ),
        ),
        ([seats, texts, earlier, softLimitChars]) => {
          const thread = councilThread(
            seats.map((s) => participant(s, false)),
            texts,
            earlier,
          );
          const now = seats.map((s) => participant(s, true));
          const settings = { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: now, keepRecent: 1, softLimitChars };
          const names = forbidden(seats);
          for (const m of thread.messages.filter((x) => x.step && x.step.index > 0)) {
            const prompt = stepPrompt(thread, m.id, m.speaker, settings);
            const text = prompt.messages.map((x) => x.content).join('\n');
            expect(namesIn(text, names), `prompt of ${m.id} (${prompt.omitted} left out):\n${text}`).toEqual([]);
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  test('a long conversation before the question is scrubbed only where the budget keeps it', () => {
    const seats = [
      participant(
        { id: 'zab', displayName: 'Zab', aliases: [], model: 'zab-1.1', provider: undefined, renamed: undefined },
        true,
      ),
      participant(
        { id: 'zcd', displayName: 'Zcd', aliases: [], model: 'zcd-2.2', provider: undefined, renamed: undefined },
        true,
      ),
    ];
    const thread = councilThread(seats, ['Zab said @zcd was wrong', 'Zcd agrees with zab', 'a question for Zab'], 600);
    const settings = { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: seats, keepRecent: 1, softLimitChars: 2_000 };
    const scrubbed = vi.spyOn(Anonymiser.prototype, 'scrub');
    const review = thread.messages.find((x) => x.step?.index === 1);
    const prompt = stepPrompt(thread, review?.id ?? '', review?.speaker ?? '', settings);
    expect(prompt.omitted).toBeGreaterThan(500);
    expect(namesIn(prompt.messages.map((x) => x.content).join('\n'), ['Zab', 'Zcd', 'zab', 'zcd'])).toEqual([]);
    // What the prompt holds (the kept messages, the answers under review) and a few a change of length let in: not
    // the 600 dropped.
    expect(scrubbed.mock.calls.length).toBeLessThan(prompt.messages.length + 20);
    scrubbed.mockRestore();
  });
});
