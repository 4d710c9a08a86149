// The entry of dist/managed.js: everything only managed mode needs, required by `managedBundle()` on first use.
export { startManagedInVsCode } from './managedHost';
export { seatActions, signInManaged } from './managedSignIn';
