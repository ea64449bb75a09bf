// Hedera Consensus Service topic messages: checked, decoded and joined, as plain text. Pure.
export * from './messages';
export * from './content';
export * from './chunks';
export * from './render';
