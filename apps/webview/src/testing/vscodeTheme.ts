/**
 * VS Code's font, as its webviews get it (`--vscode-font-*` on the page's root): 13 px, in a font with Arial's widths
 * (Liberation Sans where Arial is not installed), near Segoe UI's and the system font's widths. A layout test measures
 * with it, not with the browser's default 16 px. Returns what undoes it.
 */
export function vscodeFont(): () => void {
  const root = document.documentElement.style;
  root.setProperty('--vscode-font-size', '13px');
  root.setProperty('--vscode-font-family', '"Liberation Sans", Arial, Helvetica, sans-serif');
  return () => {
    root.removeProperty('--vscode-font-size');
    root.removeProperty('--vscode-font-family');
  };
}

/** Whether the boxes share one line: each starts above where every other ends. */
export function oneRow(elements: readonly Element[]): boolean {
  const boxes = elements.map((el) => el.getBoundingClientRect());
  return Math.max(...boxes.map((b) => b.top)) < Math.min(...boxes.map((b) => b.bottom));
}
