import { computed, effect, signal } from '@preact/signals';
import { MAX_USER_TEXT_CHARS } from '@roundtable/core/limits';
import { andList } from '@roundtable/core/present';
import type { UiStateStore } from '../transport/HostTransport';
import type { ChatModel } from './ChatModel';
import { fileCandidates, type MentionCandidate, type MentionQuery, matchCandidates, mentionAt } from './mentionQuery';
import { MODE_LABEL } from './modes';

const count = new Intl.NumberFormat('en-US');

/** Why a send waits while a reply streams in the thread; the draft stays. */
export const BUSY_PROBLEM =
  'A reply is still coming in this thread. Press Escape (or Stop) to stop it, or send once it is done; your message stays here.';

/**
 * The open autocomplete: what is being typed, what matches, and which match Enter or Tab would take. For a `#name`
 * (`files`), each candidate is a workspace file, named by its path.
 */
export interface MentionMenu extends MentionQuery {
  candidates: MentionCandidate[];
  active: number;
}

/**
 * The composer's draft (and its Stances toggle): the webview's only own state. It is persisted on every change
 * through the `UiStateStore`, so hiding and re-showing the view (which reloads the page) keeps what the user typed.
 */
export class ComposerModel {
  readonly draft = signal('');
  /** A readable reason the last submit was refused, shown under the textarea until the draft changes. */
  readonly problem = signal<string | undefined>(undefined);
  /** Where the caret is in the draft (the textarea reports it). */
  readonly caret = signal(0);
  /**
   * The Stances toggle: a Council sent with it has one seat argue for, one against, the others weigh both. It is for
   * one message: on until that message is sent, kept with the draft.
   */
  readonly stances = signal(false);
  /** The `@` whose menu Escape closed: it stays closed until another mention is typed. */
  private readonly dismissed = signal<number | undefined>(undefined);
  private readonly active = signal(0);

  /**
   * Who can be addressed: the participants who can answer (enabled, not muted) in table order, each followed by its
   * aliases; then the groups with a member who can answer (named by those members, and by the group's own mode when
   * it has one); then everyone. How everyone takes the message is the thread's mode, so `all` says nothing of it.
   */
  readonly addressable = computed<MentionCandidate[]>(() => {
    const routable = this.chat.routableParticipants.value;
    const people = routable.flatMap((p): MentionCandidate[] => [
      { id: p.id, label: p.displayName, detail: p.model },
      ...(p.aliases ?? []).map((alias) => ({ id: alias, label: p.displayName, detail: `@${p.id}`, aliasOf: p.id })),
    ]);
    const groups = this.chat.addressableGroups.value.map((g): MentionCandidate => {
      const members = routable.filter((p) => g.members.includes(p.id)).map((p) => p.displayName);
      return {
        id: g.id,
        // The default display name is `@id`, which the menu shows already.
        label: g.displayName.replace(/^@/, ''),
        detail: [andList(members), ...(g.mode ? [MODE_LABEL[g.mode]] : [])].join(' · '),
      };
    });
    const everyone: MentionCandidate[] =
      routable.length > 1 ? [{ id: 'all', label: 'Everyone', detail: 'everyone who can answer' }] : [];
    return [...people, ...groups, ...everyone];
  });

  /**
   * The autocomplete, while an `@name` is being typed and something matches it, or a `#name` and the host's answer
   * for it (an answer to what was typed before is not shown) lists files.
   */
  readonly menu = computed<MentionMenu | undefined>(() => {
    const query = mentionAt(this.draft.value, this.caret.value);
    if (!query || query.start === this.dismissed.value) return undefined;
    const candidates = query.files
      ? fileCandidates(this.chat.files.value, query.query)
      : matchCandidates(this.addressable.value, query.query);
    if (candidates.length === 0) return undefined;
    return { ...query, candidates, active: Math.min(this.active.value, candidates.length - 1) };
  });

  private readonly stopPersisting: () => void;

