import { describe, expect, test } from 'vitest';
import { findUnknownProviders, MAX_PROVIDERS, onBuiltInProxy, parseProviderSettings } from './readProviders';

// roundtable.providers as a user types it: only loopback endpoints pass, each bad entry is named and skipped.

describe('parseProviderSettings', () => {
  test.each([
    ['the example copilot-api', 'http://127.0.0.1:4141/v1', 'http://127.0.0.1:4141/v1'],
    ['a trailing slash', 'http://127.0.0.1:11434/v1/', 'http://127.0.0.1:11434/v1'],
    ['several trailing slashes', 'http://127.0.0.1:11434/v1//', 'http://127.0.0.1:11434/v1'],
    ['a bare root', 'http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['another 127/8 address over https', 'https://127.8.9.10:9443/api/v1', 'https://127.8.9.10:9443/api/v1'],
    ['IPv6 loopback', 'http://[::1]:4141/v1', 'http://[::1]:4141/v1'],
    ['localhost, pinned to IPv4', 'http://localhost:4141/v1', 'http://127.0.0.1:4141/v1'],
    ['a short IPv4 form the URL parser expands', 'http://127.1:4141/v1', 'http://127.0.0.1:4141/v1'],
    ['surrounding spaces', '  http://127.0.0.1:4141/v1  ', 'http://127.0.0.1:4141/v1'],
  ])('accepts %s', (_name, baseUrl, expected) => {
    const { providers, problems } = parseProviderSettings([{ id: 'local', baseUrl }]);
    expect(problems).toEqual([]);
    expect(providers).toEqual([{ id: 'local', name: 'local', baseUrl: expected }]);
  });

  test('keeps an endpoint’s length limit for its seats; refuses one that is no positive whole number', () => {
    const { providers, problems } = parseProviderSettings([
      { id: 'llama', baseUrl: 'http://127.0.0.1:8080/v1', maxTokens: 512 },
      { id: 'bad', baseUrl: 'http://127.0.0.1:8081/v1', maxTokens: -1 },
    ]);
    expect(providers).toEqual([{ id: 'llama', name: 'llama', baseUrl: 'http://127.0.0.1:8080/v1', maxTokens: 512 }]);
    expect(problems).toEqual([expect.stringMatching(/^roundtable\.providers\[1\] \("bad"\): .* at maxTokens$/)]);
  });

  test('keeps a name, trimmed', () => {
    const { providers } = parseProviderSettings([
      { id: 'copilot', name: ' Copilot ', baseUrl: 'http://127.0.0.1:4141/v1' },
    ]);
    expect(providers).toEqual([{ id: 'copilot', name: 'Copilot', baseUrl: 'http://127.0.0.1:4141/v1' }]);
  });

  test.each([
    ['not an array', { id: 'local' }, 'roundtable.providers must be an array'],
    [
      'an entry that is not an object',
      ['local'],
      'roundtable.providers[0]: Invalid type: Expected Object but received "local"',
    ],
    [
      'a missing baseUrl',
      [{ id: 'local' }],
      'roundtable.providers[0] ("local"): Invalid key: Expected "baseUrl" but received undefined at baseUrl',
    ],
    [
      'a missing id',
      [{ baseUrl: 'http://127.0.0.1:1/v1' }],
      'roundtable.providers[0]: Invalid key: Expected "id" but received undefined at id',
    ],
    [
      'a bad id',
      [{ id: 'Ollama Local', baseUrl: 'http://127.0.0.1:1/v1' }],
      '("Ollama Local"): must be 1-32 characters: a lower-case letter, then letters, digits, _ or - at id',
    ],
    [
      'the reserved id',
      [{ id: 'cliproxyapi', baseUrl: 'http://127.0.0.1:1/v1' }],
      'is reserved for the built-in CLIProxyAPI',
    ],
    ['an empty name', [{ id: 'local', name: ' ', baseUrl: 'http://127.0.0.1:1/v1' }], ' at name'],
    [
      'a LAN address',
      [{ id: 'lan', baseUrl: 'http://192.168.1.20:11434/v1' }],
      '("lan"): must be http(s) on this machine',
    ],
    ['a public name', [{ id: 'far', baseUrl: 'https://api.example.com/v1' }], ' at baseUrl'],
    ['a name that only looks local', [{ id: 'nip', baseUrl: 'http://127.0.0.1.nip.io/v1' }], ' at baseUrl'],
    ['all interfaces', [{ id: 'any', baseUrl: 'http://0.0.0.0:4141/v1' }], ' at baseUrl'],
    ['credentials', [{ id: 'cred', baseUrl: 'http://user:pw@127.0.0.1:4141/v1' }], ' at baseUrl'],
    ['a query', [{ id: 'q', baseUrl: 'http://127.0.0.1:4141/v1?key=1' }], ' at baseUrl'],
    ['a fragment', [{ id: 'f', baseUrl: 'http://127.0.0.1:4141/v1#x' }], ' at baseUrl'],
    ['another scheme', [{ id: 'ws', baseUrl: 'ws://127.0.0.1:4141/v1' }], ' at baseUrl'],
    ['no URL at all', [{ id: 'x', baseUrl: '127.0.0.1:4141' }], ' at baseUrl'],
  ])('refuses %s with a line naming the entry and the field', (_name, raw, problem) => {
    const { providers, problems } = parseProviderSettings(raw);
    expect(providers).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  test('a bad entry costs only itself, and a duplicated id keeps the first entry', () => {
    const { providers, problems } = parseProviderSettings([
      { id: 'ollama', baseUrl: 'http://10.0.0.2:11434/v1' },
      { id: 'local', baseUrl: 'http://127.0.0.1:4141/v1' },
      { id: 'local', baseUrl: 'http://127.0.0.1:4142/v1' },
      { id: 'ollama', baseUrl: 'http://127.0.0.1:11434/v1' },
    ]);
    expect(providers.map((p) => `${p.id} ${'baseUrl' in p ? p.baseUrl : ''}`)).toEqual([
      'local http://127.0.0.1:4141/v1',
      'ollama http://127.0.0.1:11434/v1',
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('roundtable.providers[0] ("ollama")');
    expect(problems[1]).toBe('roundtable.providers[2] ("local"): duplicate id (the first entry is used)');
  });

  test(`lists at most ${MAX_PROVIDERS}, and says the rest were left out`, () => {
    const raw = Array.from({ length: 20 }, (_, i) => ({ id: `p${i}`, baseUrl: `http://127.0.0.1:${4000 + i}/v1` }));
    const { providers, problems } = parseProviderSettings(raw);
    expect(providers).toHaveLength(MAX_PROVIDERS);
    expect(problems).toEqual([
      `roundtable.providers[${MAX_PROVIDERS}] ("p${MAX_PROVIDERS}") and after: at most ${MAX_PROVIDERS} providers; the rest are left out`,
    ]);
  });
});

describe('findUnknownProviders', () => {
  test('names each participant on a provider nobody listed; the built-in and listed ones are fine', () => {
    const providers = [{ id: 'local', name: 'local', baseUrl: 'http://127.0.0.1:4141/v1' }];
    const participants = [
      { id: 'claude' },
      { id: 'gpt', provider: 'cliproxyapi' },
      { id: 'copilot', provider: 'local' },
      { id: 'llama', provider: 'ollama' },
    ];
    expect(findUnknownProviders(participants, providers)).toEqual([
      'participant "llama": provider "ollama" is not in roundtable.providers; its replies fail',
    ]);
  });
});

describe('onBuiltInProxy', () => {
  test('keeps the participants without a provider or on cliproxyapi', () => {
    const participants = [{ id: 'a' }, { id: 'b', provider: 'cliproxyapi' }, { id: 'c', provider: 'local' }];
    expect(onBuiltInProxy(participants).map((p) => p.id)).toEqual(['a', 'b']);
  });
});

describe('CLI providers', () => {
  test('reads a CLI provider, with or without its command', () => {
    const { providers, problems } = parseProviderSettings([
      { id: 'claude-code', kind: 'cli', cli: 'claude', command: '/usr/local/bin/claude' },
      { id: 'gem', kind: 'cli', cli: 'gemini', name: 'Gemini CLI' },
      { id: 'local', kind: 'openai', baseUrl: 'http://127.0.0.1:4141/v1' },
    ]);
    expect(problems).toEqual([]);
    expect(providers).toEqual([
      { kind: 'cli', id: 'claude-code', name: 'claude-code', cli: 'claude', command: '/usr/local/bin/claude' },
      { kind: 'cli', id: 'gem', name: 'Gemini CLI', cli: 'gemini' },
      { id: 'local', name: 'local', baseUrl: 'http://127.0.0.1:4141/v1' },
    ]);
  });

  test.each([
    ['an unknown CLI', { id: 'x', kind: 'cli', cli: 'copilot' }, ' at cli'],
    ['a relative command', { id: 'x', kind: 'cli', cli: 'claude', command: 'bin/claude' }, 'must be an absolute path'],
    [
      'a command with arguments glued on is still one path',
      { id: 'x', kind: 'cli', cli: 'claude', command: 42 },
      ' at command',
    ],
    ['an unknown kind', { id: 'x', kind: 'grpc', baseUrl: 'http://127.0.0.1:1/v1' }, ' at kind'],
  ])('refuses %s, naming the field', (_name, entry, expected) => {
    const { providers, problems } = parseProviderSettings([entry]);
    expect(providers).toEqual([]);
    expect(problems[0]).toContain(expected);
  });
});
