// The detail panels' messages: transaction (src/features/transactions) and block
// (src/features/blocks), both through src/features/common/detailPanel ↔ one browser bundle,
// webview/detail. The host formats everything into text; the webview only lays it out (as text
// nodes), so no value from the network is ever interpreted as markup.
import { PANEL_KINDS } from '../panelKinds';
import * as v from '../shared/validate';
import { ENTITY_ID, sized } from './common';
import { TRACE_SITE_KEY, TRACE_TEXT_MAX, type TraceView } from './trace';

export const TRANSACTION_VIEW_TYPE = PANEL_KINDS.transaction;
export const BLOCK_VIEW_TYPE = PANEL_KINDS.block;

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
  /** A call trace's revert site link: the key the host issued for it (a page never names a file). */
  | { readonly type: 'openSite'; readonly key: string }
  /**
   * A call trace's Debug button: starts the debugger on the transaction the panel shows. It names
   * nothing: the host knows the panel's transaction and network, and refuses it where it offered none.
   */
  | { readonly type: 'debug' }
  | { readonly type: 'refresh' };

const TIMESTAMP = /^\d{1,10}(\.\d{1,9})?$/;
const BLOCK_NUMBER = /^\d{1,19}$/;
const BLOCK_HASH = /^(0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/;
const BLOCK_REF = /^(\d{1,19}|(0x)?[0-9a-fA-F]{64}|(0x)?[0-9a-fA-F]{96})$/;

/**
 * The one description of every action. `strict` (the host, checking what a panel sends) adds the
 * limits the host applies to typed input, so a compromised webview can make the host do no more
 * than a click could; the panel, checking what the host sends, needs only the shapes.
 */
export function detailActionValidator(strict: boolean): v.Validator<DetailAction> {
  const rule = (re: RegExp): v.Validator<string> => (strict ? v.pattern(re) : v.string);
  const bounded = (max: number): v.Validator<string> => (strict ? v.text(1, max) : v.string);
  return v.tagged<'type', DetailAction>('type', {
    revealAccount: v.object({ type: v.literal('revealAccount'), id: rule(ENTITY_ID) }),
    openInHashScan: v.object({
      type: v.literal('openInHashScan'),
      kind: v.literal('transaction', 'block'),
      id: bounded(200),
    }),
    openAsJson: v.object({ type: v.literal('openAsJson') }),
    // A call trace's text form is the longest thing a panel copies.
    copy: v.object({ type: v.literal('copy'), text: bounded(TRACE_TEXT_MAX) }),
    openContractResults: v.object({
      type: v.literal('openContractResults'),
      timestamp: v.optional(rule(TIMESTAMP)),
      blockNumber: v.optional(rule(BLOCK_NUMBER)),
      blockHash: v.optional(rule(BLOCK_HASH)),
    }),
    openBlock: v.object({ type: v.literal('openBlock'), hashOrNumber: rule(BLOCK_REF) }),
    openSite: v.object({ type: v.literal('openSite'), key: rule(TRACE_SITE_KEY) }),
    // It names nothing: a page that sends a transaction or a network with it is refused, not obeyed.
    debug: v.strictObject({ type: v.literal('debug') }),
    refresh: v.object({ type: v.literal('refresh') }),
  });
}

export interface DetailField {
  readonly label: string;
  readonly value: string;
  /** Shown beside the value, dimmed (e.g. an explanation of a null). */
  readonly note?: string;
  readonly mono?: boolean;
  /** The value is a link doing this. */
  readonly action?: DetailAction;
  /** A copy button beside the value copies this text. */
  readonly copy?: string;
  readonly title?: string; // its tooltip; `at`: a time (epoch ms), its age shown beside it and kept current
  readonly at?: number;
  readonly badge?: 'success' | 'failure'; // a result: an icon and a word, not colour alone
  /**
   * Where the field is drawn: `summary`, the block a record leads with; `more`, the collapsed
   * "More" group (rows that rarely matter: defaults, empty values); neither, the body.
   */
  readonly place?: 'summary' | 'more';
  /** The value drawn as these pieces (links among text, e.g. `0.0.10 → 0.0.9, 0.0.12`); `value` is its text. */
  readonly parts?: readonly DetailCell[];
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
  /** The id of the section this one is drawn inside, right after its summary (a transaction's decoded call). */
  readonly within?: string;
  readonly fields: readonly DetailField[];
  readonly tables: readonly DetailTable[];
  readonly buttons: readonly DetailButton[];
  /** A call trace, drawn as a tree after the fields (the transaction panel's "Call trace"). */
  readonly trace?: TraceView;
  /** The call trace offers "Debug" (the host starts the debugger on the panel's transaction). */
  readonly debug?: boolean;
}

export type DetailView =
  | {
      readonly status: 'loading';
      readonly title: string;
      readonly network: string;
      /** Which network and why: `mainnet · from Client.forMainnet() at line 12`, `testnet · from settings`. */
      readonly why?: string;
      /** Said instead of "Loading…": `Not indexed yet …; retrying in 2 s.` */
      readonly message?: string;
    }
  | {
      readonly status: 'error';
      readonly title: string;
      readonly network: string;
      readonly why?: string;
      readonly message: string;
      /** The service's own words, exactly. */
      readonly serverMessages: readonly string[];
    }
  | {
      readonly status: 'loaded';
      readonly title: string;
      readonly network: string;
      readonly why?: string;
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

/** `copied`: the host put this text on the clipboard (the page's copy control says "Copied" only then). */
export type DetailToWebview =
  { readonly type: 'view'; readonly view: DetailView } | { readonly type: 'copied'; readonly text: string };

/** `ready`: the page listens now (a view posted before that is lost, so the host sends it again). */
export type DetailToHost = { readonly type: 'action'; readonly action: DetailAction } | { readonly type: 'ready' };

/** What the host accepts from a detail panel (strict: see detailActionValidator). */
export const detailToHostValidator: v.Validator<DetailToHost> = v.tagged('type', {
  action: v.object({ type: v.literal('action'), action: detailActionValidator(true) }),
  ready: v.object({ type: v.literal('ready') }),
});

export function transactionPanelStateValidator(strict: boolean): v.Validator<TransactionPanelState> {
  return v.object({
    panel: v.literal('transaction'),
    network: sized(strict, 1, 100),
    idOrHash: sized(strict, 1, 200),
    nonce: v.optional(strict ? v.integerIn(0, 2_147_483_647) : v.integer),
    scheduled: v.optional(v.boolean),
  });
}

export function blockPanelStateValidator(strict: boolean): v.Validator<BlockPanelState> {
  return v.object({ panel: v.literal('block'), network: sized(strict, 1, 100), hashOrNumber: sized(strict, 1, 200) });
}
