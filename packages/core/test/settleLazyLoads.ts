import { afterAll } from 'vitest';

/**
 * The thread store loads its turns' leases (`store/ThreadLeases`) once the first thread is in memory, and nothing
 * awaits that load: a window goes on while it arrives. A test file can end in that window, and vitest would then tear
 * the module loader down under the import ("Cannot load ... after the environment was torn down"). Importing the same
 * module at the end of each file waits for the load already under way (or makes it) before the teardown.
 */
afterAll(async () => {
  await import('../src/store/ThreadLeases');
});
