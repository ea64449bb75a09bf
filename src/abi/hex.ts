// Hex text as bytes: the one path every decoder (and the contract panel's revert reader) takes.
// Linear and cheap: one regex check, one native step to character codes, then a table lookup per
// byte. A substring and parseInt per byte, as before, cost ~250 ms per MB of calldata. No Buffer: this runs in a browser's web worker
// extension host too.

/** Longer input is not decoded (Hedera's calldata limit is far below this). */
export const MAX_INPUT_BYTES = 1024 * 1024;

const HEX_DIGITS = /^[0-9a-fA-F]*$/;

const DIGITS = '0123456789abcdefABCDEF';
const valueOf = (digit: string): number => parseInt(digit, 16);
/** Whether a Uint16Array reads the first of two bytes as its low half (every platform we run on). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

let pairs: Uint8Array | undefined;
/**
 * A byte's value by the two character codes of its digits read as one 16-bit number (64 KB, made
 * on first use): one native text-to-codes step and one lookup per byte, within a few regex passes
 * as Buffer's native hex decoding was.
 */
function pairValues(): Uint8Array {
  if (pairs) return pairs;
  pairs = new Uint8Array(1 << 16);
  for (const high of DIGITS) {
    for (const low of DIGITS) {
      const [first, second] = [high.charCodeAt(0), low.charCodeAt(0)];
      pairs[LITTLE_ENDIAN ? first | (second << 8) : (first << 8) | second] = (valueOf(high) << 4) | valueOf(low);
    }
  }
  return pairs;
}

/** The character code of each lowercase digit, by its value. */
const DIGIT_CODE = Uint8Array.from('0123456789abcdef', c => c.charCodeAt(0));

const encoder = new TextEncoder();

/** Hex text (with or without `0x`, surrounding space ignored) as bytes, or why it is not. */
export function parseHex(text: string): Uint8Array | string {
  const trimmed = text.trim();
  const body = trimmed.startsWith('0x') || trimmed.startsWith('0X') ? trimmed.slice(2) : trimmed;
  if (body.length > MAX_INPUT_BYTES * 2) return `longer than ${MAX_INPUT_BYTES / 1024} KB`;
  if (!HEX_DIGITS.test(body)) return 'not hex';
  if (body.length % 2 !== 0) return 'an odd number of hex digits';
  // ASCII only (checked above): one byte per character; a fresh array, so aligned for 16-bit reads.
  const codes = encoder.encode(body);
  const digitPairs = new Uint16Array(codes.buffer, codes.byteOffset, codes.length / 2);
  const values = pairValues();
  const bytes = new Uint8Array(digitPairs.length);
  for (let i = 0; i < bytes.length; i++) bytes[i] = values[digitPairs[i]];
  return bytes;
}

const latin1 = new TextDecoder('latin1');

/**
 * Bytes as `0x` and lowercase hex: the digits' character codes written into one array, then one
 * native decode to text (building the text a byte at a time made MBs of garbage).
 */
export function toHex(bytes: Uint8Array): `0x${string}` {
  const codes = new Uint8Array(bytes.length * 2);
  for (let i = 0; i < bytes.length; i++) {
    codes[2 * i] = DIGIT_CODE[bytes[i] >> 4];
    codes[2 * i + 1] = DIGIT_CODE[bytes[i] & 15];
  }
  return `0x${latin1.decode(codes)}`;
}
