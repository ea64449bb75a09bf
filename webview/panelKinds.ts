// The webview panel kinds, in one list: each kind's view type (VS Code's key for its serializer and
// the `onWebviewPanel:*` activation event). A leaf with no imports, so a feature's manifest can
// name its panel at startup without loading the message protocol.
export const PANEL_KINDS = {
  transaction: 'ledgerLens.transaction',
  block: 'ledgerLens.block',
  contractResults: 'ledgerLens.contractResults',
  topic: 'ledgerLens.topic',
} as const;

export type PanelKind = keyof typeof PANEL_KINDS;
export type PanelViewType = (typeof PANEL_KINDS)[PanelKind];
