// Every command id in one place; a test checks this list against package.json.
export const Commands = {
  lookupTransaction: 'ledgerLens.lookupTransaction',
  lookupBlock: 'ledgerLens.lookupBlock',
  showContractResults: 'ledgerLens.showContractResults',
  selectNetwork: 'ledgerLens.selectNetwork',
  addAccount: 'ledgerLens.addAccount',
  refreshAccounts: 'ledgerLens.refreshAccounts',
  refreshBlocks: 'ledgerLens.refreshBlocks',
  showStatus: 'ledgerLens.showStatus',
  showLog: 'ledgerLens.showLog',
  removeAccount: 'ledgerLens.removeAccount',
  copyId: 'ledgerLens.copyId',
  copyEvmAddress: 'ledgerLens.copyEvmAddress',
  copyTransactionId: 'ledgerLens.copyTransactionId',
  openInHashScan: 'ledgerLens.openInHashScan',
  openAsJson: 'ledgerLens.openAsJson',
  openTransaction: 'ledgerLens.openTransaction',
  filterTransactionType: 'ledgerLens.filterTransactionType',
  toggleTransactionOrder: 'ledgerLens.toggleTransactionOrder',
  showAsOf: 'ledgerLens.showAsOf',
  loadMore: 'ledgerLens.loadMore',
  retry: 'ledgerLens.retry',
  revealAccount: 'ledgerLens.revealAccount',
  openBlock: 'ledgerLens.openBlock',
  loadMoreBlocks: 'ledgerLens.loadMoreBlocks',
  showAccountContractResults: 'ledgerLens.showAccountContractResults',
  copyValue: 'ledgerLens.copyValue',
  renameAccount: 'ledgerLens.renameAccount',
  decodeCalldata: 'ledgerLens.decodeCalldata',
  openContractSource: 'ledgerLens.openContractSource',
  openSample: 'ledgerLens.openSample',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];

export const Views = {
  container: 'ledgerLens',
  accounts: 'ledgerLens.accounts',
  blocks: 'ledgerLens.blocks',
} as const;

/**
 * Webview panel types, the same strings as webview/protocol.ts's constants (a unit test checks it):
 * the lazy seam registers their serializers at startup without loading that module.
 */
export const PanelTypes = {
  transaction: 'ledgerLens.transaction',
  block: 'ledgerLens.block',
  contractResults: 'ledgerLens.contractResults',
} as const;
