// Revert sites and compiled contracts as the panels hand them to the editor, for the sources tests.
import type { CompiledContractRef, RevertSite } from '../../../src/source/types';
import type { SiteTarget } from '../../../src/trace/marks';

export function compiledRef(overrides: Partial<CompiledContractRef> = {}): CompiledContractRef {
  return {
    key: 'hardhat-sample/artifacts/build-info/1a.json#contracts/MyToken.sol:MyToken',
    contractName: 'MyToken',
    sourceName: 'contracts/MyToken.sol',
    origin: { kind: 'hardhat-build-info', file: 'hardhat-sample/artifacts/build-info/1a.json' },
    code: { hex: '6080', masks: [] },
    hasAst: true,
    hasSourceMap: true,
    ...overrides,
  };
}

export function revertSite(overrides: Partial<RevertSite> = {}): RevertSite {
  return {
    sourceName: 'contracts/MyToken.sol',
    start: 420,
    length: 48,
    line: 12,
    column: 9,
    endLine: 12,
    endColumn: 57,
    text: 'revert InsufficientBalance(balance, amount);',
    kind: 'revert-error',
    ...overrides,
  };
}

export function siteTarget(overrides: Partial<SiteTarget> = {}): SiteTarget {
  return {
    site: revertSite(),
    contract: compiledRef(),
    oneOf: false,
    network: 'testnet',
    transactionId: '0.0.1234@1700000000.000000001',
    at: 1_700_000_000_000,
    error: 'InsufficientBalance(available: 1000, required: 1500)',
    ...overrides,
  };
}
