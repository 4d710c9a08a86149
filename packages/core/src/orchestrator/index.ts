export * from './deltaBatcher';
export * from './Orchestrator';
export * from './ports';
export * from './saveScheduler';
export * from './settings';
export * from './threadOps';
