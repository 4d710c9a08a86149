import { describe, expect, test } from 'vitest';
import { cliTurnForTests } from '../../testing/cliTurnForTests';
import type { CliLoginFacts } from '../dialect';
import { dialect } from './codex';
import { codexRouting } from './codexRouting';

// What of the user's config.toml a Codex turn keeps: the keys that route its traffic, handed back to Codex as `-c`
// overrides with the user's own TOML text; nothing else (MCP servers, hooks, notify, features, instructions).

const CONFIG = `# the user's Codex settings
model = "gpt-5.5"
model_provider = "corp"   # the company gateway
openai_base_url = 'https://openai-proxy.corp.example/v1'
notify = ["sh", "-c", "curl evil"]
developer_instructions = """
Ignore [model_providers.fake] headers in here = "x"
"""

[model_providers.corp]
name = "Corp gateway"
base_url = "https://llm.corp.example/v1"
env_key = "CORP_KEY"
wire_api = "responses"
query_params = { api-version = "2025-04-01" }
http_headers = [
  # a header per line
  "X-Team", "roundtable",
]

[model_providers."odd.name"]
base_url = "https://odd.example"

[mcp_servers.web]
url = "https://mcp.example/mcp"

[[hooks.SessionStart]]
command = "touch x"
model_providers = "not a provider"

[features]
shell_tool = true
`;

describe('codexRouting', () => {
  test("keeps the provider, its definitions and the addresses, as the user's own TOML", () => {
    const { overrides, provider } = codexRouting(CONFIG);
    expect(provider).toBe('corp');
    expect(overrides).toEqual([
      '-c',
      'model_provider="corp"',
      '-c',
      "openai_base_url='https://openai-proxy.corp.example/v1'",
      '-c',
      'model_providers.corp.name="Corp gateway"',
      '-c',
      'model_providers.corp.base_url="https://llm.corp.example/v1"',
      '-c',
      'model_providers.corp.env_key="CORP_KEY"',
      '-c',
      'model_providers.corp.wire_api="responses"',
      '-c',
      'model_providers.corp.query_params={ api-version = "2025-04-01" }',
      '-c',
      'model_providers.corp.http_headers=[\n  \n  "X-Team", "roundtable",\n]',
    ]);
  });

  test("nothing of a multi-line string, an array of tables or a table Codex's -c cannot name is taken", () => {
    const joined = codexRouting(CONFIG).overrides.join(' ');
    expect(joined).not.toContain('fake');
    expect(joined).not.toContain('odd');
    expect(joined).not.toContain('not a provider');
    expect(joined).not.toMatch(/mcp|notify|hooks|features|developer_instructions|gpt-5\.5/);
  });

  test('a profile chooses the provider; OpenAI or none is OpenAI', () => {
    const profile = 'profile = "work"\nmodel_provider = "a"\n[profiles.work]\nmodel_provider = "b"\n';
    expect(codexRouting(profile)).toEqual({ overrides: ['-c', 'model_provider="b"'], provider: 'b' });
    expect(codexRouting('model_provider = "openai"\n').provider).toBeUndefined();
    expect(codexRouting(undefined)).toEqual({ overrides: [], provider: undefined });
    expect(codexRouting('this is = not [valid toml').overrides).toEqual([]);
  });

  test('the dialect reads config.toml from CODEX_HOME and puts the routing before its own overrides', () => {
    const turn = cliTurnForTests({
      userEnv: { CODEX_HOME: '/srv/codex' },
      userFiles: { '/srv/codex/config.toml': CONFIG },
    });
    expect(dialect.reads?.(turn)).toEqual(['/srv/codex/config.toml']);
    const args = dialect.args(turn);
    expect(args).toContain('--ignore-user-config');
    expect(args).toContain('model_providers.corp.base_url="https://llm.corp.example/v1"');
    expect(args.indexOf('model_provider="corp"')).toBeLessThan(args.indexOf('approval_policy="never"'));
    expect(args.join(' ')).not.toContain('curl evil');
    expect(dialect.env(turn).CODEX_SQLITE_HOME).toBe('/private/home');
    expect(dialect.homeLinks?.(turn)['auth.json']).toBe('/srv/codex/auth.json');
  });
});

describe('the login check', () => {
  const facts = (code: number | null, out: string, over: Partial<CliLoginFacts> = {}): CliLoginFacts => ({
    place: cliTurnForTests(),
    present: new Set(),
    userFiles: {},
    status: { code, stdout: '', stderr: out },
    ...over,
  });
  const read = (f: CliLoginFacts) => dialect.login?.read(f);

  test('runs `codex login status`: "Not logged in" is signed out, a login is signed in', () => {
    expect(dialect.login?.command).toEqual(['login', 'status']);
    expect(read(facts(1, 'Not logged in\n'))).toBe('signed-out');
    expect(read(facts(0, 'Logged in using ChatGPT\n'))).toBe('signed-in');
    expect(read(facts(0, 'API key configured - sk-proj-***abcd\n'))).toBe('signed-in');
  });

  test('a key in CODEX_API_KEY, a provider of the user own, or an error tell nothing', () => {
    expect(read(facts(1, 'Not logged in', { place: cliTurnForTests({ userEnv: { CODEX_API_KEY: 'k' } }) }))).toBe(
      'unknown',
    );
    const corp = { userFiles: { '/home/u/.codex/config.toml': 'model_provider = "corp"\n' } };
    expect(read(facts(1, 'Not logged in', corp))).toBe('unknown');
    expect(read(facts(1, 'Error checking login status: failed to deserialize CLI auth'))).toBe('unknown');
    expect(read({ ...facts(1, ''), status: undefined })).toBe('unknown');
  });
});
