export * from './checkProxy';
export * from './endpoint';
