// The council's code on its own (`CouncilCode`), for a bundle that holds it and nothing else: importing it from here
// rather than the package's root keeps the thread schema (and zod) out of that bundle.
export { type CouncilCode, councilCode } from './councilCode';
