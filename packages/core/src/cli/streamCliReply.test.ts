import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../llm/types';
import { FakeCliLauncher, FakeCliProcess } from '../testing/FakeCliLauncher';
import { FakeClock } from '../testing/FakeClock';
import { testDialect } from '../testing/testDialect';
import { EXIT_GRACE_MS, streamCliReply } from './streamCliReply';

const messages = [
  { role: 'system', content: 'You are Fake.' },
  { role: 'user', content: '[User] hello' },
  { role: 'assistant', content: 'earlier' },
] as const;

function run(process: FakeCliProcess, signal = new AbortController().signal, timeouts = {}) {
  const launcher = new FakeCliLauncher(() => process);
  const events: StreamEvent[] = [];
  const done = (async () => {
    for await (const e of streamCliReply(
      { dialect: testDialect, command: 'fake', model: 'm1', messages, timeouts },
      launcher,
      signal,
    )) {
      events.push(e);
    }
  })();
  return { launcher, events, done };
}

const line = (v: unknown) => `${JSON.stringify(v)}\n`;

describe('streamCliReply', () => {
  it('streams deltas as they are written, then usage and finish; the transcript goes to the launcher, not to args', async () => {
    const p = new FakeCliProcess();
    const { launcher, events, done } = run(p);
    p.write(line({ t: 'hello' }) + line({ t: 'text', x: 'Hel' }));
    await expect.poll(() => events.length).toBe(1);
    p.write(line({ t: 'text', x: 'lo' }) + line({ t: 'end' }));
    p.exit({ code: 0, signal: null });
    await done;
    expect(events).toEqual([
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'usage', usage: { inputTokens: 3, outputTokens: 2 } },
      { type: 'finish', reason: 'stop' },
    ]);
    expect(launcher.launches[0]).toMatchObject({
      command: 'fake',
      model: 'm1',
      system: 'You are Fake.',
      stdin: '[User] hello\n\n[You]: earlier\n',
    });
    expect(p.kills).toBeGreaterThan(0); // the group is ended on the way out even after a clean exit
  });

  it('Stop kills the process and throws the signal reason, keeping what streamed', async () => {
    const p = new FakeCliProcess();
    const controller = new AbortController();
    const { events, done } = run(p, controller.signal);
    p.write(line({ t: 'text', x: 'partial' }));
    await expect.poll(() => events.length).toBe(1);
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(done).rejects.toThrow('stopped');
    expect(p.kills).toBeGreaterThan(0);
    expect(events).toEqual([{ type: 'delta', text: 'partial' }]);
  });

  it('Stop wins even when the killed process does not close stdout', async () => {
    const p = new FakeCliProcess('ignore');
    const controller = new AbortController();
    const { done } = run(p, controller.signal);
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(done).rejects.toThrow('stopped');
  });

  it('no event within the first-byte timeout ends the process with a timeout; start-up lines do not count', async () => {
    const p = new FakeCliProcess();
    const { events, done } = run(p, undefined, { firstByteMs: 60, stallMs: 5_000 });
    p.write(line({ t: 'init' }));
    await done;
    expect(events).toEqual([
      { type: 'error', error: { kind: 'timeout', message: expect.stringContaining('no reply within') } },
    ]);
    expect(p.kills).toBeGreaterThan(0);
  });

  it('silence mid-reply ends it with a stall timeout after the text so far', async () => {
    const p = new FakeCliProcess();
    const { events, done } = run(p, undefined, { firstByteMs: 5_000, stallMs: 60 });
    p.write(line({ t: 'text', x: 'so far' }));
    await done;
    expect(events[0]).toEqual({ type: 'delta', text: 'so far' });
    expect(events[1]).toMatchObject({
      type: 'error',
      error: { kind: 'timeout', message: expect.stringContaining('silent') },
    });
  });

  it('an exit before the reply is complete ends it with the exit code and the CLI stderr, credentials masked', async () => {
    const p = new FakeCliProcess();
    const { events, done } = run(p);
    p.write(line({ t: 'text', x: 'half' }));
    p.writeErr('\u001b[31mboom: upstream said no\u001b[0m (key sk-abcdefghijklmnop)\n');
    p.exit({ code: 3, signal: null });
    await done;
    expect(events[1]).toEqual({
      type: 'error',
      error: {
        kind: 'stream',
        message: 'Fake CLI exited with code 3 before finishing its reply: boom: upstream said no (key [redacted])',
      },
    });
  });

  it('a crash says which signal ended it', async () => {
    const p = new FakeCliProcess();
    const { events, done } = run(p);
    p.exit({ code: null, signal: 'SIGKILL' });
    await done;
    expect(events).toEqual([
      {
        type: 'error',
        error: {
          kind: 'stream',
          message: 'Fake CLI was ended by SIGKILL before finishing its reply without a word on stderr.',
        },
      },
    ]);
  });

  it('a signed-out CLI says which command signs in', async () => {
    const p = new FakeCliProcess();
    const { events, done } = run(p);
    p.writeErr('Please log in first');
    p.exit({ code: 1, signal: null });
    await done;
    expect(events).toEqual([
      { type: 'error', error: { kind: 'account', message: expect.stringContaining('run `fake login` in a terminal') } },
    ]);
  });

  it('a line that is not JSON ends the reply with the line and stderr, keeping the text before it', async () => {
    const p = new FakeCliProcess('ignore');
    const { events, done } = run(p);
    p.writeErr('panic at the disco');
    p.write(`${line({ t: 'text', x: 'ok ' })}this is not json\n${line({ t: 'text', x: 'never' })}`);
    setTimeout(() => p.exit({ code: 101, signal: null }), 20);
    await done;
    expect(events).toEqual([
      { type: 'delta', text: 'ok ' },
      {
        type: 'error',
        error: {
          kind: 'stream',
          message: 'Fake CLI wrote a line Roundtable cannot read: "this is not json". It said: panic at the disco',
        },
      },
    ]);
    expect(p.kills).toBeGreaterThan(0);
  });

  it('a CLI that cannot start is a network error with the launcher reason', async () => {
    const launcher = new FakeCliLauncher(() => new FakeCliProcess(), 'Fake CLI was not found: `fake` is not on PATH.');
    const events: StreamEvent[] = [];
    for await (const e of streamCliReply(
      { dialect: testDialect, command: 'fake', model: 'm', messages },
      launcher,
      new AbortController().signal,
    ))
      events.push(e);
    expect(events).toEqual([
      { type: 'error', error: { kind: 'network', message: 'Fake CLI was not found: `fake` is not on PATH.' } },
    ]);
  });

  it('a caller that stops reading early still ends the process', async () => {
    const p = new FakeCliProcess();
    const launcher = new FakeCliLauncher(() => p);
    p.write(line({ t: 'text', x: 'a' }));
    for await (const _ of streamCliReply(
      { dialect: testDialect, command: 'fake', model: 'm', messages },
      launcher,
      new AbortController().signal,
    ))
      break;
    expect(p.kills).toBeGreaterThan(0);
  });

  it('a CLI that completed its reply gets a moment to exit by itself before its group is ended', async () => {
    const clock = new FakeClock();
    const p = new FakeCliProcess('ignore');
    const launcher = new FakeCliLauncher(() => p);
    const events: StreamEvent[] = [];
    let ended = false;
    const run = (async () => {
      for await (const e of streamCliReply(
        { dialect: testDialect, command: 'fake', model: 'm', messages, clock },
        launcher,
        new AbortController().signal,
      ))
        events.push(e);
      ended = true;
    })();
    p.write(line({ t: 'text', x: 'done' }) + line({ t: 'end' }));
    await expect.poll(() => events.at(-1)?.type).toBe('finish');
    expect(p.kills).toBe(0); // still saving its state, say: not ended yet
    clock.advance(EXIT_GRACE_MS);
    await run;
    expect(ended).toBe(true);
    expect(p.kills).toBeGreaterThan(0);
  });
});
