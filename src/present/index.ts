// The presentation module: how amounts, times, booleans, untrusted text and failures read, once
// for every feature. Pure (no vscode).
export * from './text';
export * from './amounts';
export * from './time';
export * from './results';
export * from './errors';
export * from './trust';
export * from './transactionTypes';
