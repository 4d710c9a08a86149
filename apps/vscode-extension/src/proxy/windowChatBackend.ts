import type { ChatBackend } from '@roundtable/core/orchestrator/ports';
import type { ProviderConfig } from '../adapters/readProviders';
import { imageLoader } from '../images/imageAssets';
import { imageFolder } from '../images/imageFolder';
import { type CliChat, createChatBackend } from './createChatBackend';

export interface WindowChatBackendOptions {
  endpoint: Parameters<typeof createChatBackend>[0];
  accessKey: Parameters<typeof createChatBackend>[1];
  /** How each reply through the proxy ended (the status pill is rechecked after a failure). */
  onReplyEnd: (succeeded: boolean) => void;
  providers: () => readonly ProviderConfig[];
  cli: CliChat;
  /** Roundtable's storage folder, whose `assets` hold the messages' images. */
  storageRoot: string;
}

/** The chat backend of a window: CLIProxyAPI, the `roundtable.providers` endpoints and the CLIs, with the images. */
export function windowChatBackend(options: WindowChatBackendOptions): ChatBackend {
  return createChatBackend(
    options.endpoint,
    options.accessKey,
    options.onReplyEnd,
    options.providers,
    {},
    options.cli,
    imageLoader(imageFolder(options.storageRoot)),
  );
}
