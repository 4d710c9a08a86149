import { describe, expect, test } from 'vitest';
import { blockingViolations, formatViolations, mergeViolations, type Violation } from './axe';

function violation(id: string, impact: Violation['impact'], targets: unknown[]): Violation {
  return {
    id,
    impact,
    help: `${id} help`,
    helpUrl: `https://example.invalid/${id}`,
    nodes: targets.map((target) => ({
      target,
      html: `<p class="${String(target)}">`,
      failureSummary: 'Fix any of the following:\n  Element has insufficient color contrast of 3.35',
    })),
  };
}

describe('blockingViolations', () => {
  test('keeps serious and critical, drops minor, moderate and unrated', () => {
    const all = [
      violation('a', 'minor', ['.a']),
      violation('b', 'moderate', ['.b']),
      violation('c', 'serious', ['.c']),
      violation('d', 'critical', ['.d']),
      violation('e', null, ['.e']),
      violation('f', undefined, ['.f']),
    ];
    expect(blockingViolations(all).map((v) => v.id)).toEqual(['c', 'd']);
  });
});

describe('formatViolations', () => {
  test('names the rule, its impact, help and link, then each element on one line', () => {
    const text = formatViolations([violation('color-contrast', 'serious', [['.message-error'], ['iframe', 'p']])]);
    expect(text).toBe(
      [
        'color-contrast (serious): color-contrast help <https://example.invalid/color-contrast>',
        '  - .message-error: Fix any of the following: Element has insufficient color contrast of 3.35',
        '  - iframe >> p: Fix any of the following: Element has insufficient color contrast of 3.35',
      ].join('\n'),
    );
  });

  test('nothing to say for no violations', () => {
    expect(formatViolations([])).toBe('');
  });

  test('an element without a summary shows its HTML', () => {
    const bare: Violation = { ...violation('x', 'critical', []), nodes: [{ target: ['.x'], html: '<b class="x">' }] };
    expect(formatViolations([bare])).toContain('  - .x: <b class="x">');
  });
});

describe('mergeViolations', () => {
  test('each rule once, with the elements of every run, each once', () => {
    const merged = mergeViolations([
      [violation('color-contrast', 'serious', [['.a'], ['.b']])],
      [violation('color-contrast', 'serious', [['.b'], ['.c']]), violation('region', 'moderate', [['.r']])],
      [],
    ]);
    expect(merged.map((v) => [v.id, v.nodes.map((n) => n.target)])).toEqual([
      ['color-contrast', [['.a'], ['.b'], ['.c']]],
      ['region', [['.r']]],
    ]);
  });
});
