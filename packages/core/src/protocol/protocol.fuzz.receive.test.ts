// The host's side: the view controller drops what fails to parse, logged once, never answered, nothing disturbed.
//
// Both ends of the webview protocol take whatever arrives through postMessage. The schemas must answer every value
// (never throw, whatever its size, depth or keys), the log line for a dropped message must stay short, and the host's
// view controller must drop what fails: logged once, never answered, and without disturbing what comes next.
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { ADVERSARIAL, MAX_DESCRIPTION, malformed } from '../../test/support/protocolHostile';
import { disposeAll, setup } from '../../test/support/viewSetup';

afterEach(disposeAll);

describe('ChatViewController.receive', () => {
  test('drops 200 malformed messages, each with one short log line and no answer; a valid intent still works', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(malformed, { minLength: 200, maxLength: 200 }), async (messages) => {
        disposeAll();
        const { view, logs } = setup();
        const v = view();
        await v.ready();
        const posted = v.posted.length;
        const threadId = v.lastState().thread.id;
        for (const raw of messages) {
          const before = logs.length;
          await v.controller.receive(raw);
          expect(logs.length).toBe(before + 1);
          const line = logs.at(-1) ?? '';
          expect(line).toMatch(/^Webview: dropped invalid message \(type /);
          expect(line.length).toBeLessThanOrEqual('Webview: '.length + MAX_DESCRIPTION);
        }
        expect(v.posted.length).toBe(posted);
        expect(await v.intent('chat/send', { threadId, text: 'still there?' })).toEqual({ requestId: 'r1', ok: true });
        expect(v.posted.filter((m) => m.type === 'request/done')).toHaveLength(1);
      }),
      { numRuns: 5 },
    );
  });

  test.each(ADVERSARIAL)('drops %s the same way', async (_name, make) => {
    const { view, logs } = setup();
    const v = view();
    await v.ready();
    const posted = v.posted.length;
    await v.controller.receive(make());
    expect(logs).toHaveLength(1);
    expect(logs[0]?.length).toBeLessThanOrEqual('Webview: '.length + MAX_DESCRIPTION);
    expect(v.posted.length).toBe(posted);
    expect(await v.intent('thread/new', {})).toEqual({ requestId: 'r1', ok: true });
  });

  test('drops malformed messages before view/ready too, and still answers the handshake', async () => {
    const { view, logs } = setup();
    const v = view();
    for (const raw of fc.sample(malformed, { numRuns: 20, seed: 1 })) await v.controller.receive(raw);
    expect(logs).toHaveLength(20);
    expect(v.posted).toEqual([]);
    await v.ready();
    expect(v.types()).toEqual(['view/state', 'threads/listed', 'view/state']);
    expect(await v.intent('thread/new', {})).toEqual({ requestId: 'r1', ok: true });
  });
});
