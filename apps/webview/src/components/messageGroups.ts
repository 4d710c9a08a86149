/**
 * How many messages the list puts in one group. Each group is `content-visibility: auto`, so one off screen is
 * skipped whole: its style, layout, paint, and the visibility checks the browser runs each frame for every
 * `content-visibility: auto` element (each message is one too). A frame then costs what the groups on screen hold,
 * whatever the thread's length: about `GROUP_SIZE` messages plus one box per group, instead of every message.
 */
export const GROUP_SIZE = 32;

/**
 * The group's style, set through CSSOM (which the webview's CSP allows, unlike a style attribute). The size is the
 * estimate for a group never shown yet (about what its messages' own estimates add up to); once shown, the browser
 * keeps its real size (`auto`).
 */
export const GROUP_STYLE = { contentVisibility: 'auto', containIntrinsicSize: `auto ${GROUP_SIZE * 7.5}rem` };

/** A group of consecutive messages: its place among all the thread's groups, and the ids of it that are shown. */
export interface MessageGroup {
  readonly index: number;
  readonly ids: readonly string[];
}

/**
 * The ids from `start` on, in the groups of `size` that the whole thread's ids fall into: group `k` holds the ids at
 * `offset + k * size` to `offset + (k + 1) * size - 1` (`k` is negative before `offset`), so a message keeps its group
 * however many older ones are shown: the first group may be partly shown, and the last is shorter. Appending a message
 * changes the last group only; older messages arriving before all of them (a large state's second step) keep the
 * groups when `offset` moves by their number; a message inserted among them (rare: the host merging another window's
 * message) moves the ones after it along.
 */
export function windowGroups(ids: readonly string[], start: number, size = GROUP_SIZE, offset = 0): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (let at = Math.max(0, start); at < ids.length; ) {
    const index = Math.floor((at - offset) / size);
    const end = Math.min(ids.length, offset + (index + 1) * size);
    groups.push({ index, ids: ids.slice(at, end) });
    at = end;
  }
  return groups;
}
