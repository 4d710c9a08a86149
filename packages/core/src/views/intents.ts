// @roundtable/core/intents: what carries out a view's intents, for a host bundle of its own. It reaches no schema
// (the host validated the intent already), so a bundle of it carries no zod.
export { handleIntent, type IntentView } from './handleIntent';
