// The entry of dist/managed.js: everything only managed mode needs, required by `managedBundle()` on first use.
// The providers' health check rides along: only the diagnostics command needs it, in either mode.
export { providerReport } from '../proxy/providerHealth';
export { startManagedInVsCode } from './managedHost';
export { seatActions, signInManaged } from './managedSignIn';
