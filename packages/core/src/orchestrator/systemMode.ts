import type { ChatError, ChatMessage } from '../llm/types';

/** The provider a participant with no `provider` is reached through. */
const BUILT_IN = 'cliproxyapi';

/**
 * Which providers take only one system message. Thread notes normally reach a model as extra system messages;
 * some OpenAI-compatible servers refuse a request with more than one (or with one anywhere but first). Once a
 * provider has refused, its prompts carry the notes inline as `[System]` user content for as long as this window
 * runs, so the refusal costs one extra request, once.
 */
export class SystemModeMemory {
  private readonly inline = new Set<string>();

  modeFor(provider: string | undefined, configured: 'multiple' | 'inline'): 'multiple' | 'inline' {
    return this.inline.has(provider ?? BUILT_IN) ? 'inline' : configured;
  }

  rememberInline(provider: string | undefined): void {
    this.inline.add(provider ?? BUILT_IN);
  }
}

/**
 * Whether a failed request was refused for carrying several system messages: it did carry more than one, and the
 * server answered 400 or 422 with text about system messages (the wording differs from one server to the next, so
 * any mention of "system" in a refusal of such a request counts).
 */
export function refusesSeveralSystemMessages(error: ChatError, messages: readonly ChatMessage[]): boolean {
  if (messages.filter((m) => m.role === 'system').length < 2) return false;
  if (error.status !== 400 && error.status !== 422) return false;
  return /system/i.test(error.message);
}
