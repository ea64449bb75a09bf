// The ABI layer: reading artifacts and ABIs, the built-in standard and Hedera system-contract ABIs,
// the index, and decoding calldata, results, reverts and logs. Pure: no vscode.
//
// Decoded strings and bytes are network text. This layer returns them as plain values (and
// format.ts as plain text with invisible characters made visible); every renderer escapes them.
export * from './types';
export { AbiIndex, type ContractMatch } from './abiIndex';
export { ArtifactIndexer, summaryLines, yieldToEventLoop, type ArtifactSource, type IndexSummary } from './indexer';
export { MAX_ARTIFACT_BYTES, isIgnoredArtifactPath, parseArtifact, type ArtifactOutcome } from './artifacts';
export { chainCode, matchesCode, prepareCode, stripMetadata } from './bytecode';
export {
  decodeCall,
  decodeLog,
  decodeResult,
  decodeRevert,
  panicMeaning,
  parseHex,
  ERROR_SELECTOR,
  PANIC_SELECTOR,
} from './decode';
export * from './format';
export { printableText, visibleText } from './text';
export { LIMITS } from './validate';
export {
  callLines,
  decodeReport,
  describeOrigin,
  eventLines,
  oneLiner,
  pastedAddress,
  pastedTokenAddresses,
  readPasted,
  revertLines,
  type AmountUnits,
  type PastedInput,
} from './report';
export {
  RAW_UNITS,
  fungibleTokens,
  peekUnits,
  resolveUnits,
  tokenIdOfAddress,
  unitAddresses,
  unitsOfLookup,
  type UnitsOf,
} from './units';
export {
  callOptions,
  contractResultLine,
  decodeContractResult,
  eventOptions,
  eventSummaries,
  resultInput,
  tokenAddresses,
  withUnits,
  type MirrorContractResult,
  type ContractResultInput,
  type DecodedContractResult,
} from './contractResult';
export { DEFAULT_EXCLUDE, DEFAULT_INCLUDE, globMatcher, joinGlobs, matchesAny, type AbiGlobs } from './globs';
