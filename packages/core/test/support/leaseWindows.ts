import { DisposableStore } from '../../src/base/lifecycle';
import { Orchestrator } from '../../src/orchestrator/Orchestrator';
import { DEFAULT_ORCHESTRATOR_SETTINGS } from '../../src/orchestrator/settings';
import { unfinishedPlan } from '../../src/orchestrator/unfinishedPlan';
import { silentLogger } from '../../src/ports';
import type { ThreadLease } from '../../src/store/ThreadStore';
import { FakeClock } from '../../src/testing/FakeClock';
import { MemoryThreadStorage } from '../../src/testing/MemoryThreadRepository';
import { ScriptedChat } from '../../src/testing/ScriptedChat';
import { parseTranscript } from '../../src/transcript/parseTranscript';
import type { Transcript } from '../../src/transcript/schema';
import type { LeaseOp } from './leaseOps';
import { HOST, KillableRepository, type LeaseWindow, PARTICIPANTS, settle } from './leaseWindow';

export { type LeaseOp, leaseOps } from './leaseOps';

// Windows that start, run Council turns, renew their turns' leases, get killed (a crash: nothing more is written,
// the process is gone), and reopen the thread, on one memory storage and one fake clock; each step is checked
// against the lease's rules (`turnLease.ts`). The property test generates the steps.

/** What a play did, for the named cases to check that it did what they name. */
export interface LeasePlay {
  /** The rules broken (empty when none). */
  problems: string[];
  /** Replies a reopening window found cut off with some text kept. */
  cutOffWithText: number;
  /** Presses of Continue two windows made together that one of them won. */
  raced: number;
  /** The plan the fresh window at the end continued, and whether the plan then ended. */
  continuedAtEnd: 'nothing' | 'ended' | 'not ended';
}

/**
 * Plays `ops` and reports what it did and the rules it broke. Checked after every step: every stored copy reads
 * as a valid thread; no two live windows run one plan; a reply of a live window is never marked cut off; a window
 * that reads the thread after its runner was killed finds that turn interrupted, with the text it had written kept;
 * of two windows pressing Continue together at most one runs. At the end, Continue in a fresh window runs what is
 * left, and the plan ends.
 */
