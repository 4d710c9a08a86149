export * from './checkProxy';
export * from './endpoint';
export * from './fs/fileLock';
export * from './loopback';
export * from './ProxyMonitor';
export * from './recheckSchedule';
export * from './servedModels';
