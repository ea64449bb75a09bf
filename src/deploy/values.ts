// The values a deployment record holds, checked: addresses, transaction hashes, contract names,
// labels and chain ids. Records are workspace files anyone could have written, so each value is
// checked for its shape and every text shown is cut to a length and stripped of control and
// direction characters (shown as text, never markup). Pure.
import { NETWORK_INFO, NETWORKS, networkNamed, networkOfChainId, type Network } from '../ledger/networks';

/** The longest label or name kept whole (a longer one is cut, with `…`). */
export const MAX_LABEL_CHARS = 200;
/** The longest source path kept; a longer one is dropped (no compiler writes one). */
export const MAX_SOURCE_NAME_CHARS = 1024;
/** Digits of a chain id read at the most (a longer number is said to be too large, not parsed). */
const MAX_CHAIN_ID_DIGITS = 30;

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const DIGITS = /^\d+$/;

/** Whether a character would change how text reads: C0/C1 controls, bidi marks and overrides. */
function isHidden(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Whether the text has a control or direction character. */
export function hasHiddenCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isHidden(text.charCodeAt(i))) return true;
  return false;
}

/** Text to show: control and direction characters as `�`, cut to `max` characters with `…`. */
export function shownText(text: string, max = MAX_LABEL_CHARS): string {
  // A cut between the two halves of a surrogate pair would leave half a character.
  const end = max > 0 && isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  const cut = text.length > max ? text.slice(0, end) : text;
  let out = '';
  let from = 0;
  for (let i = 0; i < cut.length; i++) {
    if (!isHidden(cut.charCodeAt(i))) continue;
    out += cut.slice(from, i) + '\uFFFD';
    from = i + 1;
  }
  out += cut.slice(from);
  return text.length > max ? `${out}…` : out;
}

/** A value quoted for a message: shown text in quotes (`'abc'`), cut short. */
export function quoted(value: unknown, max = 60): string {
  if (typeof value === 'string') return `'${shownText(value, max)}'`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return shownText(String(value), max);
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** `0x` + 40 lower-case hex, or undefined when the value is not an EVM address. */
export function evmAddressOf(value: unknown): string | undefined {
  return typeof value === 'string' && EVM_ADDRESS.test(value) ? value.toLowerCase() : undefined;
}

/** `0x` + 64 lower-case hex, or undefined when the value is not a transaction hash. */
export function transactionHashOf(value: unknown): string | undefined {
  return typeof value === 'string' && TRANSACTION_HASH.test(value) ? value.toLowerCase() : undefined;
}

/** Whether the text is a Solidity identifier (what a contract name is), at most MAX_LABEL_CHARS long. */
export function isContractName(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_LABEL_CHARS && IDENTIFIER.test(value);
}

/** A source path as the compiler names it, when it is one (no control characters, not too long). */
export function sourceNameOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_SOURCE_NAME_CHARS) return undefined;
  return hasHiddenCharacters(value) ? undefined : value;
}

/** A chain id written as decimal digits (a folder name, a `.chainId` file), or why it is not one. */
export function chainIdFromText(text: string): { chainId: bigint } | { problem: string } {
  const digits = text.trim();
  if (!DIGITS.test(digits)) return { problem: `${quoted(digits)} is not a chain id` };
  if (digits.length > MAX_CHAIN_ID_DIGITS)
    return { problem: `the chain id ${digits.slice(0, 12)}… (${digits.length} digits) is no chain's` };
  return { chainId: BigInt(digits) };
}

/** A chain id given as a JSON number (Foundry's `chain`), when it is a whole number. */
export function chainIdFromNumber(value: unknown): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return undefined;
}

/** Hedera's chain ids in words, for the messages about other chains. */
export function hederaChainIds(): string {
  return NETWORKS.filter(n => NETWORK_INFO[n].names.length > 0)
    .sort((a, b) => NETWORK_INFO[a].chainId - NETWORK_INFO[b].chainId)
    .map(n => `${NETWORK_INFO[n].chainId} ${n === 'local' ? 'a local node' : n}`)
    .join(', ');
}

/** The network of a chain id, or the problem in words ("chain 31337 is not a Hedera network ..."). */
export function networkOfChain(chainId: bigint): { network: Network } | { problem: string } {
  const network = networkOfChainId(chainId);
  if (network !== undefined) return { network };
  const shown = chainId.toString();
  const text = shown.length > 20 ? `${shown.slice(0, 12)}…` : shown;
  return { problem: `chain ${text} is not a Hedera network (Hedera's chain ids: ${hederaChainIds()})` };
}

/**
 * The network a folder's name means: a name inference knows (`testnet`, `hedera_testnet`,
 * `hedera-testnet`), or the same written another way (`hederaTestnet`, `Hedera-TestNet`): the
 * name's letters and digits compared with each known name's.
 */
export function networkOfFolderName(name: string): Network | undefined {
  const named = networkNamed(name);
  if (named !== undefined) return named;
  const key = lettersAndDigits(name);
  if (key === '') return undefined;
  return NETWORKS.find(n => NETWORK_INFO[n].names.some(known => lettersAndDigits(known) === key));
}

function lettersAndDigits(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}
