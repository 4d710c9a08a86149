import type * as vscode from 'vscode';

const SECRET_ID = 'roundtable.proxyAccessKey';

/**
 * CLIProxyAPI's local access key (an entry of its `api-keys` list) in VS Code's SecretStorage. It is a key for the
 * local proxy only, never a provider's key; it is read per request and sent nowhere but the proxy.
 */
export class SecretAccessKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  /** Fires when the key is set or cleared, from this window or another one. */
  onDidChange(listener: () => void): vscode.Disposable {
    return this.secrets.onDidChange((e) => {
      if (e.key === SECRET_ID) listener();
    });
  }

  async get(): Promise<string | undefined> {
    const value = await this.secrets.get(SECRET_ID);
    return value?.trim() || undefined;
  }

  async set(value: string): Promise<void> {
    await this.secrets.store(SECRET_ID, value.trim());
  }

  async clear(): Promise<void> {
    await this.secrets.delete(SECRET_ID);
  }
}
