// Byte encodings the mirror node uses for memos and hashes. Written without Buffer so the same
// code runs in a webview bundle.

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** By character code: its 6-bit value, or -1. The url-safe `-` and `_` are taken too. */
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < BASE64_ALPHABET.length; i++) SEXTET[BASE64_ALPHABET.charCodeAt(i)] = i;
SEXTET[0x2d] = 62;
SEXTET[0x5f] = 63;
const PAD = 0x3d;

/**
 * Decodes standard or url-safe base64, with or without padding. Undefined for anything else
 * (stray characters, a length no encoder produces, padding in the middle). Four characters at a
 * time through a table: topic messages come a page of 100 at once (~1 ms per 800 KB).
 */
export function base64ToBytes(b64: string): Uint8Array | undefined {
  let end = b64.length;
  if (end > 0 && b64.charCodeAt(end - 1) === PAD) end--;
  if (end > 0 && b64.charCodeAt(end - 1) === PAD) end--;
  if (end !== b64.length && b64.length % 4 !== 0) return undefined; // padded but ragged
  if (end % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((end * 3) / 4));
  let o = 0;
  let i = 0;
  for (; i + 4 <= end; i += 4) {
    const n = (sextet(b64, i) << 18) | (sextet(b64, i + 1) << 12) | (sextet(b64, i + 2) << 6) | sextet(b64, i + 3);
    if (n < 0) return undefined;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  const rest = end - i;
  if (rest >= 2) {
    const n = (sextet(b64, i) << 18) | (sextet(b64, i + 1) << 12) | (rest === 3 ? sextet(b64, i + 2) << 6 : 0);
    if (n < 0) return undefined;
    out[o] = n >> 16;
    if (rest === 3) out[o + 1] = (n >> 8) & 0xff;
  }
  return out;
}

/** The 6-bit value of the character at `i`, or -1: shifted by up to 18 it stays negative, and so does any OR with it. */
function sextet(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? SEXTET[c] : -1;
}

/** Two lowercase hex digits by byte value. */
export const HEX_BYTE: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** Lowercase hex without `0x`. */
export function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < bytes.length; i++) hex += HEX_BYTE[bytes[i]];
  return hex;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < 4; c++) out += c < chars ? BASE64_ALPHABET[(n >> (18 - 6 * c)) & 63] : '=';
  }
  return out;
}

/**
 * A memo (`memo_base64`) as text: UTF-8, each invalid byte sequence shown as U+FFFD. Base64 that
 * does not decode at all gives a single U+FFFD rather than an exception in a view.
 */
export function decodeBase64Text(b64: string): string {
  const bytes = base64ToBytes(b64);
  if (!bytes) return '\uFFFD';
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
}

/**
 * The longest byte string the hex conversions take: a transaction hash is 48 bytes (SHA-384), an
 * EVM hash 32; anything longer is not one of ours, and 1 MB of it would block for 100 ms.
 */
export const MAX_HASH_BYTES = 64;

/**
 * Base64 (either alphabet) to lowercase hex without `0x`; undefined when it does not decode or is
 * longer than MAX_HASH_BYTES.
 */
export function base64ToHex(b64: string): string | undefined {
  if (b64.length > Math.ceil(MAX_HASH_BYTES / 3) * 4) return undefined;
  const bytes = base64ToBytes(b64);
  if (!bytes || bytes.length > MAX_HASH_BYTES) return undefined;
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/** Hex (optional `0x`, even length, at most MAX_HASH_BYTES) to padded base64; undefined for anything else. */
export function hexToBase64(hex: string): string | undefined {
  const body = hex.startsWith('0x') ? hex.slice(2) : hex;
  if (body.length > 2 * MAX_HASH_BYTES) return undefined;
  if (body.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(body)) return undefined;
  const bytes = new Uint8Array(body.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(body.slice(2 * i, 2 * i + 2), 16);
  return bytesToBase64(bytes);
}
