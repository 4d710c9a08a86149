import type { CliLoginFacts, CliLoginState, CliPlace, CliTurn } from '../dialect';

// Gemini CLI keeps everything under `<home>/.gemini`, home being `GEMINI_CLI_HOME` or the user's home folder: its
// settings and login, but also each session's transcript (`tmp/<folder>/chats`), a registry of every folder it ran
// in (`projects.json`), and the global memory (`GEMINI.md`) it appends to every system prompt. A turn runs with a
// private home instead (`GEMINI_CLI_HOME` = the turn's `home`), which holds only what the user's setup needs: a copy
// of their settings (the CLI may rewrite its settings file, and the user's stays untouched), their cached account
// name, and links to their login and `.env` files, which Roundtable never opens.

/** The folder whose `.gemini` is the user's: their own `GEMINI_CLI_HOME`, else their home folder. */
function userBase(place: CliPlace): string {
  return place.userEnv.GEMINI_CLI_HOME?.trim() || place.userHome;
}

function userGeminiDir(place: CliPlace): string {
  return place.join(userBase(place), '.gemini');
}

/** The user's settings and cached account name (`google_accounts.json`: an e-mail address, no secret): copied. */
export function geminiReads(place: CliPlace): string[] {
  return [place.join(userGeminiDir(place), 'settings.json'), place.join(userGeminiDir(place), 'google_accounts.json')];
}

export function geminiHomeFiles(turn: CliTurn): Record<string, string> {
  const [settings = '', accounts = ''] = geminiReads(turn);
  const files: Record<string, string> = {};
  const settingsText = turn.userFiles[settings];
  const accountsText = turn.userFiles[accounts];
  if (settingsText !== undefined) files['.gemini/settings.json'] = settingsText;
  // Without it the CLI asks Google for the account's e-mail address on every run.
  if (accountsText !== undefined) files['.gemini/google_accounts.json'] = accountsText;
  return files;
}

/**
 * The login and the files of variables, linked: `oauth_creds.json` (Sign in with Google), `gemini-credentials.json`
 * (the same, when the user chose encrypted file storage), `.gemini/.env` and the home folder's `.env` (where the CLI
 * looks for `GEMINI_API_KEY`, `GOOGLE_GEMINI_BASE_URL` and the like; a link keeps them working without Roundtable
 * reading them). A refreshed token is written through the link, into the user's own file, as their CLI would.
 */
export function geminiHomeLinks(turn: CliTurn): Record<string, string> {
  const dir = userGeminiDir(turn);
  return {
    '.gemini/oauth_creds.json': turn.join(dir, 'oauth_creds.json'),
    '.gemini/gemini-credentials.json': turn.join(dir, 'gemini-credentials.json'),
    '.gemini/.env': turn.join(dir, '.env'),
    '.env': turn.join(userBase(turn), '.env'),
  };
}

/** Variables that choose a way to sign in, as the CLI reads them (any one set means the CLI may well answer). */
const AUTH_VARIABLES = [
  'GEMINI_API_KEY',
  'GOOGLE_API_KEY',
  'GOOGLE_GENAI_USE_VERTEXAI',
  'GOOGLE_GENAI_USE_GCA',
  'GOOGLE_CLOUD_ACCESS_TOKEN',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'GEMINI_CLI_USE_COMPUTE_ADC',
];

/** What the login check looks for: the login files and the `.env` files (which may hold a key), present or not. */
export function geminiLoginFiles(place: CliPlace): string[] {
  const dir = userGeminiDir(place);
  return [
    place.join(dir, 'oauth_creds.json'),
    place.join(dir, 'gemini-credentials.json'),
    place.join(dir, '.env'),
    place.join(userBase(place), '.env'),
  ];
}

/**
 * Signed out, as the CLI would find at start-up: no way to sign in chosen and nothing in the environment or a `.env`
 * file to choose one ("Please set an Auth method"); or Sign in with Google chosen with no stored login (the
 * headless run stops: "Manual authorization is required"). An API key chosen is never judged: it may sit in the
 * system keychain, which only the CLI reads.
 */
export function geminiLogin({ place, present, userFiles }: CliLoginFacts): CliLoginState {
  const [settingsPath = ''] = geminiReads(place);
  const [oauth = '', encrypted = '', geminiEnv = '', homeEnv = ''] = geminiLoginFiles(place);
  const selected = selectedAuthType(userFiles[settingsPath]);
  if (selected === null) return 'unknown';
  const env = place.userEnv;
  const fromEnvironment = AUTH_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
  const envFile = present.has(geminiEnv) || present.has(homeEnv);
  if (selected === undefined) return fromEnvironment || envFile ? 'unknown' : 'signed-out';
  if (selected !== 'oauth-personal') return 'unknown';
  if (present.has(oauth) || present.has(encrypted)) return 'signed-in';
  // Credentials kept in the system keychain, or given by a variable, cannot be seen from here.
  if (env.GEMINI_FORCE_ENCRYPTED_FILE_STORAGE === 'true' || fromEnvironment) return 'unknown';
  return 'signed-out';
}

/** The chosen way to sign in: a name, undefined when none is chosen, null when the settings cannot be read. */
function selectedAuthType(text: string | undefined): string | undefined | null {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    const settings = JSON.parse(text) as {
      security?: { auth?: { selectedType?: unknown } };
      selectedAuthType?: unknown;
    };
    const selected = settings?.security?.auth?.selectedType ?? settings?.selectedAuthType;
    return typeof selected === 'string' && selected !== '' ? selected : undefined;
  } catch {
    return null; // the CLI accepts comments in its settings; whatever it makes of them, this check does not guess
  }
}
