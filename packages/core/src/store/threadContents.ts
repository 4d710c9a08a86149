// What a thread in memory runs, loaded with the first thread a window opens or creates (`StoredThreads`): its
// document (messages in order, patches, merges of another window's copy), how its stored copy is saved and merged,
// and when (the save scheduler). A window's first chat state lists the threads and shows the chosen one's shell without
// any of it; the turns' leases (`ThreadLeases`) load just after the first thread is read.

export { SAVE_TIMING, SaveScheduler } from './saveScheduler';
export { reloadMerging, saveMerging } from './storedCopy';
export { ThreadDocument } from './ThreadDocument';
