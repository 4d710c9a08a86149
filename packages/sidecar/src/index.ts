export * from './checkProxy';
export * from './endpoint';
export * from './loopback';
export * from './ProxyMonitor';