  constructor(
    private readonly chat: ChatModel,
    store: UiStateStore,
  ) {
    const stored = store.load();
    this.draft.value = stored.draft;
    this.stances.value = stored.stances === true;
    this.stopPersisting = effect(() => {
      store.save(this.stances.value ? { draft: this.draft.value, stances: true } : { draft: this.draft.value });
    });
  }

  /** The user typed: the text and where the caret now is (the end when not given). */
  setDraft(text: string, caret = text.length): void {
    this.problem.value = undefined;
    this.place(text, caret);
  }

  /** The caret moved (arrows, a click) without the text changing. */
  moveCaret(caret: number): void {
    this.place(this.draft.peek(), caret);
  }

  private place(text: string, caret: number): void {
    const before = mentionAt(this.draft.peek(), this.caret.peek());
    this.draft.value = text;
    this.caret.value = caret;
    const after = mentionAt(text, caret);
    if (after?.start !== before?.start || after?.query !== before?.query) {
      this.active.value = 0;
      // A `#name` asks the host for its files whenever it changes; the bare `#` too, so the host has the workspace's
      // files listed by the time a name is typed.
      if (after?.files) this.chat.findFiles(after.query);
    }
    if (after?.start !== this.dismissed.peek()) this.dismissed.value = undefined;
  }

  /** Moves the autocomplete's highlighted entry, wrapping around. */
  moveActive(delta: number): void {
    const menu = this.menu.peek();
    if (!menu) return;
    const length = menu.candidates.length;
    this.active.value = (((menu.active + delta) % length) + length) % length;
  }

  /** Closes the autocomplete for the `@` being typed. */
  dismissMenu(): void {
    this.dismissed.value = this.menu.peek()?.start;
  }

  /**
   * Replaces the `@name` being typed with the chosen one and a space; or takes the `#name` being typed out of the
   * draft (with one space after it) and asks the host for the chosen file as a chip. Returns where the caret goes.
   */
  acceptMention(index = this.menu.peek()?.active ?? 0): number | undefined {
    const menu = this.menu.peek();
    const chosen = menu?.candidates[index];
    if (!menu || !chosen) return undefined;
    const text = this.draft.peek();
    const insert = menu.files ? '' : `@${chosen.id} `;
    if (menu.files) this.chat.addFile(chosen.id);
    // The whole name under the caret goes (what follows the caret too) with one space: a chosen `@name` brings its own.
    const rest = text.slice(menu.start).replace(menu.files ? /^\S* ?/ : /^@[\w-]*\s?/, '');
    this.setDraft(text.slice(0, menu.start) + insert + rest, menu.start + insert.length);
    return this.caret.peek();
  }

  /** ArrowUp in an empty composer: the last message the user sent in this thread, to edit and send again. */
  recall(): boolean {
    if (this.draft.peek() !== '') return false;
    const last = this.chat.replica
      .messageList()
      .filter((m) => m.role === 'user' && m.status !== 'deleted')
      .at(-1);
    if (!last) return false;
    this.setDraft(last.content);
    return true;
  }

  /** Turns the Stances toggle on or off for the message being written. */
  setStances(on: boolean): void {
    this.stances.value = on;
  }

  /** Sends the draft (with stances when the toggle is on); clears both only when it was actually sent. */
  submit(): boolean {
    const text = this.draft.peek();
    const stances = this.stances.peek();
    const result = this.chat.send(
      text,
      () => {
        // The host refused it (the notice says why): give the message back unless something new was typed.
        if (this.draft.peek() !== '') return;
        this.draft.value = text;
        this.stances.value = stances;
      },
      { stances },
    );
    if (result === 'sent') {
      this.draft.value = '';
      this.stances.value = false;
      this.problem.value = undefined;
      return true;
    }
    if (result === 'busy') this.problem.value = BUSY_PROBLEM;
    if (result === 'tooLong') {
      this.problem.value = `This message has ${count.format(text.length)} characters; the limit is ${count.format(MAX_USER_TEXT_CHARS)}. Shorten it or split it into several messages.`;
    }
    return false;
  }

  dispose(): void {
    this.stopPersisting();
  }
}
