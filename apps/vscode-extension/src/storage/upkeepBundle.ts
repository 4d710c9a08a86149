// Entry of dist/upkeep.js: the storage work that runs in the background or seldom (folding journals into their
// bases, rebuilding the thread index) and the watch on the threads folder for other windows' writes. A window's
// first state needs none of it, so it is loaded after that (or when a rebuild is due), not at activation.
export { ThreadFolderWatcher } from './ThreadFolderWatcher';
export { upkeepCode } from './upkeepCode';
