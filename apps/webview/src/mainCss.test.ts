import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The stylesheet's theme rules, checked on its text: colours come from the theme, so light, dark and high-contrast
// themes all work, and motion stops for whoever asked for less of it.

// Read from disk: vitest does not process CSS, so importing it (`?raw` included) gives an empty string.
const css = readFileSync(join(import.meta.dirname, 'main.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Every `property: value` declaration, with the property lower-cased. */
const declarations = [...css.matchAll(/([a-z-]+)\s*:\s*([^;{}]+);/gi)].map(([, property = '', value = '']) => ({
  property: property.toLowerCase(),
  value: value.trim(),
}));

describe('main.css', () => {
  it('is read whole', () => {
    expect(css).toContain('.message-list');
  });

  it('reads colours only from --vscode-* variables, and a participant accent', () => {
    const variables = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map(([, name]) => name));
    expect([...variables].filter((name) => !name?.startsWith('--vscode-') && name !== '--participant-accent')).toEqual(
      [],
    );
  });

  it('writes no colour literally (a mask is alpha only, so its gradient may)', () => {
    const literal =
      /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black|red|blue|green|gray|grey)\b/i;
    const offenders = declarations.filter(
      ({ property, value }) =>
        !property.startsWith('mask') && property !== 'white-space' && literal.test(value.replace(/--[\w-]+/g, '')),
    );
    expect(offenders).toEqual([]);
  });

  it('turns every animation and transition off when reduced motion is asked for', () => {
    const reduce = css.slice(css.indexOf('@media (prefers-reduced-motion: reduce)'));
    const universal = /\*,\s*\*::before,\s*\*::after\s*\{([^}]*)\}/.exec(reduce)?.[1] ?? '';
    expect(universal).toMatch(/animation:\s*none\s*!important/);
    expect(universal).toMatch(/transition:\s*none\s*!important/);
  });
});
