// Thread tools the host loads on demand: export, import and search (not needed to chat, so kept out of the start).
export { closeOpenFence, exportMarkdown } from './exportMarkdown';
export {
  type ImportedImage,
  type ImportResult,
  MAX_IMPORT_BYTES,
  readThreadExport,
  threadExportJson,
} from './importThread';
export { matchThread, searchThreads, type ThreadMatch } from './searchThreads';
