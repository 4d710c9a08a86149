// What seats on the official CLIs need: their dialects (flags and event formats), detection, the launcher and the turn
// runner, sign-in. Part of dist/threadTools.js (see the build script), loaded the first time a CLI provider is checked
// or asked for a reply: a window with no CLI seat and no thread tool used never parses it.
export { chatOverCli } from './chatOverCli';
export { cliRoute, disposeClis, setCliTurnsRoot } from './cliRoute';
export { cliActions, openCliSignIn } from './openCliSignIn';
