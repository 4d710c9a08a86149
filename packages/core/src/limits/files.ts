// The `#` file list's limits, shared by the protocol's schemas, the ranking and the composer. A leaf (see
// index.ts): what imports these numbers takes no schema code with them.

/** The longest `#name` the view asks the host to find files for; longer text is no file name being typed. */
export const MAX_FILE_QUERY_CHARS = 200;
/** The most files one answer to `files/find` lists, best match first. */
export const MAX_FOUND_FILES = 50;
/** The longest workspace-relative path either direction carries; the host lists no longer one. */
export const MAX_PATH_CHARS = 1_024;
