// Entry of dist/clis.js: what seats on the official CLIs need: their dialects (flags and event formats), detection,
// the launcher and the turn runner, sign-in. Loaded the first time a CLI provider is checked or asked for a reply: a
// window with no CLI seat never parses it.
//
// Invariant: nothing here reaches a schema (zod, the transcript's schema): the dialects read their lines with type
// guards, and the host's settings come in already read, so this bundle never carries a copy of zod.
export { chatOverCli } from './chatOverCli';
export { cliRoute, disposeClis, setCliTurnsRoot } from './cliRoute';
export { cliActions, openCliSignIn } from './openCliSignIn';
