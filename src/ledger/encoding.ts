// Byte encodings the mirror node uses for memos and hashes. Written without Buffer so the same
// code runs in a webview bundle.

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODE = new Map<string, number>([...BASE64_ALPHABET].map((ch, i) => [ch, i]));
DECODE.set('-', 62);
DECODE.set('_', 63);

/**
 * Decodes standard or url-safe base64, with or without padding. Undefined for anything else
 * (stray characters, a length no encoder produces, padding in the middle).
 */
export function base64ToBytes(b64: string): Uint8Array | undefined {
  const body = b64.replace(/={1,2}$/, '');
  if (b64.length % 4 !== 0 && b64.length !== body.length) return undefined; // padded but ragged
  if (body.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (const ch of body) {
    const v = DECODE.get(ch);
    if (v === undefined) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
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
