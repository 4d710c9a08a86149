import { cliInput } from '../cli/cliInput';
import { describeImage } from '../images/imageCheck';
import type { PromptRecord } from '../orchestrator/PromptLog';
import { fenceFor } from './renderContextBlock';

/** A prompt as the user reads it in an editor: a title for its tab and Markdown text. */
export interface PromptDocument {
  /** E.g. `Claude's prompt`. */
  title: string;
  /** Who received it, for choosing between prompts: `Claude`. */
  speaker: string;
  text: string;
}

const count = new Intl.NumberFormat('en-US');

/**
 * The exact prompt a reply was sent, to read (and to compare with another participant's): a header saying who got
 * it, with which model, when, and how big it was (characters, and tokens at about four characters each), whether
 * older messages were left out for length; then every message in order with its role, its content in a fence that
 * nothing inside can close. Rendered the same way for every participant, so two prompts diff line by line.
 */
export function describePrompt(record: PromptRecord, speaker: string): PromptDocument {
  const chars = record.messages.reduce((sum, m) => sum + m.content.length, 0);
  const attempt = record.attempt > 1 ? `, attempt ${record.attempt}` : '';
  const header = [
    `# What ${speaker} was sent`,
    '',
    `- Model: ${record.model}`,
    `- Reply: ${record.messageId}${attempt}`,
    record.rebuilt
      ? '- Sent: not recorded in this window; rebuilt from the thread as it is now, with the current settings'
      : `- Sent: ${record.at}`,
    `- Size: ${count.format(record.messages.length)} messages, ${count.format(chars)} characters, about ${count.format(Math.ceil(chars / 4))} tokens`,
    ...imageLine(record),
    record.omitted > 0
      ? `- Left out for length: the ${count.format(record.omitted)} oldest message${record.omitted === 1 ? '' : 's'} (one marker stands in for them)`
      : '- Left out for length: nothing',
    ...(record.rule ?? []),
  ];
  const body = record.cli ? cliBody(record, record.cli) : messagesBody(record);
  return { title: `${speaker}'s prompt`, speaker, text: `${[...header, ...body].join('\n')}\n` };
}

/** How many images went as image parts (a CLI seat, which reads none, got the lines that stand in for them). */
function imageLine(record: PromptRecord): string[] {
  const images = record.messages.reduce((sum, m) => sum + (m.images?.length ?? 0), 0);
  if (images === 0) return [];
  return [
    `- Images: ${count.format(images)}, ${record.cli ? 'left out (a CLI reads no images)' : 'sent as image parts'}`,
  ];
}

function messagesBody(record: PromptRecord): string[] {
  return record.messages.flatMap((m, i) => {
    const fence = fenceFor(m.content);
    const images = (m.images ?? []).map((image) => `- Image part: ${describeImage(image)}, sha256 ${image.sha256}`);
    return [
      '',
      `## ${i + 1}. ${m.role}`,
      '',
      `${fence}text`,
      m.content,
      fence,
      ...(images.length ? ['', ...images] : []),
    ];
  });
}

/** A CLI seat's prompt as its process read it: the system prompt file, then standard input, each whole. */
function cliBody(record: PromptRecord, cli: string): string[] {
  const input = cliInput(record.messages);
  const section = (title: string, text: string) => {
    const fence = fenceFor(text);
    return ['', title, '', `${fence}text`, text.replace(/\n$/, ''), fence];
  };
  return [
    `- Delivered: to the \`${cli}\` CLI, one process for this reply: the system prompt in a private file, the transcript on standard input, exactly as below`,
    ...section('## System prompt (the file the CLI read)', input.system),
    ...section('## Standard input', input.stdin),
  ];
}
