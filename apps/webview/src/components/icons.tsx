import './icons.css';

/**
 * The panel's icons, one path each on a 16 × 16 grid, drawn here rather than taken from a font: a glyph such as ＋
 * shows as an empty box where no installed font has it, and a webfont would be one more file for the page to load.
 * Stroked (and, for the solid ones, filled) in currentColor, so an icon takes its button's text colour in every theme,
 * high contrast included. Only presentation attributes: the CSP allows no inline style.
 *
 * Decorative by rule: the control an icon sits in carries the name (aria-label, title or its own text), so the SVG is
 * hidden from assistive technology and never takes focus (`focusable`: old engines made SVGs Tab stops).
 */
const PATHS = {
  add: 'M8 3v10M3 8h10',
  close: 'M4 4l8 8m0-8l-8 8',
  // An arrow head pointing at where the message goes.
  send: 'M2.5 2.5l11 5.5-11 5.5 2-5.5z',
  stop: 'M4.5 4.5h7v7h-7z',
  chevron: 'M4 6l4 4 4-4',
} as const;

export type IconName = keyof typeof PATHS;

/** The icons drawn as solid shapes; the rest are lines. */
const SOLID: ReadonlySet<IconName> = new Set(['send', 'stop']);

export function Icon({ name, class: extra }: { name: IconName; class?: string }) {
  return (
    <svg
      class={extra ? `icon ${extra}` : 'icon'}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      fill={SOLID.has(name) ? 'currentColor' : 'none'}
      stroke="currentColor"
      stroke-width="1.5"
      stroke-linecap="round"
      stroke-linejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
