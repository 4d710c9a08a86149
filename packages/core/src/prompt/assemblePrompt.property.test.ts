import { describe, expect, test } from 'vitest';
import { seededRandom } from '../base/seededRandom';
import type { ChatMessage } from '../llm/types';
import type { ParticipantConfig } from '../participants/participant';
import type { ContextBlock, Message, MessageStatus, Transcript } from '../transcript/schema';
import { type AssemblePromptInput, assemblePrompt } from './index';

const MARKER: ChatMessage = { role: 'user', content: '[System] Earlier messages omitted for length.' };
const RUNS = 400;

function generate(seed: number): AssemblePromptInput {
  const rnd = seededRandom(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const text = () => {
    const shape = int(6);
    if (shape === 0) return '';
    if (shape === 1) return ' \n ';
    return Array.from({ length: 1 + int(120) }, () => pick(['a', 'b', ' ', '\n', '`', '@', 'é'])).join('');
  };

  const configs: ParticipantConfig[] = ['claude', 'gpt', 'gemini']
    .filter(() => rnd() < 0.8)
    .map((id) => ({ id, displayName: id.toUpperCase(), color: '#000000', model: id, enabled: true }));
  const threadParticipants = ['claude', 'gpt', 'gemini', 'old-bot'].filter(() => rnd() < 0.7);
  const speakers = threadParticipants.length > 0 ? threadParticipants : ['claude'];
  const statuses: MessageStatus[] = ['complete', 'complete', 'complete', 'error', 'cancelled', 'deleted', 'streaming'];

  const messages: Message[] = Array.from({ length: int(25) }, (_, seq) => {
    const role = pick(['user', 'user', 'assistant', 'assistant', 'assistant', 'system'] as const);
    const status = pick(statuses);
    const blocks: ContextBlock[] | undefined =
      role === 'user' && rnd() < 0.3
        ? [{ kind: pick(['file', 'selection'] as const), path: 'src/x.ts', content: text(), language: 'ts' }]
        : undefined;
    return {
      id: `m${seq}`,
      seq,
      role,
      speaker: role === 'assistant' ? pick(speakers) : role,
      content: status === 'deleted' ? '' : text(),
      ...(blocks ? { contextBlocks: blocks } : {}),
      status,
      ...(status === 'error' ? { error: 'boom' } : {}),
      createdAt: '2025-01-01T00:00:00Z',
    };
  });
  const transcript: Transcript = {
    version: 7,
    id: `t${seed}`,
    title: '',
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    participants: threadParticipants,
    messages,
  };
  const args: AssemblePromptInput = {
    transcript,
    speakerId: pick(speakers),
    participants: configs,
    systemMode: pick(['multiple', 'inline'] as const),
    softLimitChars: Number.POSITIVE_INFINITY,
    keepRecent: int(7),
  };
  const fullSize = size(assemblePrompt(args).messages);
  return { ...args, softLimitChars: int(fullSize + 100) };
}

const size = (messages: readonly ChatMessage[]) => messages.reduce((sum, m) => sum + m.content.length, 0);

/** The inclusion rule, restated independently as the oracle. */
const included = (m: Message) =>
  m.status !== 'deleted' && m.status !== 'streaming' && (m.content.trim() !== '' || (m.contextBlocks?.length ?? 0) > 0);

describe('assemblePrompt: properties over seeded random transcripts', () => {
  test.each(Array.from({ length: RUNS }, (_, seed) => ({ seed })))('seed $seed', ({ seed }) => {
    const args = generate(seed);
    const result = assemblePrompt(args);
    const full = assemblePrompt({ ...args, softLimitChars: Number.POSITIVE_INFINITY });
    const kept = args.transcript.messages.filter(included);
    const hoisted = (m: Message) => m.role === 'system' && args.systemMode === 'multiple';

    // Without a budget nothing is dropped, and there is one output message per included transcript message.
    expect(full.omitted).toBe(0);
    expect(full.messages).toHaveLength(1 + kept.length);

    // Recover each included message's rendering in seq order from the unbudgeted prompt: hoisted notes come
    // first (in seq order), then the rest (in seq order).
    const notesOut = full.messages.slice(1, 1 + kept.filter(hoisted).length);
    const restOut = full.messages.slice(1 + notesOut.length);
    const rendered = kept.map((m) => (hoisted(m) ? notesOut.shift() : restOut.shift()) as ChatMessage);
    expect(notesOut.every((m) => m.role === 'system')).toBe(true);

    // The system message is first and unchanged.
    expect(result.messages[0]).toEqual(full.messages[0]);
    expect(result.messages[0]?.role).toBe('system');

    // omitted is within what may be dropped; omitted + kept == included.
    const maxDrop = Math.max(0, kept.length - args.keepRecent);
    expect(result.omitted).toBeGreaterThanOrEqual(0);
    expect(result.omitted).toBeLessThanOrEqual(maxDrop);
    const markerCount = result.omitted > 0 ? 1 : 0;
    expect(result.messages.length - 1 - markerCount + result.omitted).toBe(kept.length);

    // Exactly the oldest were dropped, order is preserved, and one marker sits after every system message.
    const survivors = rendered.slice(result.omitted);
    const survivorsHoisted = survivors.filter((_, i) => hoisted(kept[result.omitted + i] as Message));
    const survivorsRest = survivors.filter((_, i) => !hoisted(kept[result.omitted + i] as Message));
    expect(result.messages).toEqual([
      full.messages[0],
      ...survivorsHoisted,
      ...(result.omitted > 0 ? [MARKER] : []),
      ...survivorsRest,
    ]);

    // Within budget whenever the kept part fits: over budget only when everything droppable was dropped.
    const total = size(result.messages);
    if (total > args.softLimitChars) expect(result.omitted).toBe(maxDrop);
    // Minimal: keeping one more message (and the marker only if still needed) would not have fit.
    if (result.omitted > 0) {
      const oneMore = rendered[result.omitted - 1] as ChatMessage;
      const withOneMore = total + oneMore.content.length - (result.omitted === 1 ? MARKER.content.length : 0);
      expect(withOneMore).toBeGreaterThan(args.softLimitChars);
    }
  });

  test('the generator exercises every branch', () => {
    const cases = Array.from({ length: RUNS }, (_, seed) => {
      const args = generate(seed);
      const result = assemblePrompt(args);
      return { args, result, over: size(result.messages) > args.softLimitChars };
    });
    expect(cases.some((c) => c.result.omitted === 0)).toBe(true);
    expect(cases.some((c) => c.result.omitted > 0 && !c.over)).toBe(true);
    expect(cases.some((c) => c.over)).toBe(true);
    expect(cases.some((c) => c.args.systemMode === 'multiple' && c.result.messages[1]?.role === 'system')).toBe(true);
    expect(cases.some((c) => c.args.systemMode === 'inline' && c.result.omitted > 0)).toBe(true);
  });
});
