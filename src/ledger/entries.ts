// What the user types for an account (the `ledgerLens.accounts` setting, Add account) and for an
// as-of time, checked before any request. Pure.
import { ACCOUNT_FORMS_HELP, accountRefToPath, parseAccountRef, type AccountRef } from './account';
import { verifyChecksum } from './entityId';
import { ledgerOf, type Network } from './networks';
import { parseTimestamp } from './timestamp';
import { plainText } from './text';

export type CheckedEntry =
  | {
      readonly ok: true;
      readonly ref: AccountRef;
      /** The canonical form: what tells two entries for one account apart. */
      readonly path: string;
      /** What goes in the request path: the form as typed (the server accepts every one), minus a checksum. */
      readonly request: string;
    }
  | { readonly ok: false; readonly message: string };

/**
 * Checks one account entry before any request: every form the account lookup accepts, and a
 * HIP-15 checksum must match the network's ledger (a network without a fixed ledger cannot check
 * it, so the checksum is dropped).
 */
export function checkAccountEntry(id: string, network: Network): CheckedEntry {
  const trimmed = id.trim();
  const ref = parseAccountRef(trimmed);
  if (!ref) return { ok: false, message: `“${plainText(id, 80)}” is not an account. ${ACCOUNT_FORMS_HELP}` };
  const ledger = ledgerOf(network);
  if (ref.kind === 'id' && ref.checksum !== undefined && ledger && !verifyChecksum(ref.id, ref.checksum, ledger)) {
    return {
      ok: false,
      message: `The checksum -${ref.checksum} does not match ${accountRefToPath(ref)} on ${network}.`,
    };
  }
  const path = accountRefToPath(ref);
  return { ok: true, ref, path, request: ref.kind === 'id' && ref.checksum !== undefined ? path : trimmed };
}

export type ParsedAsOf =
  | {
      readonly ok: true;
      readonly timestamp: string | undefined;
      /** The operator typed before the time (`lt:1700000000`), when one was. */
      readonly operator?: AsOfOperator;
    }
  | { readonly ok: false; readonly message: string };

/**
 * The `timestamp` operators of the account lookup an as-of view offers. The server also takes `ne`,
 * which names no moment ("the account at any time but this one") and so is not offered.
 */
export const AS_OF_OPERATORS = ['lte', 'lt', 'eq', 'gte', 'gt'] as const;
export type AsOfOperator = (typeof AS_OF_OPERATORS)[number];

export interface AsOfOperatorWords {
  /** The quick pick's label: `at or before`. */
  readonly label: string;
  /** Before a time in a label or a tooltip: `As of`, `Before`, `At`, `From`, `After`. */
  readonly heading: string;
  /** What the server answers with it. */
  readonly detail: string;
  /** True when the account's state (balance, details) is the one at that time, not the latest. */
  readonly past: boolean;
}

export const AS_OF_WORDS: Readonly<Record<AsOfOperator, AsOfOperatorWords>> = {
  lte: {
    label: 'at or before',
    heading: 'As of',
    detail: 'the account as it was at that time, with the transactions up to it',
    past: true,
  },
  lt: { label: 'before', heading: 'Before', detail: 'the account just before that time', past: true },
  eq: { label: 'at', heading: 'At', detail: 'the account at that time, with the transactions at it', past: true },
  gte: {
    label: 'at or after',
    heading: 'From',
    detail: 'the latest state, with the transactions from that time on',
    past: false,
  },
  gt: {
    label: 'after',
    heading: 'After',
    detail: 'the latest state, with the transactions after that time',
    past: false,
  },
};

export function isAsOfOperator(value: unknown): value is AsOfOperator {
  return typeof value === 'string' && (AS_OF_OPERATORS as readonly string[]).includes(value);
}

/** The `timestamp` query value the account lookup is sent: `lte:1700000000.000000000`. */
export function asOfParam(operator: AsOfOperator, timestamp: string): string {
  return `${operator}:${timestamp}`;
}

const OPERATOR_PREFIX = /^([a-z]{2,3}):\s*/i;

export const AS_OF_HELP =
  'A consensus timestamp (1700000000 or 1700000000.123456789) or a UTC date and time (2023-11-14 or 2023-11-14T22:13:20Z), optionally after lte:, lt:, eq:, gte: or gt:; empty for now.';

/** The mirror node's timestamps have at most ten digits of seconds (until 2286-11-20). */
const MAX_TIMESTAMP_MS = 9_999_999_999_000;

const ISO = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?)?\s*(Z|UTC)?$/i;

/**
 * What "Show as of timestamp" accepts: the mirror node's `sss.nnnnnnnnn`, or an ISO date read as
 * UTC, optionally after one of the offered operators (`lt:1700000000`). Gives the `sss.nnnnnnnnn`
 * text to send (undefined for "now") and the operator when one was typed.
 */
export function parseAsOf(text: string): ParsedAsOf {
  const trimmed = text.trim();
  if (trimmed.length > 60) return { ok: false, message: AS_OF_HELP };
  const prefix = OPERATOR_PREFIX.exec(trimmed);
  if (!prefix) return parseAsOfTime(trimmed);
  const operator = prefix[1].toLowerCase();
  if (!isAsOfOperator(operator)) {
    return {
      ok: false,
      message: `${plainText(prefix[1], 10)}: is not offered; use one of ${AS_OF_OPERATORS.map(o => `${o}:`).join(', ')}.`,
    };
  }
  const rest = trimmed.slice(prefix[0].length);
  if (rest === '') return { ok: false, message: `A time is needed after ${operator}:. ${AS_OF_HELP}` };
  const parsed = parseAsOfTime(rest);
  return parsed.ok ? { ...parsed, operator } : parsed;
}

function parseAsOfTime(t: string): ParsedAsOf {
  if (t === '') return { ok: true, timestamp: undefined };
  const ts = parseTimestamp(t);
  if (ts) return { ok: true, timestamp: `${ts.seconds}.${String(ts.nanos).padStart(9, '0')}` };
  const iso = ISO.exec(t);
  if (!iso) return { ok: false, message: AS_OF_HELP };
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = ''] = iso;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const check = new Date(ms);
  if (
    Number.isNaN(ms) ||
    check.getUTCFullYear() !== Number(y) ||
    check.getUTCDate() !== Number(d) ||
    check.getUTCMonth() !== Number(mo) - 1 ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return { ok: false, message: `${plainText(t, 60)} is not a valid date. ${AS_OF_HELP}` };
  }
  if (ms < 0) return { ok: false, message: 'The ledger has no history before 1970.' };
  if (ms > MAX_TIMESTAMP_MS) return { ok: false, message: 'The mirror node takes times up to 2286-11-20 only.' };
  return { ok: true, timestamp: `${ms / 1000}.${frac.padEnd(9, '0')}` };
}
