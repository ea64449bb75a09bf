// What the user types for an account (the `ledgerLens.accounts` setting, Add account) and for an
// as-of time, checked before any request. Pure.
import { ACCOUNT_FORMS_HELP, accountRefToPath, parseAccountRef, type AccountRef } from './account';
import { verifyChecksum } from './entityId';
import { ledgerOf, type Network } from './networks';
import { parseTimestamp } from './timestamp';
import { plainText } from '../present/text';

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
  { readonly ok: true; readonly timestamp: string | undefined } | { readonly ok: false; readonly message: string };

export const AS_OF_HELP =
  'A consensus timestamp (1700000000 or 1700000000.123456789) or a UTC date and time (2023-11-14 or 2023-11-14T22:13:20Z); empty for now.';

/** The mirror node's timestamps have at most ten digits of seconds (until 2286-11-20). */
const MAX_TIMESTAMP_MS = 9_999_999_999_000;

const ISO = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d{1,9}))?)?)?\s*(Z|UTC)?$/i;

/**
 * What "Show as of timestamp" accepts: the mirror node's `sss.nnnnnnnnn`, or an ISO date read as
 * UTC. Gives the `sss.nnnnnnnnn` text to send, or undefined for "now".
 */
export function parseAsOf(text: string): ParsedAsOf {
  const t = text.trim();
  if (t === '') return { ok: true, timestamp: undefined };
  if (t.length > 60) return { ok: false, message: AS_OF_HELP };
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
