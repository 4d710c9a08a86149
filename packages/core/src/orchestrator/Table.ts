import { Emitter, type Event } from '../base/event';
import { Disposable } from '../base/lifecycle';
import type { ParticipantConfig } from '../participants/participant';
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

  constructor(private current: OrchestratorSettings) {
    super();
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

  participant(id: string): ParticipantConfig | undefined {
    return this.current.participants.find((p) => p.id === id);
  }

  update(settings: OrchestratorSettings): void {
    this.current = settings;
    this.changeEmitter.fire();
  }

  /** The chosen target while it is enabled; otherwise the first enabled participant. */
  defaultTarget(): string | null {
    const enabled = this.enabled();
    if (this.chosenTarget && enabled.some((p) => p.id === this.chosenTarget)) return this.chosenTarget;
    return enabled[0]?.id ?? null;
  }

  setDefaultTarget(participantId: string): IntentResult {
    if (!this.enabled().some((p) => p.id === participantId)) {
      return refuse(`"${participantId}" is not an enabled participant.`);
    }
    if (this.chosenTarget !== participantId) {
      this.chosenTarget = participantId;
      this.changeEmitter.fire();
    }
    return OK;
  }
}
