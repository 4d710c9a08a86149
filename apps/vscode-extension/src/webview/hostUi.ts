/** The VS Code UI the intent handler may use, as a port so the handler is testable without VS Code. */
export interface HostUi {
  showWarning(message: string): void;
  showInfo(message: string): void;
  /** Opens an already-checked http(s)/mailto URL outside VS Code. */
  openExternal(url: string): Promise<boolean>;
  openSettings(): void;
}
