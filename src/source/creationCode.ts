// Creation code (the constructor's code, with the runtime code after it as data) prepared for
// finding the compiled contract a deployment ran: the initcode a chain saw is the creation code
// followed by the constructor's ABI-encoded arguments. It is prepared as deployed code is
// (src/abi/bytecode.ts): unlinked library placeholders masked (links are in creation code too), the
// CBOR metadata at its end (the runtime code's) cut off and its length remembered, since in the
// initcode it is followed by the arguments. Immutables are not in creation code (the constructor
// writes them into the runtime code it returns), so there are none to mask. Pure.
import type { PreparedCode } from '../abi/types';
import { prepareCode } from '../abi/bytecode';

/** Creation code prepared for matching: `hex` without its metadata, which was `metadataBytes` long. */
export interface PreparedCreation extends PreparedCode {
  /** Bytes of the CBOR metadata (with its two length bytes) that followed `hex`; 0: none. */
  readonly metadataBytes: number;
}

/** A compiled contract's creation code, by the key of its ref (what crosses from the worker). */
export interface CreationCodeOf {
  readonly key: string;
  readonly code: PreparedCreation;
}

/** The longest CBOR metadata looked for when the initcode's is not as long as the compiled one's. */
const MAX_METADATA_BYTES = 512;
const HEX = /^[0-9a-f]*$/;

/** Prepares a creation bytecode object (`evm.bytecode.object`), or undefined when it is not hex code. */
export function prepareCreation(object: unknown): PreparedCreation | undefined {
  if (typeof object !== 'string') return undefined;
  const code = prepareCode(object);
  if (code === undefined) return undefined;
  const digits = object.length - (object.startsWith('0x') || object.startsWith('0X') ? 2 : 0);
  return { ...code, metadataBytes: (digits - code.hex.length) / 2 };
}

/** Initcode as matched: bare lowercase hex, or undefined when it is not whole bytes of hex. */
export function initcodeHex(initcode: string): string | undefined {
  if (typeof initcode !== 'string') return undefined;
  const hex = (initcode.startsWith('0x') || initcode.startsWith('0X') ? initcode.slice(2) : initcode).toLowerCase();
  return hex.length > 0 && hex.length % 2 === 0 && HEX.test(hex) ? hex : undefined;
}

/** Whether `init` starts with `code.hex` outside its masks. */
function startsWithCode(code: PreparedCode, init: string): boolean {
  if (init.length < code.hex.length) return false;
  let at = 0;
  for (const [start, length] of code.masks) {
    const from = Math.min(start * 2, code.hex.length);
    if (from > at && !init.startsWith(code.hex.slice(at, from), at)) return false;
    at = Math.max(at, from + length * 2);
  }
  return at >= code.hex.length || init.startsWith(code.hex.slice(at), at);
}

/** Whether `hex` has a CBOR metadata of `bytes` bytes (map first byte, its length last) at byte `from`. */
function metadataAt(hex: string, from: number, bytes: number): boolean {
  if (bytes < 3 || hex.length < (from + bytes) * 2) return false;
  const first = parseInt(hex.slice(from * 2, from * 2 + 2), 16);
  const length = parseInt(hex.slice((from + bytes - 2) * 2, (from + bytes) * 2), 16);
  return first >= 0xa0 && first <= 0xbf && length === bytes - 2;
}

/**
 * The constructor arguments (hex, no 0x) when `init` (from {@link initcodeHex}) is `code` followed
 * by them, metadata and masked places aside; undefined when it is not. The initcode's metadata is
 * expected as long as the compiled one's; another length is found by its length bytes (a compile
 * with other metadata settings), looked for up to 512 bytes.
 */
export function constructorArgsAfter(code: PreparedCreation, init: string): string | undefined {
  if (!startsWithCode(code, init)) return undefined;
  const end = code.hex.length / 2;
  if (code.metadataBytes === 0) return init.slice(end * 2);
  if (metadataAt(init, end, code.metadataBytes)) return init.slice((end + code.metadataBytes) * 2);
  const most = Math.min(MAX_METADATA_BYTES, init.length / 2 - end);
  for (let bytes = 3; bytes <= most; bytes++) if (metadataAt(init, end, bytes)) return init.slice((end + bytes) * 2);
  return undefined;
}

/** A creation code as it crossed from the worker, checked. */
export function isCreationCodeOf(value: unknown): value is CreationCodeOf {
  if (typeof value !== 'object' || value === null) return false;
  const { key, code } = value as { key?: unknown; code?: unknown };
  if (typeof key !== 'string' || typeof code !== 'object' || code === null) return false;
  const { hex, masks, metadataBytes } = code as { hex?: unknown; masks?: unknown; metadataBytes?: unknown };
  return (
    typeof hex === 'string' &&
    Number.isSafeInteger(metadataBytes) &&
    (metadataBytes as number) >= 0 &&
    Array.isArray(masks) &&
    masks.every(m => Array.isArray(m) && m.length === 2 && Number.isSafeInteger(m[0]) && Number.isSafeInteger(m[1]))
  );
}
