import type { StreamEvent } from '@roundtable/core';
import type { CliDialect } from '@roundtable/core/cli';
import { FakeCliLauncher, FakeCliProcess, testDialect } from '@roundtable/core/testing';
import { describe, expect, test } from 'vitest';
import type { ProviderConfig } from '../adapters/readProviders';
import { createChatBackend } from '../proxy/createChatBackend';
import { chatOverCli } from './chatOverCli';
import { CliSeatBook } from './cliSeatBook';

// A reply for a participant on a CLI provider runs that CLI (from where detection found it), never the proxy; a
// CLI detection found missing fails the reply at once, starting nothing.

class TestBook extends CliSeatBook {
  override dialect(): CliDialect {
    return testDialect;
  }
}

const providers: ProviderConfig[] = [{ kind: 'cli', id: 'claude-code', name: 'Claude Code', cli: 'claude' }];

async function run(book: CliSeatBook, launcher: OneProcessLauncher, feed?: (p: FakeCliProcess) => void) {
  // The backend hands a CLI provider's request to `cli`; here that is the real `chatOverCli` on the test's route.
  const backend = createChatBackend(
    async () => {
      throw new Error('the proxy is not asked');
    },
    async () => undefined,
    () => {
      throw new Error('a CLI reply says nothing about the proxy');
    },
    () => providers,
    { timeouts: { firstByteMs: 5_000, stallMs: 5_000 } },
    (provider, request, signal, tuning) => chatOverCli(provider, request, signal, tuning, { book, launcher }),
  );
  const events: StreamEvent[] = [];
  const messages = [
    { role: 'system' as const, content: 'You are Opus.' },
    { role: 'user' as const, content: '[User] hello' },
  ];
  const done = (async () => {
    for await (const e of backend({ model: 'opus', provider: 'claude-code', messages }, new AbortController().signal))
      events.push(e);
  })();
  await Promise.resolve();
  feed?.(launcher.process);
  await done;
  return events;
}

class OneProcessLauncher extends FakeCliLauncher {
  readonly process = new FakeCliProcess();
  constructor() {
    super(() => this.process);
  }
}

describe('createChatBackend with a CLI provider', () => {
  test('runs the CLI found by detection with the model, the system prompt and the transcript', async () => {
    const launcher = new OneProcessLauncher();
    const book = new TestBook(async () => ({ ok: true, path: '/opt/claude', version: '2.1.328' }));
    const events = await run(book, launcher, (p) => {
      setTimeout(() => {
        p.write('{"t":"text","x":"Hi from the CLI"}\n{"t":"end"}\n');
        p.exit({ code: 0, signal: null });
      }, 5);
    });
    expect(events.at(0)).toEqual({ type: 'delta', text: 'Hi from the CLI' });
    expect(events.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(launcher.launches).toEqual([
      expect.objectContaining({
        command: '/opt/claude',
        model: 'opus',
        system: 'You are Opus.',
        stdin: '[User] hello\n',
      }),
    ]);
  });

  test('a CLI detection could not use fails the reply at once with the reason, starting nothing', async () => {
    const launcher = new OneProcessLauncher();
    const reason = 'Claude Code is not installed: `claude` is not on the PATH the editor sees.';
    const book = new TestBook(async () => ({ ok: false, problem: 'missing', reason }));
    expect(await run(book, launcher)).toEqual([{ type: 'error', error: { kind: 'network', message: reason } }]);
    expect(launcher.launches).toEqual([]);
  });
});
