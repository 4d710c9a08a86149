import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { ParticipantConfig } from '../participants/participant';
import { isRoutable } from '../participants/participant';
import type { SeatMap } from '../protocol/proxyStatus';
import { type IntentResult, OK, refuse } from './result';
import { holdForLogin } from './seatHold';
import type { OrchestratorSettings } from './settings';

/**
 * Who sits at the table: the participants from the settings, and who answers a message with no @-mention (the
 * "speaking to" choice, shared by every view of this window). Changes fire `onDidChange`.
 */
export class Table extends Disposable {
  private readonly changeEmitter = this._register(new Emitter<void>());
  readonly onDidChange: Event<void> = this.changeEmitter.event;
  private chosenTarget: string | null = null;

  /** `seats`: what each seat can do now, when the proxy says (a managed proxy's logins); nothing known otherwise. */
  constructor(
    private current: OrchestratorSettings,
    private readonly seats: () => SeatMap = () => ({}),
  ) {
    super();
  }

  /** The refusal for a turn that would ask a seat known to need a login (see `holdForLogin`); else undefined. */
  held(seatIds: readonly string[]): IntentResult | undefined {
    return holdForLogin(seatIds, this.seats(), this.current.participants);
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
