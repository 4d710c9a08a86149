import type { CliLauncher } from '@roundtable/core/cli/cliProcess';
import { streamCliReply } from '@roundtable/core/cli/streamCliReply';
import type { StreamEvent } from '@roundtable/core/llm/types';
import type { ChatRequest } from '@roundtable/core/orchestrator/ports';
import type { CliProviderConfig } from '../adapters/readProviders';
import type { ChatTuning } from '../proxy/createChatBackend';
import { cliRoute } from './cliRoute';
import type { CliSeatBook } from './cliSeatBook';

/**
 * One reply on a CLI provider: that CLI, from where detection found it, run once (`streamCliReply`) by the window's
 * launcher. A CLI detection found missing or too old fails the reply at once with that reason, starting nothing. The
 * timeouts of `tuning` apply as to HTTP.
 */
export async function* chatOverCli(
  provider: CliProviderConfig,
  request: ChatRequest,
  signal: AbortSignal,
  tuning: ChatTuning,
  route: { book: CliSeatBook; launcher: CliLauncher } = cliRoute(),
): AsyncGenerator<StreamEvent, void, undefined> {
  const found = await route.book.detection(provider);
  if (!found.ok) {
    yield { type: 'error', error: { kind: 'network', message: found.reason } };
    return;
  }
  const dialect = route.book.dialect(provider);
  const cli = { dialect, command: found.path, model: request.model, messages: request.messages };
  yield* streamCliReply(tuning.timeouts ? { ...cli, timeouts: tuning.timeouts } : cli, route.launcher, signal);
}
