// Entry of dist/intents.js: what carries out a view's intents (`handleIntent`): a switch over the intents that hands
// each to the orchestrator or the host. Required by the first intent a page sends. It is not the turns' code: a
// page that only switches threads, opens a link or adds context never loads the turns' bundle for it.
export { handleIntent } from '@roundtable/core/intents';
