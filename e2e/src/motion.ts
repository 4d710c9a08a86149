import type { Frame } from 'playwright-core';

/** The animation and transition of one element (or its ::before / ::after), as computed. */
export interface MotionSample {
  readonly name: string;
  readonly animationName: string;
  readonly animationDuration: string;
  readonly transitionProperty: string;
  readonly transitionDuration: string;
}

/** "0.2s, 150ms" → [200, 150]. */
export function durationsMs(value: string): number[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => (part.endsWith('ms') ? Number.parseFloat(part) : Number.parseFloat(part) * 1000));
}

/** Whether the element animates, or transitions some property over time. */
export function moves(sample: MotionSample): boolean {
  const names = sample.animationName.split(',').map((n) => n.trim());
  const animates = names.some((n) => n !== 'none') && durationsMs(sample.animationDuration).some((ms) => ms > 0);
  const transitions =
    sample.transitionProperty !== 'none' && durationsMs(sample.transitionDuration).some((ms) => ms > 0);
  return animates || transitions;
}

/** Every element of `frame`'s document, pseudo-elements included, that animates or transitions. */
export function movingElements(frame: Frame): Promise<MotionSample[]> {
  return frame
    .evaluate(() => {
      const samples = [];
      for (const el of document.querySelectorAll('*')) {
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          if (
            style.animationName === 'none' &&
            style.transitionDuration.split(',').every((d) => Number.parseFloat(d) === 0)
          ) {
            continue;
          }
          const classes = [...el.classList].slice(0, 2).join('.');
          samples.push({
            name: `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${pseudo ?? ''}`,
            animationName: style.animationName,
            animationDuration: style.animationDuration,
            transitionProperty: style.transitionProperty,
            transitionDuration: style.transitionDuration,
          });
        }
      }
      return samples;
    })
    .then((samples) => samples.filter(moves));
}
