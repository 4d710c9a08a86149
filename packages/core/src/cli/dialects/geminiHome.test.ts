import { describe, expect, test } from 'vitest';
import { cliTurnForTests } from '../../testing/cliTurnForTests';
import type { CliLoginFacts } from '../dialect';
import { dialect } from './gemini';

// Gemini CLI's private home: what of the user's `.gemini` a turn sees (a copy of the settings and the account name,
// links to the login and the `.env` files, nothing else), and what the login check makes of the files it finds.

const SETTINGS = '{ "security": { "auth": { "selectedType": "oauth-personal" } }, "hooks": {} }';

describe('the private home', () => {
  test('copies the settings and the cached account name, links the login and the .env files, and nothing else', () => {
    const turn = cliTurnForTests({
      userFiles: {
        '/home/u/.gemini/settings.json': SETTINGS,
        '/home/u/.gemini/google_accounts.json': '{"active":"u@example.com","old":[]}',
      },
    });
    expect(dialect.reads?.(turn)).toEqual(['/home/u/.gemini/settings.json', '/home/u/.gemini/google_accounts.json']);
    expect(dialect.homeFiles?.(turn)).toEqual({
      '.gemini/settings.json': SETTINGS,
      '.gemini/google_accounts.json': '{"active":"u@example.com","old":[]}',
    });
    // Never GEMINI.md (the global memory), the user's sessions, commands, skills, agents or extensions.
    expect(dialect.homeLinks?.(turn)).toEqual({
      '.gemini/oauth_creds.json': '/home/u/.gemini/oauth_creds.json',
      '.gemini/gemini-credentials.json': '/home/u/.gemini/gemini-credentials.json',
      '.gemini/.env': '/home/u/.gemini/.env',
      '.env': '/home/u/.env',
    });
  });

  test("a user's own GEMINI_CLI_HOME is where their things are; a user without settings gets none", () => {
    const turn = cliTurnForTests({ userEnv: { GEMINI_CLI_HOME: '/srv/gem' } });
    expect(dialect.reads?.(turn)?.[0]).toBe('/srv/gem/.gemini/settings.json');
    expect(dialect.homeLinks?.(turn)['.gemini/oauth_creds.json']).toBe('/srv/gem/.gemini/oauth_creds.json');
    expect(dialect.homeLinks?.(turn)['.env']).toBe('/srv/gem/.env');
    expect(dialect.homeFiles?.(turn)).toEqual({});
    // The CLI's home is the private one, whatever the user's was.
    expect(dialect.env(turn).GEMINI_CLI_HOME).toBe('/private/home');
  });
});

describe('the login check', () => {
  const place = cliTurnForTests();
  const facts = (over: Partial<CliLoginFacts> & { settings?: string } = {}): CliLoginFacts => ({
    place,
    present: new Set(),
    userFiles: over.settings === undefined ? {} : { '/home/u/.gemini/settings.json': over.settings },
    ...over,
  });
  const read = (f: CliLoginFacts) => dialect.login?.read(f);

  test('has no command of its own: it looks for the login and .env files, never opening them', () => {
    expect(dialect.login?.command).toBeUndefined();
    expect(dialect.login?.present?.(place)).toEqual([
      '/home/u/.gemini/oauth_creds.json',
      '/home/u/.gemini/gemini-credentials.json',
      '/home/u/.gemini/.env',
      '/home/u/.env',
    ]);
  });

  test('no way to sign in chosen and nothing that could choose one: signed out', () => {
    expect(read(facts())).toBe('signed-out');
    expect(read(facts({ settings: '{"ui":{}}' }))).toBe('signed-out');
  });

  test('a key in the environment, or a .env file that may hold one, is not judged', () => {
    expect(read(facts({ place: cliTurnForTests({ userEnv: { GEMINI_API_KEY: 'k' } }) }))).toBe('unknown');
    expect(read(facts({ present: new Set(['/home/u/.env']) }))).toBe('unknown');
    expect(read(facts({ present: new Set(['/home/u/.gemini/.env']) }))).toBe('unknown');
  });

  test('Sign in with Google: signed in with stored credentials, signed out without', () => {
    expect(read(facts({ settings: SETTINGS, present: new Set(['/home/u/.gemini/oauth_creds.json']) }))).toBe(
      'signed-in',
    );
    expect(read(facts({ settings: SETTINGS }))).toBe('signed-out');
    // Kept in the system keychain, or given by a variable: only the CLI can tell.
    const keychain = cliTurnForTests({ userEnv: { GEMINI_FORCE_ENCRYPTED_FILE_STORAGE: 'true' } });
    expect(read(facts({ settings: SETTINGS, place: keychain }))).toBe('unknown');
    const adc = cliTurnForTests({ userEnv: { GOOGLE_APPLICATION_CREDENTIALS: '/k.json' } });
    expect(read(facts({ settings: SETTINGS, place: adc }))).toBe('unknown');
  });

  test('an API key or Vertex chosen, or settings it cannot read, are not judged', () => {
    expect(read(facts({ settings: '{"security":{"auth":{"selectedType":"gemini-api-key"}}}' }))).toBe('unknown');
    expect(read(facts({ settings: '{"security":{"auth":{"selectedType":"vertex-ai"}}}' }))).toBe('unknown');
    expect(read(facts({ settings: '{ // a comment\n }' }))).toBe('unknown');
  });
});
