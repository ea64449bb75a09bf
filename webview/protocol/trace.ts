// The call trace as both panels draw it (the transaction panel's "Call trace" section and the
// contract results panel's row detail): rows in tree order, each with its level, all text the host
// formatted. The page nests rows by `level`, marks failures with an icon and a word (not colour
// alone), opens `open` rows, and posts `openSite` with a key the host issued: a page cannot name a
// file, only pick one of the sites the host offered.
import * as v from '../shared/validate';

/** A link to a revert site: `contracts/Vault.sol:42`, with `oneOf` when several sites could be it. */
export interface TraceSiteLink {
  /** `contracts/Vault.sol:42` (or `…:42 (compiled text; the file has changed since)`). */
  readonly text: string;
  /** A key the host issued; the page sends it back in `openSite`. */
  readonly key: string;
  /** Inferred: this is one of several sites that can produce the error. */
  readonly oneOf: boolean;
  /** The statement's text, shown as text (never markup). */
  readonly statement: string;
}

export interface TraceRowView {
  /** 0 for a root; a row's children follow it with level + 1. */
  readonly level: number;
  /** `CALL`, `STATICCALL` … and the call type when it says more (`PRECOMPILE`). */
  readonly operation: string;
  /** `Vault → MyToken`: the caller's and recipient's labels. */
  readonly caller: string;
  readonly recipient: string;
  /** Where the recipient's name comes from (its tooltip): `contracts/Vault.sol`, `0.0.1234`. */
  readonly recipientDetail?: string;
  /** The function decoded, or its selector. */
  readonly call?: string;
  /** The result: decoded output, or the decoded revert / error. */
  readonly result: string;
  readonly failed: boolean;
  /** The frame where the failure started (highlighted). */
  readonly origin: boolean;
  /** Opened by default (the first failure and its ancestors). */
  readonly open: boolean;
  /** Further fields: value in ℏ, gas, gas used, index, notes. */
  readonly fields: readonly { readonly label: string; readonly value: string }[];
  readonly sites: readonly TraceSiteLink[];
}

export interface TraceView {
  /** `4 calls · reverted in Vault.withdraw → MyToken.transfer: InsufficientBalance(…)`. */
  readonly summary: string;
  readonly rows: readonly TraceRowView[];
  /** Said above the rows when present: the trace is incomplete, the first N actions only, … */
  readonly notes: readonly string[];
  /** The compact text form ("Copy as text"). */
  readonly text: string;
}

/** What the page checks of a trace the host sent (shapes only; the host is trusted for bounds). */
export const traceViewValidator: v.Validator<TraceView> = v.object({
  summary: v.string,
  rows: v.array(
    v.object({
      level: v.integer,
      operation: v.string,
      caller: v.string,
      recipient: v.string,
      recipientDetail: v.optional(v.string),
      call: v.optional(v.string),
      result: v.string,
      failed: v.boolean,
      origin: v.boolean,
      open: v.boolean,
      fields: v.array(v.object({ label: v.string, value: v.string }), 50),
      sites: v.array(v.object({ text: v.string, key: v.string, oneOf: v.boolean, statement: v.string }), 50),
    }),
    20_000,
  ),
  notes: v.array(v.string, 50),
  text: v.string,
});

/** A site key as the host issues it (and accepts back). */
export const TRACE_SITE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** The most characters of the text form the host sends, so a "Copy as text" of it stays bounded. */
export const TRACE_TEXT_MAX = 100_000;

/**
 * A trace where it loads on demand (the contract results panel's row detail): being read, failed
 * (`message` in words), there, or not for this result (`message` says why: not a contract call…).
 */
export type TraceDetail =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'loaded'; readonly view: TraceView }
  | { readonly status: 'none'; readonly message: string };

export const traceDetailValidator: v.Validator<TraceDetail> = v.tagged<'status', TraceDetail>('status', {
  loading: v.object({ status: v.literal('loading') }),
  failed: v.object({ status: v.literal('failed'), message: v.string }),
  loaded: v.object({ status: v.literal('loaded'), view: traceViewValidator }),
  none: v.object({ status: v.literal('none'), message: v.string }),
});
