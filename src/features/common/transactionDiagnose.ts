// Why a typed transaction id or hash is refused, in words that name the part that is wrong (the
// account, the seconds, the nanoseconds, a separator, the hash's length), so the user fixes that
// part instead of rereading the whole form. Pure (no vscode). The input is at most input.ts's
// MAX_INPUT characters; every check is a split or an anchored pattern without nested repetition.
import { INT64_MAX } from '../../ledger';
import { plainText } from '../../present/text';
import { parseTimestampInput } from '../../present/timestampInput';

const ACCOUNT_PARTS = ['shard', 'realm', 'num'] as const;
const DIGITS = /^\d+$/;
const CHECKSUMMED = /^(\d+\.\d+\.\d+)-([a-z]{5})$/;
/** A valid start written as a date (`2023-11-14…`), read with the one timestamp grammar. */
export const DATE_START = /^\d{4}-\d{1,2}-\d{1,2}/;

/**
 * The one sentence that names what is wrong with `text` (one token: the id, hash or link, without
 * the filters after it), or undefined when nothing more specific than the general form can be said.
 */
export function diagnoseSubject(text: string): string | undefined {
  if (text.includes('@')) return diagnoseAt(text);
  const hash = diagnoseHash(text);
  if (hash !== undefined) return hash;
  if (/^\d+\.\d+$/.test(text)) return 'That looks like a consensus timestamp, not a transaction id.';
  if (/^\d+\.\d+\.\d+-\d+\.\d+$/.test(text)) return mixedSeparators();
  if (text.includes('-')) return diagnoseDash(text);
  if (/^\d+\.\d+\.\d+$/.test(text)) {
    return `The account "${clip(text)}" needs its valid start after it: ${clip(text)}@sss.nnn or ${clip(text)}-sss-nnn.`;
  }
  if (/^[\d.]+$/.test(text) && text.includes('.')) return accountProblem(text, '@');
  return undefined;
}

/** What is wrong with the account (payer) part, or undefined when it is a well-formed shard.realm.num. */
export function accountProblem(payer: string, separator: string): string | undefined {
  if (payer === '') return `The account is missing before "${separator}".`;
  const checksummed = CHECKSUMMED.exec(payer);
  if (checksummed) {
    return `Remove the checksum "-${checksummed[2]}" after the account: write ${checksummed[1]}${separator}….`;
  }
  const parts = payer.split('.');
  if (parts.length > 3)
    return `The account "${clip(payer)}" has ${parts.length} parts; it is shard.realm.num, as in 0.0.1234.`;
  if (parts.length < 3 || parts.some(p => p === '')) {
    return `The account "${clip(payer)}" is incomplete: it is shard.realm.num, as in 0.0.1234.`;
  }
  for (let i = 0; i < 3; i++) {
    const part = parts[i];
    if (!DIGITS.test(part)) return `The account's ${ACCOUNT_PARTS[i]} "${clip(part)}" is not a number.`;
    if (part.length > 10) return `The account's ${ACCOUNT_PARTS[i]} "${clip(part)}" has more than 10 digits.`;
  }
  return undefined;
}

/** What is wrong with the seconds of a valid start, or undefined. */
export function secondsProblem(seconds: string): string | undefined {
  if (seconds === '') return 'The seconds part is empty.';
  if (!DIGITS.test(seconds)) return `The seconds part "${clip(seconds)}" is not a number.`;
  if (seconds.length > 19 || BigInt(seconds) > INT64_MAX) {
    return `The seconds part "${clip(seconds)}" is too large: at most ${INT64_MAX}.`;
  }
  return undefined;
}

/** What is wrong with the nanoseconds of a valid start, or undefined. */
export function nanosProblem(nanos: string): string | undefined {
  if (nanos === '') return 'The nanoseconds part is empty.';
  if (!DIGITS.test(nanos)) return `The nanoseconds part "${clip(nanos)}" is not a number.`;
  if (nanos.length > 9) return `Nanoseconds have at most 9 digits; "${clip(nanos)}" has ${nanos.length}.`;
  return undefined;
}

/** A 48-byte hash typed with the wrong length, prefix or a stray character; undefined when not hash-like. */
function diagnoseHash(text: string): string | undefined {
  if (/^0X[0-9a-fA-F]+$/.test(text)) return 'Write the hex prefix as a lowercase 0x.';
  const prefixed = text.startsWith('0x');
  const body = prefixed ? text.slice(2) : text;
  const hex = /^[0-9a-fA-F]*$/.test(body);
  if (hex && (prefixed || body.length === 64 || (body.length >= 32 && /\d/.test(body) && /[a-fA-F]/.test(body)))) {
    if (body.length === 0) return 'The hex digits after 0x are missing.';
    return `A transaction hash is 96 hex digits (48 bytes); this has ${body.length}.`;
  }
  if (prefixed && body.length >= 32) {
    const bad = /[^0-9a-fA-F]/.exec(body);
    if (bad) return `"${clip(bad[0])}" (character ${bad.index + 3}) is not a hex digit.`;
  }
  if (/^[A-Za-z0-9+/_-]{40,}=+$/.test(text)) {
    return 'A base64 transaction hash is 64 characters without "=" padding: 48 bytes need none.';
  }
  if (/^[A-Za-z0-9+/_-]{40,}$/.test(text) && /[A-Za-z]/.test(text) && /\d/.test(text) && !/^[\d.-]+$/.test(text)) {
    return `A base64 transaction hash is 64 characters (48 bytes); this has ${text.length}.`;
  }
  return undefined;
}

