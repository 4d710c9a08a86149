import { describe, expect, test } from 'vitest';
import { type FocusSample, focusProblems, toolbarStops } from './focus';

const BLUE = 'rgb(0, 120, 212)';

function stop(kind: string, over: Partial<FocusSample> = {}): FocusSample {
  return {
    id: kind,
    kind,
    name: `button "${kind}"`,
    toolbar: null,
    outlineStyle: 'solid',
    outlineWidth: 1,
    outlineColor: BLUE,
    boxShadow: 'none',
    focusBorder: BLUE,
    opacity: 1,
    onScreen: true,
    ...over,
  };
}

describe('focusProblems', () => {
  test('an outline in the focus border colour is a focus ring', () => {
    expect(focusProblems([stop('send'), stop('composer', { outlineStyle: 'auto', outlineWidth: 2 })])).toEqual([]);
  });

  test('a box shadow in that colour is one too', () => {
    const shadow = stop('link', { outlineStyle: 'none', boxShadow: `${BLUE} 0px 0px 0px 1px inset` });
    expect(focusProblems([shadow])).toEqual([]);
  });

  test('no outline, or a zero-width one, is no ring', () => {
    expect(focusProblems([stop('link', { outlineStyle: 'none' })])).toHaveLength(1);
    expect(focusProblems([stop('link', { outlineWidth: 0 })])).toHaveLength(1);
  });

  test("an outline in another colour (the browser's own ring) is not the theme's ring", () => {
    const [problem] = focusProblems([stop('recipient', { outlineColor: 'rgb(16, 16, 16)' })]);
    expect(problem).toMatch(/^recipient \(button "recipient"\): no focus ring in rgb\(0, 120, 212\)/);
  });

  test('a theme whose focus border does not resolve makes every ring invisible', () => {
    const transparent = 'rgba(0, 0, 0, 0)';
    const [problem] = focusProblems([stop('send', { focusBorder: transparent, outlineColor: transparent })]);
    expect(problem).toContain('resolves to "rgba(0, 0, 0, 0)"');
  });

  test('a focused element that is faded out or off screen is not visibly focused', () => {
    expect(focusProblems([stop('message toolbar', { opacity: 0 })])).toEqual([
      'message toolbar (button "message toolbar"): focused while faded to opacity 0',
    ]);
    expect(focusProblems([stop('code', { onScreen: false })])).toEqual(['code (button "code"): focused off screen']);
  });

  test('a toolbar is one Tab stop', () => {
    const bar = 'Actions for the message from GPT (#3)';
    const problems = focusProblems([
      stop('retry', { id: '1', toolbar: bar }),
      stop('delete', { id: '2', toolbar: bar }),
      stop('copy', { id: '3', toolbar: 'Code block (ts) (#1)' }),
    ]);
    expect(problems).toEqual([`toolbar "${bar}" has 2 Tab stops; a toolbar is one (arrows move inside)`]);
  });
});

describe('toolbarStops', () => {
  test('counts the stops of each toolbar, ignoring stops outside any', () => {
    const stops = toolbarStops([stop('a', { toolbar: 'x' }), stop('b'), stop('c', { toolbar: 'x' })]);
    expect([...stops]).toEqual([['x', 2]]);
  });
});
