import { readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  MAX_LINES_BEFORE_ARCHITECTURE,
  OPENING_COMMANDS,
  type ReadmeRules,
  readmeProblems,
  relativeTargets,
} from './readmeCheck';
import { MAX_README_IMAGE_BYTES, README_IMAGE_DIR, README_IMAGES } from './readmeImages';
import { repoRoot } from './repoPaths';

const images = Object.values(README_IMAGES).map((file) =>
  path.relative(repoRoot, path.join(README_IMAGE_DIR, file)).split(path.sep).join('/'),
);

function sizeOnDisk(relativePath: string): number | undefined {
  try {
    return statSync(path.join(repoRoot, relativePath)).size;
  } catch {
    return undefined;
  }
}

describe('the README', () => {
  test('is short before its architecture, opens with the two commands, shows the three pictures, links only to files', () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const rules: ReadmeRules = { images, maxImageBytes: MAX_README_IMAGE_BYTES, sizeOf: sizeOnDisk };
    expect(readmeProblems(readme, rules)).toEqual([]);
  });

  test('each picture exists and is under the budget', () => {
    for (const image of images) {
      const bytes = sizeOnDisk(image);
      expect(bytes, `${image} (run pnpm screenshots)`).toBeDefined();
      expect(bytes ?? 0, image).toBeLessThanOrEqual(MAX_README_IMAGE_BYTES);
    }
  });
});

describe('readmeProblems', () => {
  const files: Record<string, number> = { 'docs/a.png': 10, 'docs/big.png': 500, 'docs/using.md': 1 };
  const rules: ReadmeRules = { images: ['docs/a.png'], maxImageBytes: 100, sizeOf: (p) => files[p] };
  const page = (middle: string, filler = 0) =>
    [
      '# Roundtable',
      '',
      OPENING_COMMANDS,
      '',
      middle,
      ...Array<string>(filler).fill('text'),
      '## Architecture at a glance',
      '',
    ].join('\n');

  test('a README that keeps every rule has no problem', () => {
    expect(
      readmeProblems(page('![A](docs/a.png) [more](docs/using.md#modes) [site](https://example.com)'), rules),
    ).toEqual([]);
  });

  test('too long before the architecture, or no architecture at all', () => {
    // The page's own lines before the heading: title, blank, four of commands, blank, the middle line.
    const fixed = 8;
    const atMost = page('![A](docs/a.png)', MAX_LINES_BEFORE_ARCHITECTURE - fixed);
    expect(readmeProblems(atMost, rules)).toEqual([]);
    const over = page('![A](docs/a.png)', MAX_LINES_BEFORE_ARCHITECTURE - fixed + 1);
    expect(readmeProblems(over, rules)).toEqual([
      `${MAX_LINES_BEFORE_ARCHITECTURE + 1} lines come before "## Architecture", over ${MAX_LINES_BEFORE_ARCHITECTURE}`,
    ]);
    expect(readmeProblems(page('![A](docs/a.png)').replace('## Architecture', '## Design'), rules)).toEqual([
      'there is no "## Architecture" heading',
    ]);
  });

  test('commands changed by one character, or moved below other text', () => {
    const changed = page('![A](docs/a.png)').replace('pnpm start  ', 'pnpm start ');
    expect(readmeProblems(changed, rules)).toContain(
      'it does not open with its title and then the two commands, exactly',
    );
    const moved = page('![A](docs/a.png)').replace('# Roundtable\n', '# Roundtable\n\nWelcome.\n');
    expect(readmeProblems(moved, rules)).toContain(
      'it does not open with its title and then the two commands, exactly',
    );
  });

  test('a picture missing, too big, or a link to no file', () => {
    expect(readmeProblems(page('[a link, not a picture](docs/a.png)'), rules)).toEqual(['it does not show docs/a.png']);
    expect(readmeProblems(page('![A](docs/a.png) <img src="docs/big.png">'), rules)).toEqual([
      'docs/big.png is 500 bytes, over 100',
    ]);
    expect(readmeProblems(page('![A](docs/a.png) [gone](docs/gone.md#x)'), rules)).toEqual([
      'its link to docs/gone.md leads to no file',
    ]);
  });
});

describe('relativeTargets', () => {
  test('paths from links, images, definitions and HTML; not URLs, anchors or code', () => {
    const markdown = [
      '[a](docs/a.md#part) ![b](<docs/b c.png> "title") [c](https://x.org) [d](#here) [e](mailto:me@x.org)',
      '<img src="docs/f.png" width="400"> `[g](inline.md)`',
      '[h]: docs/h.md',
      '```md',
      '[i](fenced.md)',
      '```',
      '[j](docs/j%20k.md?plain=1)',
    ].join('\n');
    expect(relativeTargets(markdown)).toEqual(['docs/a.md', 'docs/b c.png', 'docs/j k.md', 'docs/h.md', 'docs/f.png']);
  });
});
