// Entry of dist/council.js: what only reviews and councils need (`CouncilCode`): the prompt of a reply that reads
// others' replies under neutral labels (the scrubbing of every name, the council's instructions) and the reading of a
// synthesis's ledger. Required by the turns' code the first time a review or synthesis is built or read, and by the
// thread tools when an export reads an older synthesis; a thread of plain discussion never loads it.
export { councilCode } from '@roundtable/core/council';
