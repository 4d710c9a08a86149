import type { ChatBackend } from '@roundtable/core/orchestrator/ports';
import type { WindowChatBackendOptions } from './windowChatBackend';

/**
 * The window's chat backend (`windowChatBackend`: the streaming client, the providers' routes, the CLIs' route, the
 * images), loaded and made by the first request: activation parses none of it.
 */
export function lazyChatBackend(options: WindowChatBackendOptions): ChatBackend {
  let made: Promise<ChatBackend> | undefined;
  return async function* (request, signal) {
    made ??= import('./windowChatBackend').then((m) => m.windowChatBackend(options));
    yield* (await made)(request, signal);
  };
}
