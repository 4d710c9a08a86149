import type { ImageLoader } from '@roundtable/core/llm/types';
import type { ChatBackend } from '@roundtable/core/orchestrator/ports';
import type { ProviderConfig } from '../adapters/readProviders';
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

/**
 * The chat backend of a window: CLIProxyAPI, the `roundtable.providers` endpoints and the CLIs, with the images. The
 * images' code (reading a stored image, checking its hash) loads with the first prompt that has one: most turns have
 * none.
 */
export function windowChatBackend(options: WindowChatBackendOptions): ChatBackend {
  const folder = imageFolder(options.storageRoot);
  const loadImage: ImageLoader = async (image) => (await import('../images/imageAssets')).imageLoader(folder)(image);
  return createChatBackend(
    options.endpoint,
    options.accessKey,
    options.onReplyEnd,
    options.providers,
    {},
    options.cli,
    loadImage,
  );
}
