// Runtime bytecode prepared for matching an artifact against what the chain holds. Two compiles of
// the same source differ in the trailing CBOR metadata (it hashes the source paths and settings),
// and a deployed contract differs from its artifact where immutables were filled in and libraries
// linked. So: the metadata is cut off, and those places are masked.
import type { PreparedCode } from './types';

const HEX = /^[0-9a-f]*$/;
// A library address solc could not fill in: `__$<34 hex>$__` (0.5+) or `__<name padded with _>__`.
const PLACEHOLDER = /__\$[0-9a-fA-F]{34}\$__|__[A-Za-z0-9_.:/$-]{36}__/g;
const PUSH1 = 0x60;
const PUSH32 = 0x7f;
const ZERO_WORD = '0'.repeat(64);

/** Lowercase hex without `0x`, or undefined for an empty or malformed code string. */
function bareHex(code: string): string | undefined {
  const hex = (code.startsWith('0x') || code.startsWith('0X') ? code.slice(2) : code).toLowerCase();
  return hex.length === 0 || hex.length % 2 !== 0 ? undefined : hex;
}

/**
 * Cuts Solidity's CBOR metadata off the end: the last two bytes give its length, and it is a CBOR
 * map (first byte 0xa0–0xbf). Code without it comes back unchanged.
 */
export function stripMetadata(hex: string): string {
  const bytes = hex.length / 2;
  if (bytes < 2) return hex;
  const length = parseInt(hex.slice(-4), 16);
  const start = bytes - 2 - length;
  if (length === 0 || start < 0) return hex;
  const first = parseInt(hex.slice(start * 2, start * 2 + 2), 16);
  return first >= 0xa0 && first <= 0xbf ? hex.slice(0, start * 2) : hex;
}

/**
 * Prepares an artifact's deployed bytecode: unlinked library placeholders (`__$…$__`) become zero
 * and masked, the immutable references the artifact lists are masked, and so is any PUSH32 of 32
 * zero bytes (where solc leaves immutables in artifacts that do not list them: Hardhat, Truffle),
 * and a library's own address in its call guard. Undefined when there is no code (interfaces, abstract contracts) or it is not hex.
 */
export function prepareCode(
  code: string,
  immutables: readonly { readonly start: number; readonly length: number }[] = [],
): PreparedCode | undefined {
  const body = code.startsWith('0x') || code.startsWith('0X') ? code.slice(2) : code;
  const masks: [number, number][] = [];
  const linked = body.replace(PLACEHOLDER, (match: string, at: number) => {
    masks.push([at / 2, 20]);
    return '0'.repeat(match.length);
  });
  const bare = bareHex(linked);
  if (bare === undefined || !HEX.test(bare)) return undefined;
  const hex = stripMetadata(bare);
  for (const { start, length } of immutables) if (start + length <= hex.length / 2) masks.push([start, length]);
  masks.push(...zeroPush32s(hex));
  // A library's code starts with its call guard, PUSH20 <its own address> ADDRESS EQ: the address
  // is zeros in the artifact and the library's own once deployed.
  if (LIBRARY_GUARD.test(hex)) masks.push([1, 20]);
  masks.sort((a, b) => a[0] - b[0]);
  return { hex, masks };
}

const LIBRARY_GUARD = /^730{40}3014/;

// Walks the instructions (skipping push data) and returns the data of each PUSH32 of zero.
function zeroPush32s(hex: string): [number, number][] {
  const found: [number, number][] = [];
  const bytes = hex.length / 2;
  for (let pc = 0; pc < bytes; pc++) {
    const op = (nibble(hex.charCodeAt(pc * 2)) << 4) | nibble(hex.charCodeAt(pc * 2 + 1));
    if (op < PUSH1 || op > PUSH32) continue;
    if (op === PUSH32 && pc + 33 <= bytes && hex.startsWith(ZERO_WORD, pc * 2 + 2)) found.push([pc + 1, 32]);
    pc += op - PUSH1 + 1;
  }
  return found;
}

/** The value of one lowercase hex digit's character code. */
function nibble(code: number): number {
  return code <= 57 ? code - 48 : code - 87;
}

/** On-chain runtime bytecode in the form {@link matchesCode} compares: bare, lowercase, metadata cut. */
export function chainCode(runtimeBytecode: string): string | undefined {
  const bare = bareHex(runtimeBytecode);
  if (bare === undefined || !HEX.test(bare)) return undefined;
  return stripMetadata(bare);
}

/** True when the chain's code (from {@link chainCode}) equals the artifact's outside its masks. */
export function matchesCode(prepared: PreparedCode, chain: string): boolean {
  if (prepared.hex.length !== chain.length) return false;
  let at = 0;
  for (const [start, length] of prepared.masks) {
    const from = start * 2;
    if (from > at && prepared.hex.slice(at, from) !== chain.slice(at, from)) return false;
    at = Math.max(at, from + length * 2);
  }
  return prepared.hex.slice(at) === chain.slice(at);
}
