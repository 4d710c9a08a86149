import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The stylesheets' theme rules, checked on their text: colours come from the theme, so light, dark and high-contrast
// themes all work, and motion stops for whoever asked for less of it. main.css is the base; each component's rules
// are in the stylesheet beside it, imported by that component, and the build joins them into one file.

// Read from disk: vitest does not process CSS, so importing it (`?raw` included) gives an empty string.
const files = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.css'))
  .map((name) => join(import.meta.dirname, name))
  .sort();
const textOf = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const css = files.map(textOf).join('\n');
const main = textOf(join(import.meta.dirname, 'main.css'));

/** Every `property: value` declaration, with the property lower-cased. */
const declarations = [...css.matchAll(/([a-z-]+)\s*:\s*([^;{}]+);/gi)].map(([, property = '', value = '']) => ({
  property: property.toLowerCase(),
  value: value.trim(),
}));

describe('the stylesheets', () => {
  it('are read whole: the base and every component’s', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(main).toContain('.visually-hidden');
    for (const rule of ['.message-list', '.message-actions', '.markdown', '.composer-input', '.turn-status'])
      expect(css).toContain(rule);
  });

  it('each is imported by the module of the same name beside it, so the build bundles it', () => {
    const unimported = files.filter((file) => {
      const module = join(dirname(file), basename(file, '.css'));
      const source = ['.tsx', '.ts'].map((ext) => module + ext).find((path) => existsSync(path));
      return !source || !readFileSync(source, 'utf8').includes(`import './${basename(file)}';`);
    });
    expect(unimported.map((file) => relative(import.meta.dirname, file))).toEqual([]);
  });

  it('read colours only from --vscode-* variables, and a participant accent', () => {
    const variables = new Set([...css.matchAll(/var\(\s*(--[\w-]+)/g)].map(([, name]) => name));
    expect([...variables].filter((name) => !name?.startsWith('--vscode-') && name !== '--participant-accent')).toEqual(
      [],
    );
  });

  it('write no colour literally (a mask is alpha only, so its gradient may)', () => {
    const literal =
      /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:white|black|red|blue|green|gray|grey)\b/i;
    const offenders = declarations.filter(
      ({ property, value }) =>
        !property.startsWith('mask') && property !== 'white-space' && literal.test(value.replace(/--[\w-]+/g, '')),
    );
    expect(offenders).toEqual([]);
  });

  it('turn every animation and transition off when reduced motion is asked for (the base, for all of them)', () => {
    const reduce = main.slice(main.indexOf('@media (prefers-reduced-motion: reduce)'));
    const universal = /\*,\s*\*::before,\s*\*::after\s*\{([^}]*)\}/.exec(reduce)?.[1] ?? '';
    expect(universal).toMatch(/animation:\s*none\s*!important/);
    expect(universal).toMatch(/transition:\s*none\s*!important/);
  });
});
