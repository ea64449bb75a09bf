// Reading the hex a contract result carries: the call's 4-byte selector and argument words, and the
// two revert shapes Solidity emits itself (Error(string) and Panic(uint256)). Pure: no vscode.
import type { RevertReason } from '../../../webview/protocol';

export { ERROR_SELECTOR, PANIC_SELECTOR } from '../../abi';
import { ERROR_SELECTOR, PANIC_SELECTOR } from '../../abi';

const HEX = /^0x([0-9a-fA-F]{2})*$/;
const WORD_CHARS = 64;

// The panic codes' meanings are the ABI layer's (src/abi), which decodes every revert.
export { panicMeaning } from '../../abi';
import { panicMeaning, parseHex } from '../../abi';

/** True for `0x` followed by whole bytes. */
export function isHexBytes(text: string): boolean {
  return HEX.test(text);
}

export interface SplitCall {
  /** `0x` and 8 hex digits, or null when there are fewer than 4 bytes. */
  readonly selector: string | null;
  /** The ABI words after the selector, 64 hex digits each (the last may be shorter if the data is). */
  readonly words: readonly string[];
}

/** Splits call data into its function selector and argument words. */
export function splitCallData(hex: string | null | undefined): SplitCall {
  if (!hex || !isHexBytes(hex) || hex.length < 10) return { selector: null, words: [] };
  const body = hex.slice(10);
  const words: string[] = [];
  for (let i = 0; i < body.length; i += WORD_CHARS) words.push(body.slice(i, i + WORD_CHARS));
  return { selector: hex.slice(0, 10).toLowerCase(), words };
}

/**
 * Decodes a revert carried in `error_message`: Error(string) gives its reason, Panic(uint256) its
 * code and meaning, any other selector is a custom error. Undefined for plain text (the service
 * writes messages such as "Not enough gas" there) and for hex that is not ABI-encoded as claimed.
 */
export function decodeRevert(errorMessage: string | null | undefined): RevertReason | undefined {
  if (!errorMessage || !isHexBytes(errorMessage) || errorMessage.length < 10) return undefined;
  const selector = errorMessage.slice(0, 10).toLowerCase();
  const data = errorMessage.slice(10);
  if (selector === PANIC_SELECTOR) {
    const code = word(data, 0);
    return code === undefined ? undefined : { kind: 'panic', code: code.toString(), meaning: panicMeaning(code) };
  }
  if (selector === ERROR_SELECTOR) {
    const reason = abiString(data);
    return reason === undefined ? undefined : { kind: 'error', reason };
  }
  return { kind: 'custom', selector };
}

function word(data: string, index: number): bigint | undefined {
  const start = index * WORD_CHARS;
  if (data.length < start + WORD_CHARS) return undefined;
  return BigInt(`0x${data.slice(start, start + WORD_CHARS)}`);
}

// An ABI `string` as the only argument: a head word with the offset of the tail, then the length
// in bytes, then the UTF-8 bytes padded to a whole word.
function abiString(data: string): string | undefined {
  const offset = word(data, 0);
  if (offset === undefined || offset % 32n !== 0n) return undefined;
  const lengthAt = Number(offset / 32n);
  if (!Number.isSafeInteger(lengthAt)) return undefined;
  const length = word(data, lengthAt);
  if (length === undefined) return undefined;
  const start = (lengthAt + 1) * WORD_CHARS;
  const end = BigInt(start) + length * 2n;
  if (end > BigInt(data.length)) return undefined;
  const bytes = parseHex(data.slice(start, Number(end)));
  if (typeof bytes === 'string') return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
