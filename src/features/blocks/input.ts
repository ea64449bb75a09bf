// What "Lookup block" accepts, turned into the path segment the mirror node takes, or refused with
// the part that is wrong and the expected form, before any request. Pure (no vscode).
import { INT64_MAX } from '../../ledger';
import { plainText } from '../../present/text';

export type BlockQuery =
  | { readonly kind: 'number'; readonly number: bigint; readonly hashOrNumber: string }
  | { readonly kind: 'hash'; readonly hash: string; readonly hashOrNumber: string };

export type ParsedBlock =
  | { readonly ok: true; readonly query: BlockQuery }
  | {
      readonly ok: false;
      /** The problem and the forms accepted. */
      readonly message: string;
      /** The problem alone, naming the part that is wrong. */
      readonly problem: string;
    };

export const BLOCK_INPUT_HELP =
  'Enter a block number (decimal, e.g. 1234567, or 0x hex, e.g. 0x12d687) or a block hash (64 or 96 hex digits, optionally with 0x).';

const HASH = /^(?:0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/;
const DECIMAL = /^\d{1,19}$/;
// A block number written in hex is short; 64 and 96 digits are hashes (handled above).
const HEX_NUMBER = /^0x([0-9a-fA-F]{1,16})$/;

export function parseBlockLookup(raw: string): ParsedBlock {
  const text = raw.trim().replace(/^#/, '');
  if (text.length === 0) return refuse('Type a block number or a block hash.');
  const hash = HASH.exec(text);
  if (hash) {
    const hex = hash[1].toLowerCase();
    return { ok: true, query: { kind: 'hash', hash: `0x${hex}`, hashOrNumber: `0x${hex}` } };
  }
  let n: bigint | undefined;
  if (DECIMAL.test(text)) n = BigInt(text);
  else if (HEX_NUMBER.test(text)) n = BigInt(text.toLowerCase());
  if (n !== undefined) {
    if (n > INT64_MAX) return refuse(`A block number is at most ${INT64_MAX}; this is ${n}.`);
    return { ok: true, query: { kind: 'number', number: n, hashOrNumber: n.toString() } };
  }
  return refuse(diagnose(text));
}

/** The one sentence naming what is wrong with a block number or hash that did not parse. */
function diagnose(text: string): string {
  if (text.length > 1000) return 'That is too long to be a block number or hash.';
  if (/^[a-z]{2,3}:/i.test(text))
    return `Operators (${quote(text.slice(0, text.indexOf(':') + 1))}) are not taken here: one block number or hash.`;
  if (text.startsWith('-')) return 'A block number is not negative.';
  if (/^0X/.test(text)) return 'Write the hex prefix as a lowercase 0x.';
  const prefixed = text.startsWith('0x');
  const body = prefixed ? text.slice(2) : text;
  if (prefixed && body === '') return 'The hex digits after 0x are missing.';
  if (!prefixed && /^\d+$/.test(body)) return `A block number is at most ${INT64_MAX}; this has ${body.length} digits.`;
  const bad = /[^0-9a-fA-F]/.exec(body);
  if (!bad) {
    // Only hex digits: too long for a number, and not a hash's length.
    return prefixed && body.length <= 16
      ? `A block number is at most ${INT64_MAX}; this is ${BigInt(text)}.`
      : `A block hash is 64 or 96 hex digits (32 or 48 bytes); this has ${body.length}.`;
  }
  if (/^\d+\.\d*$/.test(text)) return `A block number is a whole number; ${quote(text)} has a fraction.`;
  const what = prefixed || /[a-fA-F]/.test(body.slice(0, bad.index)) ? 'hex digit' : 'digit';
  return `${quote(bad[0])} (character ${bad.index + (prefixed ? 3 : 1)}) is not a ${what}.`;
}

function quote(text: string): string {
  return `"${plainText(text, 40)}"`;
}

function refuse(problem: string): ParsedBlock {
  return { ok: false, message: `${problem} ${BLOCK_INPUT_HELP}`, problem };
}
