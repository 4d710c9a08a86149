import { describe, expect, test } from 'vitest';
import { claude, gpt } from '../../test/support/orchestratorSetup';
import { cliInput } from '../cli/cliInput';
import { stepPrompt } from '../council/stepPrompt';
import type { ChatMessage } from '../llm/types';
import { wireMessages } from '../llm/wireMessages';
import { DEFAULT_ORCHESTRATOR_SETTINGS, type OrchestratorSettings } from '../orchestrator/settings';
import { parseTranscript } from '../transcript/parseTranscript';
import { type ImageRef, TRANSCRIPT_VERSION, type Transcript } from '../transcript/schema';
import { IMAGE_PROMPT_CHARS } from './fitToBudget';

/*
 * Golden prompts of a message with a screenshot, for one seat that reads images (Claude, `vision`) and one that does
 * not (GPT): the first gets the image as a part of that message, the other the same text with a line in its place.
 */

const AT = (minute: number) => `2026-02-03T10:${String(minute).padStart(2, '0')}:00.000Z`;
const SHOT: ImageRef = { sha256: 'c0ffee'.padEnd(64, '0'), mime: 'image/png', bytes: 48_213, name: 'login-error.png' };
const LOGS: ImageRef = { sha256: 'beef'.padEnd(64, '1'), mime: 'image/jpeg', bytes: 2_400_000 };

function thread(): Transcript {
  return {
    version: TRANSCRIPT_VERSION,
    id: 'images',
    title: 'Why does login fail?',
    createdAt: AT(0),
    updatedAt: AT(2),
    participants: ['claude', 'gpt'],
    messages: [
      {
        id: 'm0',
        seq: 0,
        role: 'user',
        speaker: 'user',
        content: '@all why does login fail like this?',
        images: [SHOT, LOGS],
        targets: ['claude', 'gpt'],
        status: 'complete',
        createdAt: AT(0),
      },
      { id: 'new', seq: 1, role: 'assistant', speaker: 'x', content: '', status: 'streaming', createdAt: AT(1) },
    ],
  };
}

const SETTINGS: OrchestratorSettings = {
  ...DEFAULT_ORCHESTRATOR_SETTINGS,
  participants: [
    { ...claude, vision: true },
    { ...gpt, vision: false },
  ],
};

function promptOf(speaker: string) {
  const t = thread();
  t.messages[1] = { ...(t.messages[1] as Transcript['messages'][number]), speaker };
  return stepPrompt(t, 'new', speaker, SETTINGS);
}

function render(title: string, messages: ChatMessage[]): string {
  const body = messages
    .map((m) => {
      const images = (m.images ?? []).map((i) => `[image part: ${i.sha256} ${i.mime} ${i.bytes} bytes]\n`).join('');
      return `--- ${m.role} ---\n${m.content}\n${images}`;
    })
    .join('');
  return `# ${title}\n${body}`;
}

describe('golden prompts: a message with images, to a seat that reads them and one that does not', () => {
  test('the fixture, without its reply in flight, is a valid stored thread', () => {
    const t = thread();
    expect(parseTranscript({ ...t, messages: t.messages.slice(0, 1) })).toMatchObject({ ok: true });
  });

  test('the vision seat gets both images as parts of the message, and no line about them', async () => {
    const { messages } = promptOf('claude');
    await expect(render('claude, vision', messages)).toMatchFileSnapshot('./__golden__/images.vision.txt');
    expect(messages.at(-1)).toEqual<ChatMessage>({
      role: 'user',
      content: '[User] @all why does login fail like this?',
      images: [SHOT, LOGS],
    });
  });

  test('the text seat gets one line per image saying it was left out and why, and no image', async () => {
    const { messages } = promptOf('gpt');
    await expect(render('gpt, text only', messages)).toMatchFileSnapshot('./__golden__/images.text.txt');
    const last = messages.at(-1);
    expect(last?.images).toBeUndefined();
    expect(last?.content).toBe(
      [
        '[User] @all why does login fail like this?',
        '[Image left out: login-error.png (PNG, 47 KB); this seat does not read images.]',
        '[Image left out: an image (JPEG, 2.3 MB); this seat does not read images.]',
      ].join('\n\n'),
    );
  });

  test('on the wire, the vision seat gets a text part then an image_url part per image, as data URLs', async () => {
    const { messages } = promptOf('claude');
    const loaded: string[] = [];
    const wire = await wireMessages(messages, async (image) => {
      loaded.push(image.sha256);
      return image === LOGS ? undefined : `data:${image.mime};base64,iVBORw0KGgo=`;
    });
    expect(wire.slice(0, -1).every((m) => typeof m.content === 'string')).toBe(true);
    expect(wire.at(-1)).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: '[User] @all why does login fail like this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
        { type: 'text', text: '[Image left out: an image (JPEG, 2.3 MB) could not be read from disk.]' },
      ],
    });
    expect(loaded).toEqual([SHOT.sha256, LOGS.sha256]);
  });

  test('a CLI seat, which reads no images, gets the lines in their place even when its seat says vision', () => {
    const { stdin } = cliInput(promptOf('claude').messages);
    expect(stdin).toContain('[Image left out: login-error.png (PNG, 47 KB); this seat does not read images.]');
  });

  test('each image counts against the budget: an old message with images goes first', () => {
    const t = thread();
    const later = {
      id: 'm1',
      seq: 1,
      role: 'user' as const,
      speaker: 'user',
      content: 'and now?',
      status: 'complete' as const,
      createdAt: AT(1),
    };
    const reply = { ...(t.messages[1] as Transcript['messages'][number]), seq: 2, speaker: 'claude', createdAt: AT(2) };
    const settings = { ...SETTINGS, softLimitChars: IMAGE_PROMPT_CHARS, keepRecent: 1 };
    const prompt = stepPrompt(
      { ...t, messages: [t.messages[0] as Transcript['messages'][number], later, reply] },
      'new',
      'claude',
      settings,
    );
    expect(prompt.omitted).toBe(1);
    expect(prompt.messages.some((m) => m.images)).toBe(false);
  });
});
