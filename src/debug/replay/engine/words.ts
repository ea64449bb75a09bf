// Hex text for the trace and the outcome, without Node's Buffer (the engine runs in a worker or
// the host's thread alike).

const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hex of bytes, no 0x. */
export function hexOfBytes(bytes: Uint8Array, from = 0, to = bytes.length): string {
  let out = '';
  for (let i = from; i < to; i++) out += HEX_PAIRS[bytes[i]];
  return out;
}

/** `0x` + hex of bytes. */
export function prefixedHex(bytes: Uint8Array): string {
  return `0x${hexOfBytes(bytes)}`;
}

/** Bytes of a hex text (with or without 0x); undefined when it is not whole bytes of hex. */
export function bytesOfHex(text: string): Uint8Array | undefined {
  const hex = text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text;
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

/** A 256-bit value as 64 lowercase hex digits, no 0x (a storage key or value, a stack word). */
export function word64(value: bigint): string {
  return value.toString(16).padStart(64, '0');
}

/** The replay cannot go on: the reason is for the user; the run ends with `outcome.stopped`. */
export class ReplayStop extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ReplayStop';
  }
}
