// The pure ledger domain: ids, references, timestamps, units and encodings. No vscode, no network.
export * from './entityId';
export * from './evm';
export * from './account';
export * from './transactionId';
export * from './timestamp';
export * from './units';
export * from './encoding';
export * from './networks';
export * from './target';
export * from './references';
export * from './entries';
