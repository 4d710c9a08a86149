/** How often the store worker reports a heartbeat (`tick <epoch ms> <its CPU time in ms>`). */
export const HEARTBEAT_MS = 10;

/**
 * A child process's heartbeats, to tell how long it was kept from running: on a machine short of CPU, a heartbeat
 * arrives late though the child had nothing to do. Each heartbeat's lateness beyond its period, less the CPU time
 * the child itself used meanwhile (its own work delays its timers too, and that counts against it), is time it was
 * starved of the CPU.
 */
export class Heartbeats {
  private readonly beats: { wall: number; cpu: number }[] = [];

  add(wall: number, cpu: number): void {
    this.beats.push({ wall, cpu });
  }

  /** Milliseconds the child was starved between `from` and its last heartbeat. */
  starvedSince(from: number): number {
    let starved = 0;
    for (let i = 1; i < this.beats.length; i++) {
      const before = this.beats[i - 1];
      const beat = this.beats[i];
      if (!before || !beat || beat.wall <= from) continue;
      const late = beat.wall - before.wall - HEARTBEAT_MS;
      starved += Math.max(0, late - (beat.cpu - before.cpu));
    }
    return starved;
  }
}
