import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { ParticipantConfig } from '../participants/participant';
import { isRoutable } from '../participants/participant';
import { isAbsent } from '../protocol/absentSeat';
import type { SeatMap } from '../protocol/proxyStatus';
import { type IntentResult, OK, refuse } from './result';
import type { OrchestratorSettings } from './settings';

/**
 * Who sits at the table: the participants from the settings, and who answers a message with no @-mention (the
 * "speaking to" choice, shared by every view of this window). Changes fire `onDidChange`.
 */
export class Table extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<void>());
  readonly onDidChange: Event<void> = this.changeEmitter.event;
  private chosenTarget: string | null = null;

  /**
   * `seats`: what each seat can do now, from the host's one seat map (the proxy's logins and models, the providers'
   * health, the CLIs' detection and logins); nothing known otherwise.
   */
  constructor(
    private current: OrchestratorSettings,
    private readonly seats: () => SeatMap = () => ({}),
  ) {
    super();
  }

  /**
   * Whether `id` can be asked to answer now: routable (enabled, not muted) and not absent (a seat that needs a login
   * or cannot be reached is left out of every turn until it is fixed).
   */
  canAnswer(id: string): boolean {
    return this.isRoutable(id) && !isAbsent(this.seats()[id]);
  }

  /** Whether `id` is a participant who may be asked at all: enabled and not muted (absent or not). */
  isRoutable(id: string): boolean {
    const participant = this.participant(id);
    return participant !== undefined && isRoutable(participant);
  }

  /** What each seat can do now, as the host's seat map says (the turns' code splits and refuses by it). */
  seatMap(): SeatMap {
    return this.seats();
  }

  get settings(): OrchestratorSettings {
    return this.current;
  }

  get participants(): ParticipantConfig[] {
    return this.current.participants;
  }

  enabled(): ParticipantConfig[] {
    return this.current.participants.filter((p) => p.enabled);
  }

  /** Those who can be asked to answer: enabled and not muted. */
  routable(): ParticipantConfig[] {
    return this.current.participants.filter(isRoutable);
  }

  participant(id: string): ParticipantConfig | undefined {
    return this.current.participants.find((p) => p.id === id);
  }

  update(settings: OrchestratorSettings): void {
    this.current = settings;
    this.changeEmitter.fire();
  }

  /** The chosen target while it can answer; otherwise the first participant who can. */
  defaultTarget(): string | null {
    if (this.chosenTarget && this.canBeAddressed(this.chosenTarget)) return this.chosenTarget;
    return this.routable()[0]?.id ?? null;
  }

  /** Whether a message can go to `id`: a participant who can answer, or a group with a member who can. */
  canBeAddressed(id: string): boolean {
    const routable = this.routable();
    if (routable.some((p) => p.id === id)) return true;
    const group = this.current.groups.find((g) => g.id === id);
    return group !== undefined && routable.some((p) => group.members.includes(p.id));
  }

  setDefaultTarget(participantId: string): IntentResult {
    if (!this.canBeAddressed(participantId)) {
      return refuse(`"${participantId}" is not a participant (or group) who can answer (enabled and not muted).`);
    }
    if (this.chosenTarget !== participantId) {
      this.chosenTarget = participantId;
      this.changeEmitter.fire();
    }
    return OK;
  }
}