/** `0.0.x@sss.nnn`, `0.0.x@sss`, `0.0.x@<date>`, with the SDK's `?scheduled` and `/nonce` after it. */
function diagnoseAt(text: string): string {
  const at = text.indexOf('@');
  const payer = text.slice(0, at);
  const rest = text.slice(at + 1);
  const account = accountProblem(payer, '@');
  if (account !== undefined) return account;
  if (rest.includes('@')) return 'Only one "@" goes between the account and the valid start.';
  if (rest === '') return 'The valid start is missing after "@": seconds, or seconds.nanoseconds.';
  const cut = rest.search(/[?/]/);
  const core = cut < 0 ? rest : rest.slice(0, cut);
  const tail = cut < 0 ? '' : rest.slice(cut);
  if (DATE_START.test(core)) return dateProblem(core) ?? tailProblem(tail) ?? generalAt();
  if (/^[a-z]{2,3}:/i.test(core))
    return `No operator (${clip(core.slice(0, core.indexOf(':') + 1))}) here: the valid start is one time.`;
  if (core.includes('-')) return mixedSeparators();
  const [seconds = '', nanos, ...more] = core.split('.');
  if (more.length > 0) return `The valid start "${clip(core)}" has more than one ".": it is seconds.nanoseconds.`;
  return (
    secondsProblem(seconds) ??
    (nanos === undefined ? undefined : nanosProblem(nanos)) ??
    tailProblem(tail) ??
    generalAt()
  );
}

/** `0.0.x-sss-nnn`: three parts joined by dashes. */
function diagnoseDash(text: string): string {
  if (/[?/]/.test(text)) {
    return '"?scheduled" and "/nonce" follow the 0.0.x@sss.nnn form only; after this form write scheduled=true or nonce=N.';
  }
  const parts = text.split('-');
  const checksummed = CHECKSUMMED.exec(`${parts[0]}-${parts[1] ?? ''}`);
  if (checksummed) return accountProblem(checksummed[0], '@')!;
  const account = accountProblem(parts[0], '-');
  if (account !== undefined) return account;
  if (parts.length === 2) {
    return (
      secondsProblem(parts[1]) ??
      'The nanoseconds part is missing: it is account-seconds-nanoseconds (or account@seconds for nanoseconds 0).'
    );
  }
  if (parts.length > 3) {
    return parts.at(-1) === ''
      ? 'Nothing follows the nanoseconds: remove the last "-".'
      : `Too many "-": a transaction id is account-seconds-nanoseconds; this has ${parts.length} parts.`;
  }
  return secondsProblem(parts[1]) ?? nanosProblem(parts[2]) ?? generalDash();
}

function dateProblem(date: string): string | undefined {
  const r = parseTimestampInput(date);
  if (r.ok) return undefined;
  // The grammar's own words name the part of the date that is wrong (the month, the day, the zone).
  return `Valid start: ${r.message}`;
}

function tailProblem(tail: string): string | undefined {
  if (tail === '') return undefined;
  const m = /^(\?[^/]*)?(?:\/(.*))?$/.exec(tail);
  if (m?.[1] !== undefined && m[1] !== '?scheduled') {
    return `Only "?scheduled" may follow the valid start; got "${clip(m[1])}".`;
  }
  const nonce = m?.[2];
  if (nonce !== undefined && (!/^\d{1,10}$/.test(nonce) || Number(nonce) > 2_147_483_647)) {
    return `The nonce after "/" is a whole number from 0 to 2147483647; got "${clip(nonce)}".`;
  }
  return undefined;
}

function mixedSeparators(): string {
  return 'Mixed separators: write 0.0.x-sss-nnn (dashes) or 0.0.x@sss.nnn (an "@" and a ".").';
}

function generalAt(): string {
  return 'After "@" comes the valid start: seconds, seconds.nanoseconds or a UTC date.';
}

function generalDash(): string {
  return 'A transaction id is account-seconds-nanoseconds, as in 0.0.1234-1700000000-123456789.';
}

/** Typed text quoted back: bounded, with invisible and direction-changing characters shown. */
function clip(text: string): string {
  return plainText(text, 40);
}
