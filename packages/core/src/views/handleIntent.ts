import { errorMessage } from '../base/errors';
import { checkImageData } from '../images/imageUpload';
import type { PromptInspection } from '../orchestrator/inspectPrompt';
import { type IntentResult, OK, refuse } from '../orchestrator/result';
import { fixOf } from '../protocol/absenceWords';
import { isAbsent } from '../protocol/absentSeat';
import type { WebviewIntent } from '../protocol/messages';
import type { TurnCost } from '../protocol/turnCost';
import type { FileQueryView } from './fileQueries';
import type { PendingContextBox } from './PendingContextBox';
import type { ChatViewDeps, HostActions } from './viewPorts';

/** What carrying out an intent needs of the view it came from. */
export interface IntentView extends FileQueryView {
  /** The thread the view shows now. */
  readonly threadId: string | undefined;
  readonly context: PendingContextBox;
  newThread(): Promise<IntentResult>;
  openThread(threadId: string): Promise<IntentResult>;
  /** Sends the page what the draft its `chat/estimate` asked about would cost. */
  costEstimated(requestId: string, cost: TurnCost): void;
}

/**
 * Carries out one validated intent of a view, as the orchestrator and the host can; the answer (done, or why not)
 * goes back to the page. A thread-scoped intent about a thread the view no longer shows is refused, not carried out
 * on a thread the user is not looking at.
 */
export async function handleIntent(intent: WebviewIntent, view: IntentView, deps: ChatViewDeps): Promise<IntentResult> {
  const { orchestrator, host } = deps;
  switch (intent.type) {
    case 'chat/send':
      return onShown(view, intent.payload.threadId, async (t) => {
        const context = view.context.forMessage(await deps.activeFile?.());
        const result = await orchestrator.send(
          t,
          intent.payload.text,
          intent.payload.targets,
          context.blocks,
          context.images,
          intent.payload.stances ? { stances: true } : {},
        );
        if (result.ok) {
          context.sent();
          // Sending is going on past the notice, which was above the conversation: from now on it is its one line.
          // The message is sent whatever becomes of that (the notice stays in full if it cannot be remembered).
          deps.terms?.dismiss().catch((error: unknown) => {
            deps.logger.warn(`The Terms notice could not be folded: ${String(error)}`);
          });
        }
        return result;
      });
    case 'chat/estimate': {
      // Never refused (a refusal would be a notice): a draft of a thread the view no longer shows just gets no cost.
      const { threadId, text, stances } = intent.payload;
      if (threadId !== view.threadId) return OK;
      // The count's code (routing, plans) loads with the first draft counted.
      const { estimateDraft } = await import('../orchestrator/turnCost');
      const cost = estimateDraft(orchestrator, threadId, text, stances === true);
      if (cost) view.costEstimated(intent.requestId, cost);
      return OK;
    }
    case 'message/prompt': {
      const inspection = await onShown(view, intent.payload.threadId, (t) =>
        orchestrator.inspectPrompt(t, intent.payload.messageId),
      );
      return 'shown' in inspection ? host.showPrompt(inspection.shown, inspection.others) : inspection;
    }
    case 'image/attach':
      return attachImage(view.context, host, intent.payload.data, intent.payload.name);
    case 'context/remove':
      return view.context.remove(intent.payload.id);
    case 'files/find':
      // The `#` list's code loads at the first `#` typed, as the host's listing of the workspace does.
      return (await import('./fileQueries')).findFiles(view, host, intent.payload.query);
    case 'context/addFile': {
      const file = host.readFile(intent.payload.path);
      return inOrder(view.context, file, (f) => (f.ok ? view.context.add(f.block) : f));
    }
    case 'chat/stop':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.stop(t));
    case 'turn/continue':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.continueSkipped(t));
    case 'turn/anotherRound':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.anotherRound(t));
    case 'turn/discussDisputes':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.discussDisputes(t, intent.payload.messageId));
    case 'turn/reviewAnyway':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.reviewAnyway(t, intent.payload.planId));
    case 'turn/dismiss':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.dismissSkipped(t));
    case 'chat/setTarget':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.setSpeakingTo(t, intent.payload.participantId));
    case 'chat/setMode':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.setMode(t, intent.payload.mode));
    case 'message/review':
      return onShown(view, intent.payload.threadId, (t) =>
        orchestrator.review(t, intent.payload.messageId, intent.payload.groupId),
      );
    case 'thread/new':
      return view.newThread();
    case 'thread/open':
      return view.openThread(intent.payload.threadId);
    case 'message/continue':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.continueReply(t, intent.payload.messageId));
    case 'message/retry':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.retry(t, intent.payload.messageId));
    case 'message/regenerateAs':
      return onShown(view, intent.payload.threadId, (t) =>
        orchestrator.regenerateAs(t, intent.payload.messageId, intent.payload.participantId),
      );
    case 'message/delete':
      return onShown(view, intent.payload.threadId, (t) => orchestrator.deleteMessage(t, intent.payload.messageId));
    case 'storage/retry': {
      await orchestrator.store.retrySave(intent.payload.threadId);
      const problem = orchestrator.store.catalog.saveProblems().find((p) => p.threadId === intent.payload.threadId);
      return problem ? refuse(`Still not saved: ${problem.reason}`) : OK;
    }
    case 'storage/reveal':
      return host.reveal(intent.payload.threadId);
    case 'link/open':
      return host.openLink(intent.payload.url);
    case 'sidecar/actions':
      return host.sidecarActions();
    case 'seat/reset':
      return host.resetSeat(intent.payload.participantId);
    case 'seat/fix': {
      const id = intent.payload.participantId;
      const seat = deps.seats?.current[id];
      const fix = isAbsent(seat) ? fixOf(seat) : undefined;
      if (fix === 'signIn') return host.signInSeat(id);
      if (fix) return host.fixSeat(id, fix);
      return refuse(
        seat?.kind === 'unavailable'
          ? `Roundtable cannot fix that seat from here: ${seat.reason}.`
          : 'That seat can answer now: there is nothing to fix.',
      );
    }
    case 'view/cspViolation': {
      const { directive, blocked, sample } = intent.payload;
      deps.logger.error(
        `The chat view's Content Security Policy blocked ${blocked || 'an inline resource'} (${directive})${sample ? `: ${sample}` : ''}.`,
      );
      return OK;
    }
    case 'terms/dismiss':
      await deps.terms?.dismiss();
      return OK;
    case 'code/insert':
      return host.insertCode(intent.payload.code);
    case 'code/newFile':
      return host.openCodeInNewFile(intent.payload.code, intent.payload.language);
    case 'change/review':
      return host.reviewChange(intent.payload);
    case 'change/apply':
      return host.applyChange(intent.payload);
    case 'change/compare':
      return onShown(view, intent.payload.threadId, (t) =>
        host.compareChange(intent.payload, orchestrator.store.transcript(t), orchestrator.table.settings.participants),
      );
  }
}

