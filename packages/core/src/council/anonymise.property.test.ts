import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../orchestrator/settings';
import type { ParticipantConfig } from '../participants/participant';
import type { Message, Transcript } from '../transcript/schema';
import { Anonymiser } from './anonymise';
import { planForMessage } from './plans';
import { stepPrompt } from './stepPrompt';

// A review and a synthesis must not tell a model who wrote what: no seat's name, id or alias reaches their prompts,
// whatever the seats are called and whatever the answers say about themselves or each other. Names here are made of
// a letter z, letters and digits (so no word of Roundtable's own instructions can be one); answer texts are prose
// (code is left exactly as written, by design) full of names in every case, self-labels and @-mentions.

const AT = '2026-12-01T10:00:00.000Z';

const handle = fc.stringMatching(/^z[a-z]{1,5}[0-9]{1,2}$/);
const seatArb = fc.record({
  id: handle,
  displayName: fc.tuple(handle, fc.option(handle, { nil: undefined })).map(([a, b]) =>
    [a, b]
      .filter(Boolean)
      .map((w) => `${w?.charAt(0).toUpperCase()}${w?.slice(1)}`)
      .join(' '),
  ),
  aliases: fc.array(handle, { maxLength: 2 }),
});
const seatsArb = fc
  .uniqueArray(seatArb, {
    minLength: 2,
    maxLength: 4,
    selector: (s) => s.id,
  })
  .filter((seats) => {
    const all = seats.flatMap((s) => [s.id, s.displayName.toLowerCase(), ...s.aliases]);
    return new Set(all).size === all.length && !all.some((n) => all.some((o) => o !== n && o.includes(n)));
  })
  .map((seats): ParticipantConfig[] =>
    seats.map((s, i) => ({
      id: s.id,
      displayName: s.displayName,
      color: '#123456',
      model: `model-${i}`,
      enabled: true,
      ...(s.aliases.length > 0 ? { aliases: s.aliases } : {}),
    })),
  );

const WORDS = ['the', 'answer', 'is', 'wrong', 'because', 'I', 'think', 'agree', 'with', 'that', 'and', 'so'];

/** Prose about the seats: plain words, names in any case, self-labels, "As X," and @-mentions. */
function proseAbout(seats: readonly ParticipantConfig[]) {
  const names = seats.flatMap((s) => [s.id, s.displayName, ...(s.aliases ?? [])]);
  const token = fc.oneof(
    fc.constantFrom(...WORDS),
    fc.constantFrom(...names),
    fc.constantFrom(...names).map((n) => n.toUpperCase()),
    fc.constantFrom(...names).map((n) => `${n},`),
    fc.constantFrom(...names).map((n) => `(${n})`),
    fc.constantFrom(...seats.map((s) => `@${s.id}`)),
    fc.constantFrom(...names).map((n) => `${n}'s`),
  );
  const lead = fc.oneof(
    fc.constant(''),
    fc.constantFrom(...names).map((n) => `[${n}]: `),
    fc.constantFrom(...names).map((n) => `${n}: `),
    fc.constantFrom(...names).map((n) => `As ${n}, `),
  );
  return fc.tuple(lead, fc.array(token, { minLength: 1, maxLength: 25 })).map(([l, t]) => `${l}${t.join(' ')}`);
}

/** A council thread: the question, each seat's answer, each seat's review; plus the plan that made them. */
function councilThread(seats: readonly ParticipantConfig[], texts: string[]): Transcript {
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
  return {
    version: 5,
    id: 't',
    title: 't',
    createdAt: AT,
    updatedAt: AT,
    participants: seats.map((s) => s.id),
    messages: [question, ...answers, ...reviews, synthesis],
    plans: [{ ...plan, createdAt: AT }],
  };
}

/** Every name of every seat that appears as a whole word (any case) in the text. */
function namesIn(text: string, seats: readonly ParticipantConfig[]): string[] {
  const names = seats.flatMap((s) => [s.id, s.displayName, ...(s.aliases ?? [])]);
  return names.filter((n) => new RegExp(`(?<![\\p{L}\\p{N}_])${n}(?![\\p{L}\\p{N}_])`, 'iu').test(text));
}

describe('anonymised prompts name nobody', () => {
  test('no seat name, id, alias or self-label reaches a review or synthesis prompt', () => {
    fc.assert(
      fc.property(
        seatsArb.chain((seats) => fc.tuple(fc.constant(seats), fc.array(proseAbout(seats), { minLength: 3 }))),
        ([seats, texts]) => {
          const thread = councilThread(seats, texts);
          const settings = { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: [...seats], keepRecent: 50 };
          const steps = thread.messages.filter((m) => m.step && m.step.index > 0);
          for (const m of steps) {
            const prompt = stepPrompt(thread, m.id, m.speaker, settings);
            const text = prompt.messages.map((x) => x.content).join('\n');
            expect(namesIn(text, seats), `prompt of ${m.id}:\n${text}`).toEqual([]);
            expect(text).not.toMatch(/@Response/);
            // What it read is all there: every other answer under its letter.
            expect(prompt.visibility.responses.length).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 200 },
    );
    // 200 whole councils: a few seconds on a busy 2-core machine, which vitest's 5 s default would cut short.
  }, 30_000);

  test('every replacement is tallied, and a name inside code is left as it is', () => {
    const seats = [{ id: 'claude', displayName: 'Claude', replacement: 'Response B' }];
    const anonymiser = new Anonymiser(seats, ['all']);
    expect(anonymiser.scrub('[Claude]: As Claude, I agree with claude. Call `claude.run()`.', 'claude')).toBe(
      'As Response B, I agree with Response B. Call `claude.run()`.',
    );
    expect(anonymiser.scrub('@claude @all what now?\n```\nclaude --help\n```')).toBe(
      'what now?\n```\nclaude --help\n```',
    );
    expect(anonymiser.replacements()).toEqual([
      { from: 'Claude', to: 'Response B', count: 2 },
      { from: '@all', to: '', count: 1 },
      { from: '@claude', to: '', count: 1 },
      { from: '[Claude]:', to: '', count: 1 },
    ]);
  });
});
