import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import { managedConfig, renderManagedConfig } from './proxyConfig';

describe('renderManagedConfig', () => {
  test('reads back as exactly the config it was made from, whatever the path and key contain', () => {
    const input = {
      port: 43123,
      authDir: '/home/ana/.config/Code/User/globalStorage/x/auth: "quoted" # not a comment\n- no list',
      accessKey: 'rt-yes-no-null-0x10-~',
    };
    const yaml = renderManagedConfig(input);
    expect(parse(yaml)).toEqual(managedConfig(input));
  });

  test('binds to loopback, serves only Roundtable’s key, and turns off the panel, disk logs and keep-alives', () => {
    const parsed = parse(renderManagedConfig({ port: 8317, authDir: '/a', accessKey: 'k' })) as Record<string, unknown>;
    expect(parsed).toMatchObject({
      host: '127.0.0.1',
      port: 8317,
      'api-keys': ['k'],
      'remote-management': { 'allow-remote': false, 'disable-control-panel': true },
      'logging-to-file': false,
      'request-log': false,
      'commercial-mode': true,
      streaming: { 'keepalive-seconds': 0 },
    });
  });
});
