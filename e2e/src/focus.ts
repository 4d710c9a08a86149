import type { Frame, FrameLocator, Page } from 'playwright-core';

/** The numbering of focused elements kept in the page, both ways. */
interface FocusRegistry {
  __focusIds?: WeakMap<Element, string>;
  __focusElements?: Map<string, WeakRef<Element>>;
}

/** How the focused element of the webview looks. */
export interface FocusSample {
  /** The same element gets the same id on every sample (a numbering kept in the page). */
  readonly id: string;
  /** What it is in the panel ("status pill", "link", "composer"…; see `sampleFocus`), or its tag for anything else. */
  readonly kind: string;
  readonly name: string;
  /** The toolbar it sits in, if any: its aria-label and its place among the document's toolbars. */
  readonly toolbar: string | null;
  readonly outlineStyle: string;
  readonly outlineWidth: number;
  readonly outlineColor: string;
  readonly boxShadow: string;
  /** `--vscode-focusBorder`, resolved to the same `rgb()` form as the outline colour. */
  readonly focusBorder: string;
  /** Its opacity times its ancestors'. */
  readonly opacity: number;
  /** Whether some of it is inside the panel's viewport. */
  readonly onScreen: boolean;
}

/**
 * What a focus ring must be: an outline (or box shadow) in the theme's focus border colour, on an element that is
 * visible (not faded out, on screen). A theme without a focus border colour would make every ring invisible, so that
 * is a problem too.
 */
export function focusProblems(samples: readonly FocusSample[]): string[] {
  const problems: string[] = [];
  for (const s of samples) {
    const what = `${s.kind} (${s.name})`;
    if (!/^rgba?\(/.test(s.focusBorder) || /rgba\([^)]*,\s*0\)$/.test(s.focusBorder)) {
      problems.push(`${what}: the theme's focus border resolves to "${s.focusBorder}"`);
      continue;
    }
    const outline = s.outlineStyle !== 'none' && s.outlineWidth >= 1 && s.outlineColor === s.focusBorder;
    const shadow = s.boxShadow !== 'none' && s.boxShadow.includes(s.focusBorder);
    if (!outline && !shadow) {
      problems.push(
        `${what}: no focus ring in ${s.focusBorder} (outline ${s.outlineStyle} ${s.outlineWidth}px ${s.outlineColor}, ` +
          `box-shadow ${s.boxShadow})`,
      );
    }
    if (s.opacity < 0.5) problems.push(`${what}: focused while faded to opacity ${s.opacity}`);
    if (!s.onScreen) problems.push(`${what}: focused off screen`);
  }
  for (const [toolbar, stops] of toolbarStops(samples)) {
    if (stops > 1) problems.push(`toolbar "${toolbar}" has ${stops} Tab stops; a toolbar is one (arrows move inside)`);
  }
  return problems;
}

/** How many Tab stops each toolbar took. */
export function toolbarStops(samples: readonly FocusSample[]): Map<string, number> {
  const stops = new Map<string, number>();
  for (const s of samples) if (s.toolbar) stops.set(s.toolbar, (stops.get(s.toolbar) ?? 0) + 1);
  return stops;
}

