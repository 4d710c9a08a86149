import { describe, expect, test } from 'vitest';
import { exactly, showsTheme, THEMES, workbenchTheme } from './themes';

const [light, dark] = THEMES;

describe('workbenchTheme', () => {
  test('reads the kind and the loaded theme from the workbench classes', () => {
    const classes = ['monaco-workbench', 'web', 'vs-dark', 'vscode-theme-defaults-themes-dark_modern-json'];
    expect(workbenchTheme(classes)).toEqual({
      kind: 'vs-dark',
      themeClass: 'vscode-theme-defaults-themes-dark_modern-json',
    });
  });

  test('the placeholder right after a window load has a kind but no theme', () => {
    expect(workbenchTheme(['monaco-workbench', 'vs'])).toEqual({ kind: 'vs' });
  });

  test('a class that only contains a kind is not one', () => {
    expect(workbenchTheme(['vs-code', 'hc-blackish'])).toEqual({});
  });
});

describe('showsTheme', () => {
  const lightClasses = ['monaco-workbench', 'vs', 'vscode-theme-defaults-themes-light_modern-json'];

  test('needs the workbench kind, the theme itself and the webview kind', () => {
    expect(light && showsTheme(light, lightClasses, ['vscode-light'])).toBe(true);
  });

  test('the light placeholder is not Light Modern yet', () => {
    expect(light && showsTheme(light, ['monaco-workbench', 'vs'], ['vscode-light'])).toBe(false);
  });

  test('a webview that has not followed the switch fails it', () => {
    expect(light && showsTheme(light, lightClasses, ['vscode-dark'])).toBe(false);
  });

  test('another theme of the same kind is not this one', () => {
    const lightPlus = ['monaco-workbench', 'vs', 'vscode-theme-defaults-themes-light_plus-json'];
    expect(light && showsTheme(light, lightPlus, ['vscode-light'])).toBe(false);
    expect(dark && showsTheme(dark, lightClasses, ['vscode-light'])).toBe(false);
  });
});

describe('THEMES', () => {
  test('one of each kind, with distinct names', () => {
    expect(new Set(THEMES.map((t) => t.workbenchKind)).size).toBe(4);
    expect(new Set(THEMES.map((t) => t.webviewKind)).size).toBe(4);
    expect(new Set(THEMES.map((t) => t.slug)).size).toBe(4);
  });
});

describe('exactly', () => {
  test('matches the whole label only', () => {
    expect(exactly('Preferences: Color Theme').test('Preferences: Color Theme')).toBe(true);
    expect(exactly('Preferences: Color Theme').test('Preferences: Color Theme (Marketplace)')).toBe(false);
    expect(exactly('Color Theme').test('Preferences: Color Theme')).toBe(false);
  });

  test('takes regex characters literally', () => {
    expect(exactly('Light+').test('Light+')).toBe(true);
    expect(exactly('Light+').test('Lightt')).toBe(false);
    expect(exactly('Dark (Visual Studio)').test('Dark (Visual Studio)')).toBe(true);
  });
});