export async function playLeaseWindows(ops: readonly LeaseOp[]): Promise<LeasePlay> {
  const clock = new FakeClock();
  const storage = new MemoryThreadStorage();
  const live = new Set<number>();
  const own = new DisposableStore();
  const windows: LeaseWindow[] = [];
  const problems: string[] = [];
  const play: LeasePlay = { problems, cutOffWithText: 0, raced: 0, continuedAtEnd: 'nothing' };
  let threadId = '';
  let sent = 0;
  /** Message id -> its text as stored when the window streaming it was killed. */
  const storedAtKill = new Map<string, string>();

  const start = async (): Promise<LeaseWindow> => {
    const index = windows.length;
    const pid = 1000 + index;
    const chat = new ScriptedChat();
    const repository = own.add(new KillableRepository([], storage));
    let n = 0;
    const orchestrator = new Orchestrator({
      repository,
      chat: chat.backend,
      clock,
      ids: { next: () => `w${index}-${++n}` },
      logger: silentLogger,
      settings: { ...DEFAULT_ORCHESTRATOR_SETTINGS, participants: PARTICIPANTS },
      leaseOwner: {
        owner: `window-${index}`,
        pid,
        host: HOST,
        alive: (p, h) => (h === HOST ? live.has(p) : undefined),
      },
    });
    live.add(pid);
    let hold: ThreadLease;
    if (threadId === '') {
      hold = await orchestrator.newThread();
      threadId = hold.threadId;
      orchestrator.setMode(threadId, 'council');
      orchestrator.store.append(
        threadId,
        { id: 'start', role: 'user', speaker: 'user', content: 'a shared start', status: 'complete' },
        'urgent',
      );
      await orchestrator.store.flush();
    } else {
      const opened = await orchestrator.store.open(threadId);
      if (!opened.ok) throw new Error(`window ${index} could not open the thread: ${opened.reason}`);
      hold = opened.lease;
    }
    const w: LeaseWindow = {
      index,
      pid,
      orchestrator,
      chat,
      repository,
      hold,
      open: [],
      alive: true,
      placed: new Set(),
    };
    chat.onCall = (call) => w.open.push(call);
    own.add(
      orchestrator.store.onDidChange((c) => {
        if (c.kind === 'messageAdded' && c.message.id.startsWith(`w${index}-`)) w.placed.add(c.message.id);
      }),
    );
    windows.push(w);
    return w;
  };
  const alive = () => windows.filter((w) => w.alive);
  const pick = (i: number) => alive()[i % Math.max(1, alive().length)];
  const stored = (): Transcript | undefined => {
    const file = storage.files.get(threadId);
    if (!file) return undefined;
    const parsed = parseTranscript(JSON.parse(file.text));
    if (!parsed.ok) problems.push(`the stored thread does not read: ${parsed.error}`);
    return parsed.ok ? parsed.value : undefined;
  };
  const step = async (ms: number) => {
    // Time moves in small steps, each letting the writes it started finish, as a running process would.
    for (let left = ms; left > 0; left -= 500) {
      clock.advance(Math.min(500, left));
      await settle();
    }
  };
  const ownLeases = (w: LeaseWindow) =>
    (w.orchestrator.store.transcript(threadId)?.leases ?? []).filter(
      (l) => l.owner === `window-${w.index}` && l.ended === undefined,
    );

  try {
    await start();
    for (const [at, op] of ops.entries()) {
      const where = `step ${at} (${JSON.stringify(op)})`;
      if (op.kind === 'open') {
        if (alive().length < 3) {
          const w = await start();
          await step(10);
          // A window that opens the thread after a killed one's turn finds it interrupted, its text kept.
          const t = w.orchestrator.store.transcript(threadId);
          for (const m of t?.messages ?? []) {
            const owner = windows.find((x) => x.placed.has(m.id));
            if (m.status === 'streaming' && owner && !owner.alive) {
              problems.push(`${where}: ${m.id} of a killed window is still streaming after a reopen`);
            }
            const kept = storedAtKill.get(m.id);
            if (kept !== undefined && m.cutOff && m.content !== kept) {
              problems.push(`${where}: ${m.id} was cut off with "${m.content}", but "${kept}" was written`);
            }
            if (kept !== undefined && m.cutOff && kept !== '') play.cutOffWithText += 1;
          }
        }
      } else if (op.kind === 'tick') {
        await step(op.ms);
      } else if (op.kind === 'continueTogether') {
        const [a, b] = alive().filter((w) => !w.orchestrator.runner.isBusy(threadId));
        if (a && b) {
          // Both know the thread as stored now; neither hears of the other's Continue before its own is written.
          for (const w of [a, b]) {
            w.repository.deliver();
            await w.orchestrator.store.settled();
          }
          const results = await Promise.all([a, b].map((w) => w.orchestrator.continueSkipped(threadId)));
          const won = results.filter((r) => r.ok).length;
          if (won > 1) problems.push(`${where}: both windows continued the turn`);
          if (won === 1 && results.some((r) => !r.ok && r.reason.includes('Another VS Code window'))) play.raced += 1;
        }
      } else {
        const w = pick(op.w);
        if (!w) continue;
        const { orchestrator, chat } = w;
        const call = () => chat.calls[w.open[0] ?? -1];
        switch (op.kind) {
          case 'send':
            if (!orchestrator.runner.isBusy(threadId)) await orchestrator.send(threadId, `question ${++sent} @all`);
            break;
          case 'chunk':
            call()?.emit({ type: 'delta', text: `c${at} ` });
            break;
          case 'finish': {
            const c = call();
            if (c) {
              c.emit({ type: 'delta', text: 'done' });
              c.emit({ type: 'finish', reason: 'stop' });
              c.end();
              w.open.shift();
            }
            break;
          }
          case 'stop':
            orchestrator.stop(threadId);
            break;
          case 'sync':
            w.repository.deliver();
            await orchestrator.store.settled();
            break;
          case 'continue':
            await orchestrator.continueSkipped(threadId);
            break;
          case 'kill': {
            const onDisk = stored();
            for (const m of onDisk?.messages ?? []) {
              if (m.status === 'streaming' && w.placed.has(m.id)) storedAtKill.set(m.id, m.content);
            }
            w.alive = false;
            w.repository.killed = true;
            live.delete(w.pid);
            w.hold.dispose();
            w.orchestrator.dispose();
            break;
          }
        }
      }
      for (const x of windows) x.open = x.open.filter((i) => !x.chat.calls[i]?.signal.aborted);
      await step(10);
      stored();
      // No two live windows run one plan.
      const held = alive().flatMap((x) => ownLeases(x).map((l) => l.plan));
      if (new Set(held).size !== held.length) problems.push(`${where}: two live windows hold one plan (${held})`);
      // A live window's reply is never cut off by another.
      for (const m of stored()?.messages ?? []) {
        if (m.cutOff && alive().some((x) => x.placed.has(m.id))) {
          problems.push(`${where}: ${m.id} of a live window was marked cut off`);
        }
      }
      if (problems.length > 0) return play;
    }

    // The end: the live windows finish what they run; a fresh window continues what is left, which then ends.
    for (let guard = 0; alive().some((w) => w.orchestrator.runner.isBusy(threadId)); guard++) {
      if (guard > 100) return { ...play, problems: [...problems, 'the live windows’ turns did not end'] };
      for (const w of alive()) {
        const c = w.chat.calls[w.open[0] ?? -1];
        if (c) {
          c.emit({ type: 'finish', reason: 'stop' });
          c.end();
          w.open.shift();
        }
      }
      await step(10);
    }
    for (const w of alive()) w.repository.deliver();
    await step(1_000);
    const last = await start();
    await step(10);
    const t = last.orchestrator.store.transcript(threadId);
    const open = t && unfinishedPlan(t, last.orchestrator.runner, last.orchestrator.table);
    if (open) {
      const result = await last.orchestrator.continueSkipped(threadId);
      if (!result.ok) return { ...play, problems: [...problems, `Continue was offered but refused: ${result.reason}`] };
      for (let guard = 0; last.orchestrator.runner.isBusy(threadId); guard++) {
        if (guard > 100) return { ...play, problems: [...problems, 'the continued turn did not end'] };
        const c = last.chat.calls[last.open[0] ?? -1];
        if (c) {
          c.emit({ type: 'delta', text: 'resumed' });
          c.emit({ type: 'finish', reason: 'stop' });
          c.end();
          last.open.shift();
        }
        await step(10);
      }
      const after = last.orchestrator.store.transcript(threadId);
      const still = after && unfinishedPlan(after, last.orchestrator.runner, last.orchestrator.table);
      play.continuedAtEnd = still?.plan.id === open.plan.id ? 'not ended' : 'ended';
      if (play.continuedAtEnd === 'not ended') problems.push('Continue did not run what was left of the plan');
    }
    return play;
  } finally {
    for (const w of alive()) {
      w.hold.dispose();
      w.orchestrator.dispose();
    }
    own.dispose();
  }
}
