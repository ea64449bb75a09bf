// What "Lookup block" accepts, turned into the path segment the mirror node takes, or refused with
// the expected form before any request. Pure (no vscode).
import { INT64_MAX } from '../../ledger';

export type BlockQuery =
  | { readonly kind: 'number'; readonly number: bigint; readonly hashOrNumber: string }
  | { readonly kind: 'hash'; readonly hash: string; readonly hashOrNumber: string };

export type ParsedBlock =
  { readonly ok: true; readonly query: BlockQuery } | { readonly ok: false; readonly message: string };

export const BLOCK_INPUT_HELP =
  'Enter a block number (decimal, e.g. 1234567, or 0x hex, e.g. 0x12d687) or a block hash (64 or 96 hex digits, optionally with 0x).';

const HASH = /^(?:0x)?([0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/;
const DECIMAL = /^\d{1,19}$/;
// A block number written in hex is short; 64 and 96 digits are hashes (handled above).
const HEX_NUMBER = /^0x([0-9a-fA-F]{1,16})$/;

export function parseBlockLookup(raw: string): ParsedBlock {
  const text = raw.trim().replace(/^#/, '');
  if (text.length === 0) return { ok: false, message: BLOCK_INPUT_HELP };
  const hash = HASH.exec(text);
  if (hash) {
    const hex = hash[1].toLowerCase();
    return { ok: true, query: { kind: 'hash', hash: `0x${hex}`, hashOrNumber: `0x${hex}` } };
  }
  let n: bigint | undefined;
  if (DECIMAL.test(text)) n = BigInt(text);
  else if (HEX_NUMBER.test(text)) n = BigInt(text.toLowerCase());
  if (n !== undefined) {
    if (n > INT64_MAX) return { ok: false, message: `A block number is at most ${INT64_MAX}. ${BLOCK_INPUT_HELP}` };
    return { ok: true, query: { kind: 'number', number: n, hashOrNumber: n.toString() } };
  }
  const hex = /^(?:0x)?([0-9a-fA-F]+)$/.exec(text);
  if (hex && hex[1].length > 16) {
    return {
      ok: false,
      message: `A block hash has 64 or 96 hex digits; this one has ${hex[1].length}. ${BLOCK_INPUT_HELP}`,
    };
  }
  return { ok: false, message: BLOCK_INPUT_HELP };
}
