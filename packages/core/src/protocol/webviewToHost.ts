import * as v from 'valibot';
import { MAX_INFO_CHARS } from '../limits/changeBlocks';
import { CSP_REPORT_MAX_CHARS } from '../limits/cspReport';
import { MAX_FILE_QUERY_CHARS } from '../limits/files';
import { MAX_IMAGE_BYTES } from '../limits/images';
import { MAX_CODE_CHARS, MAX_CODE_LANGUAGE_CHARS, MAX_LINK_CHARS, MAX_USER_TEXT_CHARS } from '../limits/text';
import { DiscussionMode } from '../transcript/plan';
import { aMessage, empty, id, protocolVersion, relativePath, requestId } from './common';

export { CSP_REPORT_MAX_CHARS } from '../limits/cspReport';

// ---- webview -> host ---------------------------------------------------------------------------------------

/** Builds the schema of one intent: `{ v, type, requestId, payload }`. */
function intent<T extends string, P extends v.GenericSchema>(type: T, payload: P) {
  return v.strictObject({ v: protocolVersion, type: v.literal(type), requestId, payload });
}

/**
 * A reply's change block as the page shows it, its info string and its code: a unified diff, or a file's whole new
 * content when the block names its file. The host reads it again (`readChangeBlock`) and refuses any other block.
 */
export const ProposedChange = v.strictObject({
  info: v.pipe(v.string(), v.maxLength(MAX_INFO_CHARS)),
  code: v.pipe(v.string(), v.maxLength(MAX_CODE_CHARS)),
});
export type ProposedChange = v.InferOutput<typeof ProposedChange>;

/** The longest base64 text of an image that may be at most `MAX_IMAGE_BYTES`. */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;

/** An image the user pasted, dropped or attached, as base64 (the host checks its bytes and stores it). */
const ImageUpload = v.strictObject({
  name: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))),
  data: v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_IMAGE_BASE64_CHARS), v.regex(/^[A-Za-z0-9+/]+={0,2}$/)),
});

