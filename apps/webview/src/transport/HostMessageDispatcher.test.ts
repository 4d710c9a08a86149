import type { HostToWebview } from '@roundtable/core/protocol';
import { describe, expect, it } from 'vitest';
import { HostScript, priorMessages, viewState } from '../testing/fixtures';
import { HostMessageDispatcher } from './HostMessageDispatcher';
import { FIRST_STEP_MESSAGES, LARGE_STATE_MESSAGES } from './largeState';

function setup() {
  const warnings: string[] = [];
  const dispatcher = new HostMessageDispatcher((warning) => warnings.push(warning));
  const got: HostToWebview[] = [];
  dispatcher.add((message) => got.push(message));
  return { dispatcher, got, warnings, host: new HostScript() };
}

/** What each delivered message was: a state with its message count, or another message's type. */
const described = (got: HostToWebview[]) =>
  got.map((m) => (m.type === 'view/state' ? `state of ${m.payload.thread.messages.length}` : m.type));

const painted = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

describe('HostMessageDispatcher, a large state', () => {
  const large = LARGE_STATE_MESSAGES + 1;

  it('delivers its newest messages at once, then the whole state after the frame, then what came meanwhile', async () => {
    const { dispatcher, got, warnings, host } = setup();
    dispatcher.receive(host.state(viewState({}, priorMessages(large))));
    expect(described(got)).toEqual([`state of ${FIRST_STEP_MESSAGES}`]);
    const first = got[0];
    expect(first?.type === 'view/state' && first.payload.thread.messages[0]?.id).toBe(
      `m${large - FIRST_STEP_MESSAGES}`,
    );
    dispatcher.receive(host.status(`m${large - 1}`, 'complete'));
    expect(got).toHaveLength(1);
    await painted();
    expect(described(got)).toEqual([`state of ${FIRST_STEP_MESSAGES}`, `state of ${large}`, 'message/patched']);
    expect(got[1]?.seq).toBe(first?.seq);
    expect(warnings).toEqual([]);
  });

  it('drops the whole state with a warning when an older message is invalid; the newest stay delivered', async () => {
    const { dispatcher, got, warnings, host } = setup();
    const state = host.state(viewState({}, priorMessages(large)));
    const raw = JSON.parse(JSON.stringify(state));
    raw.payload.thread.messages[0].status = 'exploded';
    dispatcher.receive(raw);
    dispatcher.receive(host.status(`m${large - 1}`, 'complete'));
    await painted();
    expect(described(got)).toEqual([`state of ${FIRST_STEP_MESSAGES}`, 'message/patched']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('dropped invalid message (type "view/state")');
  });

  it('delivers nothing of it when a newest message is invalid, and goes on at once', () => {
    const { dispatcher, got, warnings, host } = setup();
    const raw = JSON.parse(JSON.stringify(host.state(viewState({}, priorMessages(large)))));
    raw.payload.thread.messages.at(-1).status = 'exploded';
    dispatcher.receive(raw);
    dispatcher.receive(host.status('m1', 'complete'));
    expect(described(got)).toEqual(['message/patched']);
    expect(warnings).toHaveLength(1);
  });

  it('keeps the order through two large states in a row', async () => {
    const { dispatcher, got, host } = setup();
    dispatcher.receive(host.state(viewState({}, priorMessages(large))));
    dispatcher.receive(host.state(viewState({ thread: { id: 'thread-2' } }, priorMessages(large + 1))));
    dispatcher.receive(host.status('m1', 'complete'));
    await painted();
    await painted();
    expect(described(got)).toEqual([
      `state of ${FIRST_STEP_MESSAGES}`,
      `state of ${large}`,
      `state of ${FIRST_STEP_MESSAGES}`,
      `state of ${large + 1}`,
      'message/patched',
    ]);
  });

  it('delivers a large state for the thread already shown whole, at once (a resync)', async () => {
    const { dispatcher, got, host } = setup();
    dispatcher.receive(host.state(viewState({}, priorMessages(large))));
    await painted();
    dispatcher.receive(host.state(viewState({}, priorMessages(large + 1))));
    expect(described(got)).toEqual([`state of ${FIRST_STEP_MESSAGES}`, `state of ${large}`, `state of ${large + 1}`]);
    dispatcher.receive(host.state(viewState({ thread: { id: 'thread-2' } }, priorMessages(large))));
    expect(described(got).at(-1)).toBe(`state of ${FIRST_STEP_MESSAGES}`);
  });

  it('delivers a state of up to LARGE_STATE_MESSAGES messages whole, at once', () => {
    const { dispatcher, got, host } = setup();
    dispatcher.receive(host.state(viewState({}, priorMessages(LARGE_STATE_MESSAGES))));
    dispatcher.receive(host.status('m1', 'complete'));
    expect(described(got)).toEqual([`state of ${LARGE_STATE_MESSAGES}`, 'message/patched']);
  });
});
