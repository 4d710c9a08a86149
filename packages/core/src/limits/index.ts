// `@roundtable/core/limits`: the numbers both ends of the webview protocol keep, each stated once, here.
//
// Invariant (limits.test.ts): every other module of this folder is a leaf, with no import of any kind, and this one
// only re-exports them. Whatever imports a limit, from any bundle or chunk, takes the number and nothing else: no
// schema, no schema library, nothing a bundler would have to move into a shared chunk. So the page never restates a number the
// host checks; it imports it.
export * from './changeBlocks';
export * from './context';
export * from './cspReport';
export * from './files';
export * from './images';
export * from './text';
