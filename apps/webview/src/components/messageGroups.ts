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

/**
 * The ids in consecutive groups of `size`, the last one shorter. Appending a message changes the last group only;
 * a message inserted earlier (rare: the host merging another window's message) moves the ones after it along.
 */
export function groupsOf(ids: readonly string[], size = GROUP_SIZE): (readonly string[])[] {
  const groups: (readonly string[])[] = [];
  for (let at = 0; at < ids.length; at += size) groups.push(ids.slice(at, at + size));
  return groups;
}
