import type { Logger } from '@roundtable/core';
import type * as vscode from 'vscode';

/** Core's Logger over the "Roundtable" LogOutputChannel (the user picks the level in the Output view). */
export class OutputChannelLogger implements Logger {
  constructor(private readonly channel: vscode.LogOutputChannel) {}

  trace(message: string): void {
    this.channel.trace(message);
  }
  info(message: string): void {
    this.channel.info(message);
  }
  warn(message: string): void {
    this.channel.warn(message);
  }
  error(message: string): void {
    this.channel.error(message);
  }
}
