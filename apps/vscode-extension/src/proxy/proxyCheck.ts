// Finding and checking the proxy: a user's proxy URL resolved to a loopback address, and its health check with the
// error classifier. Loaded by the first check or request (after the first chat state), never at activation.
export { checkProxy } from '@roundtable/sidecar/checkProxy';
export { resolveProxyEndpoint } from '@roundtable/sidecar/endpoint';
