/**
 * What the README must be, as first impressions go: short before its architecture, opening with the two commands
 * that start and test everything, showing the pictures `pnpm screenshots` takes (each small enough to load quickly),
 * and with no relative link that leads nowhere. Pure, over the text and two lookups, so its own tests can feed it a
 * README that breaks each rule.
 */

/** The lines a person sees before the architecture starts. */
export const MAX_LINES_BEFORE_ARCHITECTURE = 150;

/** The README's opening, byte for byte: the two commands a newcomer copies to run Roundtable and every test. */
export const OPENING_COMMANDS = [
  '```sh',
  'npm install -g pnpm@12.4.2 && pnpm install --frozen-lockfile && pnpm start   # builds the .vsix and installs it in VS Code, or starts a browser demo',
  'pnpm test                                                                     # runs every test',
  '```',
].join('\n');

/** The first `## Architecture…` heading, 0-based; -1 when there is none. */
export function architectureLine(lines: readonly string[]): number {
  return lines.findIndex((line) => /^## Architecture\b/.test(line));
}

/** Markdown without its fenced blocks and inline code, where link-like text is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/**
 * Every link and image target in `markdown` that is a path (not a URL with a scheme, not an anchor on the same page),
 * without its `#fragment` or `?query`, in order: inline links and images, reference definitions and HTML `src`/`href`.
 */
export function relativeTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets = [
    ...[...text.matchAll(/!?\[[^\]]*\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)].map(
      (m) => m[1] ?? m[2] ?? '',
    ),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1] ?? ''),
    ...[...text.matchAll(/<(?:img|a)\b[^>]*\s(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? ''),
  ];
  return targets
    .filter((target) => target !== '' && !target.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(target))
    .map((target) => decodeURI(target.replace(/[#?].*$/, '')));
}

/** The images the page shows (`![…](…)` or `<img src>`), as relative targets. */
export function imageTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  return relativeTargets([...text.matchAll(/!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>/g)].map((m) => m[0]).join('\n'));
}

export interface ReadmeRules {
  /** The files the README must show, as paths relative to the README. */
  readonly images: readonly string[];
  readonly maxImageBytes: number;
  /** The size of the file at a path relative to the README, or undefined when there is none. */
  readonly sizeOf: (relativePath: string) => number | undefined;
}

/** Everything wrong with `readme`, one sentence each; empty when nothing is. */
export function readmeProblems(readme: string, rules: ReadmeRules): string[] {
  const problems: string[] = [];
  const lines = readme.split('\n');
  const architecture = architectureLine(lines);
  if (architecture < 0) problems.push('there is no "## Architecture" heading');
  else if (architecture > MAX_LINES_BEFORE_ARCHITECTURE) {
    problems.push(`${architecture} lines come before "## Architecture", over ${MAX_LINES_BEFORE_ARCHITECTURE}`);
  }
  const opening = lines.slice(1).join('\n').trimStart();
  if (!/^# \S/.test(lines[0] ?? '') || !opening.startsWith(OPENING_COMMANDS)) {
    problems.push('it does not open with its title and then the two commands, exactly');
  }
  const shown = imageTargets(readme);
  for (const image of rules.images) {
    if (!shown.includes(image)) problems.push(`it does not show ${image}`);
  }
  for (const image of new Set(shown)) {
    const bytes = rules.sizeOf(image);
    if (bytes !== undefined && bytes > rules.maxImageBytes) {
      problems.push(`${image} is ${bytes} bytes, over ${rules.maxImageBytes}`);
    }
  }
  for (const target of new Set(relativeTargets(readme))) {
    if (rules.sizeOf(target) === undefined) problems.push(`its link to ${target} leads to no file`);
  }
  return problems;
}