/** The focused element of `frame`'s document, or undefined when the focus is elsewhere (the workbench). */
export function sampleFocus(frame: Frame): Promise<FocusSample | undefined> {
  return frame.evaluate(() => {
    const el = document.activeElement;
    if (!document.hasFocus() || !(el instanceof HTMLElement) || el === document.body) return undefined;
    // Each focusable part of the panel, by what it is; the first match wins.
    const kinds: [string, string][] = [
      ['terms notice', '.terms-notice button, .terms-line button'],
      ['status pill', '.status-pill'],
      ['conversation', '.message-list'],
      ['link', '.markdown a'],
      ['table', '.table-scroll'],
      ['code toolbar', '.code-toolbar button'],
      ['code', 'pre'],
      ['message toolbar', '.message-actions button'],
      ['show more', '.message .link-button'],
      ['jump to latest', '.jump-latest'],
      ['composer', '.composer-input'],
      ['recipient', '.composer select'],
      ['send', '.composer button'],
    ];
    const kind = kinds.find(([, selector]) => el.matches(selector))?.[0] ?? el.tagName.toLowerCase();
    const probe = document.createElement('span');
    probe.style.color = 'var(--vscode-focusBorder, transparent)';
    document.body.append(probe);
    const focusBorder = getComputedStyle(probe).color;
    probe.remove();
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement) {
      opacity *= Number(getComputedStyle(node).opacity);
    }
    // Several messages' toolbars share a label ("Actions for the message from You"): tell them apart by position.
    const toolbar = el.closest('[role="toolbar"]');
    const toolbars = [...document.querySelectorAll('[role="toolbar"]')];
    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const root = document.documentElement;
    // Identity across samples without touching the DOM: a numbering kept on the window.
    const registry = window as unknown as FocusRegistry;
    registry.__focusIds ??= new WeakMap();
    registry.__focusElements ??= new Map();
    if (!registry.__focusIds.has(el)) {
      const next = String(registry.__focusElements.size + 1);
      registry.__focusIds.set(el, next);
      registry.__focusElements.set(next, new WeakRef(el));
    }
    const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ');
    return {
      id: registry.__focusIds.get(el) ?? '',
      kind,
      name: `${el.tagName.toLowerCase()} "${text.slice(0, 40)}"`,
      toolbar: toolbar ? `${toolbar.getAttribute('aria-label')} (#${toolbars.indexOf(toolbar) + 1})` : null,
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth) || 0,
      outlineColor: style.outlineColor,
      boxShadow: style.boxShadow,
      focusBorder,
      opacity: Math.round(opacity * 100) / 100,
      onScreen: rect.bottom > 0 && rect.right > 0 && rect.top < root.clientHeight && rect.left < root.clientWidth,
    };
  });
}

/** Waits up to a second for the focus to land on an element of `frame`, then samples it. */
async function landed(frame: Frame): Promise<FocusSample | undefined> {
  await frame
    .waitForFunction(() => document.hasFocus() && document.activeElement !== document.body, undefined, {
      timeout: 1_000,
    })
    .catch(() => undefined);
  return sampleFocus(frame);
}

/**
 * Whether the webview's host page (the outer frame) holds the focus on the inner frame while the inner page has none.
 * Seen now and then right after a Tab inside the panel, which then went to the host page instead of the panel; most
 * likely the workbench re-focusing the webview (its host page polls the focus every 250 ms and reports changes).
 */
function focusInTransit(frame: Frame): Promise<boolean> {
  const host = frame.parentFrame();
  if (!host) return Promise.resolve(false);
  return host.evaluate(() => document.hasFocus() && document.activeElement?.id === 'active-frame');
}

/**
 * Tabs through the panel from its first focusable element until the focus leaves the webview or comes back to an
 * element seen before, sampling each stop. Real key presses, so `:focus-visible` applies as it does for a person.
 * A press lost to the host page (see `focusInTransit`) is pressed again from where the focus was.
 */
export async function tabThroughPanel(
  page: Page,
  webview: FrameLocator,
  frame: Frame,
  max = 60,
): Promise<FocusSample[]> {
  // A click on the header's title (not focusable) puts the focus in the document without focusing anything.
  await webview.locator('[data-testid="thread-title"]').click();
  const samples: FocusSample[] = [];
  const seen = new Set<string>();
  let retries = 0;
  while (samples.length < max) {
    await page.keyboard.press('Tab');
    const sample = await landed(frame);
    const previous = samples.at(-1);
    if (!sample && previous && retries < 3 && (await focusInTransit(frame))) {
      retries += 1;
      await frame.evaluate((id) => {
        const el = (window as unknown as FocusRegistry).__focusElements?.get(id)?.deref();
        if (el instanceof HTMLElement) el.focus();
      }, previous.id);
      continue;
    }
    if (!sample || seen.has(sample.id)) return samples;
    seen.add(sample.id);
    samples.push(sample);
  }
  throw new Error(`more than ${max} Tab stops in the panel`);
}
