import type { CliTurn } from '../cli/dialect';

/**
 * A turn as a launcher hands it to a dialect, on POSIX-style paths: the working folder `/private/turn`, the private
 * home `/private/home`, the user's home `/home/u`, and whatever `over` changes (the user's files and variables).
 */
export function cliTurnForTests(over: Partial<CliTurn> = {}): CliTurn {
  return {
    model: 'test-model',
    systemPromptFile: '/private/turn/system-prompt.md',
    workDir: '/private/turn',
    fileIn: (name) => `/private/turn/${name}`,
    home: '/private/home',
    userHome: '/home/u',
    userEnv: {},
    join: (...parts) => parts.join('/').replace(/\/+/g, '/'),
    userFiles: {},
    platform: 'linux',
    ...over,
  };
}