/** Runs a thread-scoped intent only if it is about the thread this view shows (it may have moved on). */
function onShown<T extends IntentResult | Promise<IntentResult> | Promise<PromptInspection>>(
  view: IntentView,
  threadId: string,
  fn: (threadId: string) => T,
): T | IntentResult {
  if (threadId !== view.threadId) return refuse('This view shows another thread now. Try again there.');
  return fn(threadId);
}

/**
 * An image into the composer, bounded before anything is written: its size and type are read from the page's base64,
 * then it takes a place among the message's images (counting those still being stored); only then is the host asked
 * to store it, and a store that fails gives the place back.
 *
 * Everything up to the host's store runs without waiting, so the count sees intents in the order they arrived. The
 * answers, refusals too, come in the order the page asked: a refusal answered before the images sent with it would
 * be cleared from the page by their successes.
 */
function attachImage(box: PendingContextBox, host: HostActions, data: string, name?: string): Promise<IntentResult> {
  const checked = checkImageData(data, name);
  const held = checked.ok ? box.reserveImage() : checked;
  if (!held.ok) return inOrder(box, Promise.resolve(refuse(held.reason)), (refused) => refused);
  const { slot } = held;
  // A failed store frees its place at once (not when its answer's turn comes): an image sent meanwhile may take it.
  // Asked inside a promise, so a store that throws before it returns one frees its place too.
  const stored = new Promise<StoredImage>((resolve) => resolve(host.storeImage(data, name))).then(
    (s) => {
      if (!s.ok) slot.release();
      return s;
    },
    (error: unknown) => {
      slot.release();
      return { ok: false as const, reason: `Roundtable could not store the image: ${errorMessage(error)}` };
    },
  );
  return inOrder(box, stored, (s) => (s.ok ? slot.fill(s.image) : refuse(s.reason)));
}

type StoredImage = Awaited<ReturnType<HostActions['storeImage']>>;

/** Per composer, the last addition that waited on the host, which the next one joins after. */
const additions = new WeakMap<PendingContextBox, Promise<unknown>>();

/**
 * Adds to a composer what the host prepared (an image stored, a file read) in the order the page asked for them,
 * whatever order the host finishes in: the host's work runs at once, each addition waits for the one asked before it.
 */
function inOrder<T>(
  box: PendingContextBox,
  prepared: Promise<T>,
  add: (value: T) => IntentResult,
): Promise<IntentResult> {
  const added = (additions.get(box) ?? Promise.resolve()).then(() => prepared).then(add);
  additions.set(
    box,
    added.catch(() => undefined),
  );
  return added;
}