export const WebviewToHost = aMessage(
  v.variant('type', [
    /** The page's listener is attached (first load, or re-created after being hidden): answered with `view/state`. */
    v.strictObject({ v: protocolVersion, type: v.literal('view/ready'), payload: empty }),
    /** The page missed a message (sequence gap, unknown message): answered with `view/state`. */
    v.strictObject({ v: protocolVersion, type: v.literal('view/resync'), payload: empty }),
    intent(
      'chat/send',
      v.strictObject({
        threadId: id,
        text: v.pipe(v.string(), v.maxLength(MAX_USER_TEXT_CHARS)),
        targets: v.optional(v.pipe(v.array(id), v.maxLength(32))),
        /** A Council whose seats argue sides (for, against, both); other modes ignore it. */
        stances: v.optional(v.literal(true)),
      }),
    ),
    intent('chat/stop', v.strictObject({ threadId: id })),
    /**
     * What sending this draft now would cost (answered with `cost/estimated`, then `request/done`): the page asks again
     * whenever the draft's mentions, the mode, the seats or the table change.
     */
    intent(
      'chat/estimate',
      v.strictObject({
        threadId: id,
        text: v.pipe(v.string(), v.maxLength(MAX_USER_TEXT_CHARS)),
        stances: v.optional(v.literal(true)),
      }),
    ),
    /** Put an image into the composer, to go with the next message. */
    intent('image/attach', ImageUpload),
    /** Take a chip of editor context (or an image) out of the composer. */
    intent('context/remove', v.strictObject({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) })),
    /** The user typed `#name`: the workspace files that match it (answered with `files/found`, then `request/done`). */
    intent('files/find', v.strictObject({ query: v.pipe(v.string(), v.maxLength(MAX_FILE_QUERY_CHARS)) })),
    /**
     * Add a workspace file as a chip, by a path `files/found` listed. The host reads it only if the path is relative,
     * inside a workspace folder, and names a file there (see `workspacePath`); it may have gone since.
     */
    intent('context/addFile', v.strictObject({ path: relativePath })),
    /** Give the participants a stopped turn skipped their turn now. */
    intent('turn/continue', v.strictObject({ threadId: id })),
    /** Drop the offer to continue with them. */
    intent('turn/dismiss', v.strictObject({ threadId: id })),
    /** Everyone who took part in the discussion answers again, having read the whole last round. */
    intent('turn/anotherRound', v.strictObject({ threadId: id })),
    /** Discuss disputes on a Council's synthesis: rounds that argue only its disputed claims, anonymised. */
    intent('turn/discussDisputes', v.strictObject({ threadId: id, messageId: id })),
    /** A Council that ended at its unanimous vote runs its reviews and synthesis after all. */
    intent('turn/reviewAnyway', v.strictObject({ threadId: id, planId: id })),
    /** Who answers a message in this thread that names nobody ("speaking to"): a seat or a group. */
    intent('chat/setTarget', v.strictObject({ threadId: id, participantId: id })),
    /** How several seats take a message in this thread: Discuss, Independent or Council. */
    intent('chat/setMode', v.strictObject({ threadId: id, mode: DiscussionMode })),
    intent('thread/new', empty),
    intent('thread/open', v.strictObject({ threadId: id })),
    intent('message/retry', v.strictObject({ threadId: id, messageId: id })),
    intent('message/delete', v.strictObject({ threadId: id, messageId: id })),
    /** Ask another participant what a reply answered; its reply is shown beside that one, as an alternative. */
    intent('message/regenerateAs', v.strictObject({ threadId: id, messageId: id, participantId: id })),
    /** Ask the table to review a reply: every other seat, or the members of a group, anonymised by default. */
    intent('message/review', v.strictObject({ threadId: id, messageId: id, groupId: v.optional(id) })),
    /** Show the prompt a reply was sent, as that participant received it (and compare it with the others'). */
    intent('message/prompt', v.strictObject({ threadId: id, messageId: id })),
    /** Ask the seat whose reply stopped at its length limit to go on from there. */
    intent('message/continue', v.strictObject({ threadId: id, messageId: id })),
    /** Try a failed save again now. */
    intent('storage/retry', v.strictObject({ threadId: id })),
    /** Show a thread's file (or an unreadable file of the list) in the operating system's file manager. */
    intent('storage/reveal', v.strictObject({ threadId: id })),
    /** A link the user clicked in rendered markdown. The host opens it only after checking its scheme. */
    intent('link/open', v.strictObject({ url: v.pipe(v.string(), v.maxLength(MAX_LINK_CHARS)) })),
    /**
     * The page's Content Security Policy blocked something (a `securitypolicyviolation` event): the host logs it as an
     * error, since nothing the page does on its own should ever be blocked.
     */
    intent(
      'view/cspViolation',
      v.strictObject({
        directive: v.pipe(v.string(), v.maxLength(CSP_REPORT_MAX_CHARS.directive)),
        blocked: v.pipe(v.string(), v.maxLength(CSP_REPORT_MAX_CHARS.blocked)),
        sample: v.pipe(v.string(), v.maxLength(CSP_REPORT_MAX_CHARS.sample)),
      }),
    ),
    /** The user read the Terms-of-Service notice: never show it again. */
    intent('terms/dismiss', empty),
    /** A code block's Insert at Cursor: into the editor the user last used, replacing its selections. */
    intent('code/insert', v.strictObject({ code: v.pipe(v.string(), v.maxLength(MAX_CODE_CHARS)) })),
    /** A code block's Open in New File: an untitled editor with the code, in its language when VS Code knows it. */
    intent(
      'code/newFile',
      v.strictObject({
        code: v.pipe(v.string(), v.maxLength(MAX_CODE_CHARS)),
        language: v.pipe(v.string(), v.maxLength(MAX_CODE_LANGUAGE_CHARS)),
      }),
    ),
    /**
     * A reply's change block: Review change opens VS Code's diff editor between each file as it is now and as the
     * block would leave it; Apply writes it (one undo step, files left unsaved), all or nothing.
     */
    intent('change/review', ProposedChange),
    intent('change/apply', ProposedChange),
    /**
     * Compare proposals: the files the block changes as it would leave them beside the same files as another seat's
     * reply in the thread would (the host finds those replies, and asks which when there are several).
     */
    intent('change/compare', v.strictObject({ ...ProposedChange.entries, threadId: id, messageId: id })),
    /** The user clicked the proxy's status: the host offers what can be done (check again, restart, sign in, log). */
    intent('sidecar/actions', empty),
    /**
     * Do what fixes a seat that cannot answer, as its state says now (the host's seat map, never the page's): sign in,
     * install or update its CLI, enable its login, or open the settings that seat it.
     */
    intent('seat/fix', v.strictObject({ participantId: id })),
    /** Clear the pause of the login a cooling seat waits for. */
    intent('seat/reset', v.strictObject({ participantId: id })),
  ]),
);
export type WebviewToHost = v.InferOutput<typeof WebviewToHost>;
export type WebviewMessageType = WebviewToHost['type'];
export type WebviewIntent = Extract<WebviewToHost, { requestId: string }>;
