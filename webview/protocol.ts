// The messages between the panels and the extension, imported by both sides. One readonly
// tagged union per direction and panel. int64 values travel as decimal strings (bigint cannot be
// structured-cloned); each side converts with BigInt() at its edge. Imports nothing.

/** A bigint as it crosses the webview boundary. */
export type BigintString = string;

// ---------------------------------------------------------------------------------------------
// Detail panels: transaction (src/features/transactions ↔ webview/transaction) and block
// (src/features/blocks ↔ webview/block). The host formats everything into text; the webview only
// lays it out (as text nodes), so no value from the network is ever interpreted as markup.

export const TRANSACTION_VIEW_TYPE = 'ledgerLens.transaction';
export const BLOCK_VIEW_TYPE = 'ledgerLens.block';

/** What identifies a transaction panel; kept by the webview (setState) for the serializer. */
export interface TransactionPanelState {
  readonly panel: 'transaction';
  readonly network: string;
  /** The path segment: `-` form of an id, `0x`+hex or base64url hash. */
  readonly idOrHash: string;
  readonly nonce?: number;
  readonly scheduled?: boolean;
}

/** What identifies a block panel. */
export interface BlockPanelState {
  readonly panel: 'block';
  readonly network: string;
  /** Decimal number or `0x` hash, as the mirror node path takes it. */
  readonly hashOrNumber: string;
}

/** What a link or button in a detail panel asks the host to do. */
export type DetailAction =
  | { readonly type: 'revealAccount'; readonly id: string }
  | { readonly type: 'openInHashScan'; readonly kind: 'transaction' | 'block'; readonly id: string }
  | { readonly type: 'openAsJson' }
  | { readonly type: 'copy'; readonly text: string }
  | {
      readonly type: 'openContractResults';
      /** A consensus timestamp (a transaction's result), or a block by number or hash. */
      readonly timestamp?: string;
      readonly blockNumber?: string;
      readonly blockHash?: string;
    }
  | { readonly type: 'openBlock'; readonly hashOrNumber: string }
  | { readonly type: 'refresh' };

export interface DetailField {
  readonly label: string;
  readonly value: string;
  /** Shown beside the value, dimmed (e.g. local time, an explanation of a null). */
  readonly note?: string;
  readonly mono?: boolean;
  /** The value is a link doing this. */
  readonly action?: DetailAction;
  /** A copy button beside the value copies this text. */
  readonly copy?: string;
}

export interface DetailCell {
  readonly text: string;
  readonly action?: DetailAction;
  readonly numeric?: boolean;
  readonly mono?: boolean;
}

export interface DetailTable {
  readonly title: string;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly DetailCell[])[];
  /** Shown instead of an empty table. */
  readonly empty: string;
}

export interface DetailButton {
  readonly label: string;
  readonly action: DetailAction;
}

/** One record (a transaction, a block): its fields, its tables, its own buttons. */
export interface DetailSection {
  readonly id: string;
  readonly title: string;
  /** The group heading this section sits under (transactions: Parent, Scheduled, Children, Duplicates). */
  readonly group?: string;
  /** A short label beside the title (parent, child with nonce N, scheduled, duplicate). */
  readonly badge?: string;
  readonly fields: readonly DetailField[];
  readonly tables: readonly DetailTable[];
  readonly buttons: readonly DetailButton[];
}

export type DetailView =
  | { readonly status: 'loading'; readonly title: string; readonly network: string }
  | {
      readonly status: 'error';
      readonly title: string;
      readonly network: string;
      readonly message: string;
      /** The service's own words, exactly. */
      readonly serverMessages: readonly string[];
    }
  | {
      readonly status: 'loaded';
      readonly title: string;
      readonly network: string;
      /** e.g. "3 transactions share this id". */
      readonly summary: string;
      readonly sections: readonly DetailSection[];
      readonly buttons: readonly DetailButton[];
    };

/** The first state of a detail panel, inlined into its HTML. */
export interface DetailInitialState {
  readonly persist: TransactionPanelState | BlockPanelState;
  readonly view: DetailView;
}

export type DetailToWebview = { readonly type: 'view'; readonly view: DetailView };

export type DetailToHost = { readonly type: 'action'; readonly action: DetailAction };
