import { describe, expect, test } from 'vitest';
import { canMove, type SidecarState, SidecarStateMachine } from './sidecarState';

describe('SidecarStateMachine', () => {
  test('a normal life: starting, healthy, a crash, backoff, starting again, healthy, stopped', () => {
    const machine = new SidecarStateMachine();
    const seen: string[] = [];
    machine.onDidChange((s) => seen.push(s.state));
    const path: SidecarState[] = [
      { state: 'starting', port: 8317, attempt: 1 },
      { state: 'healthy', port: 8317, pid: 10 },
      { state: 'backoff', reason: 'exited with code 2', retryAt: 1_000 },
      { state: 'starting', port: 8317, attempt: 2 },
      { state: 'healthy', port: 8317, pid: 11 },
      { state: 'stopped' },
    ];
    for (const state of path) machine.move(state);
    expect(seen).toEqual(['starting', 'healthy', 'backoff', 'starting', 'healthy', 'stopped']);
    expect(machine.current).toEqual({ state: 'stopped' });
  });

  test('a transition the table does not allow is refused and changes nothing', () => {
    const machine = new SidecarStateMachine();
    expect(() => machine.move({ state: 'healthy', port: 1, pid: 1 })).toThrow('cannot go from idle to healthy');
    expect(machine.current).toEqual({ state: 'idle' });
  });

  test('nothing becomes healthy except from starting or unhealthy (every green was checked)', () => {
    const names = [
      'idle',
      'downloading',
      'verifying',
      'starting',
      'healthy',
      'unhealthy',
      'backoff',
      'stopped',
      'failed',
    ] as const;
    const into = names.filter((from) => canMove(from, 'healthy'));
    expect(into).toEqual(['starting', 'unhealthy']);
    for (const from of names) expect(canMove(from, 'stopped'), from).toBe(true);
  });
});
