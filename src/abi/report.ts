// Multi-line plain-text reports of decoded data, for the "Decode calldata" document and the
// detail sections of the panels. Plain text: values pass through format.ts (invisible characters
// as code points); a renderer that shows it as Markdown or HTML must still escape it.
import type { AbiIndex, ContractMatch } from './abiIndex';
import {
  formatAmount,
  formatCallAnswer,
  formatRevert,
  formatValue,
  tokenAmountAt,
  tokenArgument,
  type FormatOptions,
} from './format';
import { parseHex } from './decode';
import { visibleText } from './text';
import { entityIdToLongZero, parseEntityId } from '../ledger/index';
import { tokenIdOfAddress, type UnitsOf } from './units';
import type { AbiOrigin, CallAnswer, EventAnswer, LogInput, NamedValue, RevertAnswer } from './types';

/**
 * Where an ABI came from, in words: `MyToken, contracts/MyToken.sol` or the built-in's reference.
 * An artifact's names are workspace text: invisibles and line breaks are shown as code points.
 */
export function describeOrigin(origin: AbiOrigin): string {
  if (origin.kind === 'builtin') return `${origin.name} (built in: ${origin.reference})`;
  const { contractName, sourceName, file } = origin;
  return visibleText(`${contractName}, ${sourceName ?? file} (${file})`);
}

/**
 * The units of token amounts (see format.ts): known (`1,500.00 MTK`, the raw integer beside),
 * `null` (labelled raw units), or not given (the plain integer, as before units existed).
 */
export type AmountUnits = Pick<FormatOptions, 'units' | 'unitsOf'>;

function argLines(args: readonly NamedValue[], indent: string, signature = '', amounts: AmountUnits = {}): string[] {
  const { at, units } = tokenAmountAt(signature, args, amounts);
  return args.map((a, i) => {
    const value =
      i === at && a.value.kind === 'int'
        ? `${formatAmount(a.value.value, units)}${units ? ` = ${a.value.value.toString()} in the token's smallest unit` : ''}`
        : formatValue(a.value, { maxChars: 200, maxItems: 50 });
    return `${indent}${visibleText(a.name) || `#${i + 1}`} (${a.type}${a.indexed ? ', indexed' : ''}${a.hashed ? ', keccak-256 of the value' : ''}): ${value}`;
  });
}

export function callLines(answer: CallAnswer, amounts: AmountUnits = {}): string[] {
  if (answer.kind === 'raw') return [`Not decoded: ${answer.reason}`, `Data: ${answer.hex}`];
  const lines: string[] = [];
  if (answer.candidates.length > 1) {
    lines.push(`Ambiguous: ${answer.candidates.length} signatures share the selector and all decode the data exactly.`);
  }
  for (const c of answer.candidates) {
    lines.push(
      `${c.signature}  ${c.selector}`,
      `  from ${describeOrigin(c.origin)}`,
      ...argLines(c.args, '  ', c.signature, amounts),
    );
  }
  return lines;
}

export function revertLines(answer: RevertAnswer): string[] {
  if (answer.kind === 'raw') return [`Not decoded: ${answer.reason}`, `Data: ${answer.hex}`];
  if (answer.kind !== 'custom') return [formatRevert(answer)];
  const lines: string[] = [];
  if (answer.candidates.length > 1) lines.push(`Ambiguous: ${answer.candidates.length} errors share the selector.`);
  for (const c of answer.candidates) {
    lines.push(`${c.signature}  ${c.selector}`, `  from ${describeOrigin(c.origin)}`, ...argLines(c.args, '  '));
  }
  return lines;
}

export function eventLines(answer: EventAnswer, amounts: AmountUnits = {}): string[] {
  if (answer.kind === 'raw-log') {
    return [
      `Not decoded: ${answer.reason}`,
      ...answer.topics.map((t, i) => `  topic ${i}: ${t}`),
      `  data: ${answer.data}`,
    ];
  }
  const lines: string[] = [];
  if (answer.candidates.length > 1) lines.push(`Ambiguous: ${answer.candidates.length} events fit.`);
  for (const c of answer.candidates) {
    lines.push(`${c.signature}`, `  from ${describeOrigin(c.origin)}`, ...argLines(c.args, '  ', c.signature, amounts));
  }
  return lines;
}

/** What the user pasted: a log (JSON with topics, or several 32-byte words then data) or hex. */
export type PastedInput =
  | {
      readonly kind: 'hex';
      readonly hex: string;
      /** The contract it was sent to, when the text names it first (`0.0.5005 0xa9059cbb…`). */
      readonly address?: string;
    }
  | { readonly kind: 'log'; readonly log: LogInput }
  | { readonly kind: 'invalid'; readonly reason: string };

/** A contract named before the data: `0.0.x` or a 20-byte address, as a lowercase address. */
function addressToken(token: string): string | undefined {
  const id = parseEntityId(token);
  if (id) return entityIdToLongZero(id).toLowerCase();
  return /^0x[0-9a-fA-F]{40}$/.test(token) ? token.toLowerCase() : undefined;
}

function readJsonLog(trimmed: string): PastedInput {
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return { kind: 'invalid', reason: 'it starts like JSON but is not JSON' };
  }
  const o = json as { topics?: unknown; data?: unknown; address?: unknown };
  if (
    !Array.isArray(o.topics) ||
    !o.topics.every(t => typeof t === 'string') ||
    (o.data !== undefined && typeof o.data !== 'string')
  ) {
    return { kind: 'invalid', reason: 'a log needs "topics" (an array of hex strings) and "data" (hex)' };
  }
  const address = typeof o.address === 'string' ? addressToken(o.address) : undefined;
  return { kind: 'log', log: { topics: o.topics, data: o.data ?? '0x', ...(address && { address }) } };
}

/**
 * Reads pasted text: `{"topics": [...], "data": "0x…", "address": …}` (as the mirror node lists
 * logs), or hex tokens separated by spaces, commas or new lines where every token but the last is
 * a 32-byte topic (a log), or one hex string (calldata or revert data). A first token that is an
 * entity id or a 20-byte address names the contract (whose token units an amount is in).
 */
export function readPasted(text: string): PastedInput {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return readJsonLog(trimmed);
  const all = trimmed.split(/[\s,;"'[\]]+/).filter(Boolean);
  const address = all.length > 1 ? addressToken(all[0]) : undefined;
  const tokens = address ? all.slice(1) : all;
  if (tokens.length === 0) return { kind: 'invalid', reason: 'nothing to decode' };
  if (tokens.length === 1) return { kind: 'hex', hex: tokens[0], ...(address && { address }) };
  const isTopic = (t: string) => {
    const b = parseHex(t);
    return typeof b !== 'string' && b.length === 32;
  };
  const topics = tokens.slice(0, -1);
  if (!topics.every(isTopic))
    return { kind: 'invalid', reason: 'several values, but not 32-byte topics followed by data' };
  return { kind: 'log', log: { topics, data: tokens[tokens.length - 1], ...(address && { address }) } };
}

/** The address whose token units a pasted input's amount is in, when it names one. */
export function pastedAddress(input: PastedInput): string | undefined {
  if (input.kind === 'hex') return input.address;
  return input.kind === 'log' ? input.log.address : undefined;
}

/**
 * The long-zero addresses whose token units the report of `text` needs: the contract it names (for
 * an ERC-20 amount) and the token a token-service call names in its arguments.
 */
export function pastedTokenAddresses(index: AbiIndex, text: string): string[] {
  const input = readPasted(text);
  const out = new Set<string>();
  const address = pastedAddress(input);
  if (address) out.add(address);
  if (input.kind === 'hex') {
    const call = index.decodeCall(input.hex);
    if (call.kind === 'call')
      for (const c of call.candidates) {
        const token = tokenArgument(c.signature, c.args);
        if (token) out.add(token);
      }
  }
  return [...out].filter(a => tokenIdOfAddress(a) !== undefined);
}

const readers = new WeakMap<AbiIndex, () => Promise<void>>();

/**
 * Called by the ABI feature (src/features/abi): how `index` is brought up to date for a decode, that
 * is the scan under way waited for, and files the host cannot watch read again when stale
 * (undefined: no longer). Other features hold only the shared index, and ask through here.
 */
export function setIndexReader(index: AbiIndex, reader: (() => Promise<void>) | undefined): void {
  if (reader) readers.set(index, reader);
  else readers.delete(index);
}

/** Settles when `index` holds what the workspace's files hold (at once with no ABI feature loaded). */
export function indexUpToDate(index: AbiIndex): Promise<void> {
  return readers.get(index)?.() ?? Promise.resolve();
}

/**
 * The built-in ABIs by name, as builtin.ts lists them (a unit test holds the two together). Named
 * here, not read from there: that module parses every ABI with viem, loaded on first use only.
 */
export const BUILTIN_ABI_NAMES: readonly string[] = [
  'ERC-20',
  'ERC-721',
  'ERC-1155',
  'ERC-6093 token errors',
  'HRC token (IHRC719, IHRC904)',
  'HRC account (IHRC906, IHRC904)',
  'Hedera token service',
  'Exchange rate system contract',
  'PRNG system contract',
  'Hedera account service',
];

/**
 * What decoding says when the workspace gave no ABI at all (no compiler output: a repository opened
 * on github.dev seldom commits its artifacts/ or out/): only the built-in ABIs decode, named.
 * Undefined once any workspace ABI is indexed.
 */
export function noCompilerOutputNote(index: AbiIndex): string | undefined {
  if (index.contractCount > 0) return undefined;
  return (
    'no compiler output was found in this workspace (no file matches ledgerLens.abi.include: Hardhat artifacts/, ' +
    'Foundry out/, Truffle build/contracts/, ABI JSON files; a repository opened on github.dev seldom commits them), ' +
    `so only the built-in ABIs decode: ${BUILTIN_ABI_NAMES.join(', ')}.`
  );
}

/**
 * The report of the Decode calldata command: every reading of the input that the known ABIs give.
 * `units` gives the token units of the contract the input names (see units.ts); without it token
 * amounts are plain integers.
 */
export function decodeReport(index: AbiIndex, text: string, match?: ContractMatch, units?: UnitsOf): string {
  const input = readPasted(text);
  const note = noCompilerOutputNote(index);
  const lines = [
    note === undefined
      ? 'Ledger Lens: decoded with the known ABIs (workspace artifacts and built-in interfaces).'
      : `Ledger Lens: ${note}`,
    '',
  ];
  if (input.kind === 'invalid') return [...lines, `Nothing decoded: ${input.reason}.`].join('\n');
  const address = pastedAddress(input);
  const amounts: AmountUnits = units ? { units: units(address), unitsOf: units } : {};
  if (address)
    lines.push(`Contract: ${address}${tokenIdOfAddress(address) ? ` (${tokenIdOfAddress(address)})` : ''}`, '');
  if (input.kind === 'log') {
    lines.push('Event log', ...eventLines(index.decodeLog(input.log, match), amounts).map(l => `  ${l}`));
    return lines.join('\n') + '\n';
  }
  const call = index.decodeCall(input.hex, match);
  const revert = index.decodeRevert(input.hex, match);
  const callDecoded = call.kind === 'call';
  const revertDecoded = revert.kind !== 'raw' && revert.kind !== 'empty';
  if (callDecoded || !revertDecoded) lines.push('As calldata', ...callLines(call, amounts).map(l => `  ${l}`), '');
  if (revertDecoded) lines.push('As revert data', ...revertLines(revert).map(l => `  ${l}`), '');
  return lines.join('\n');
}

/** One line for a hover: `MyToken.transfer(to: 0.0.1234, amount: 1500 (raw units)) → true`. */
export function oneLiner(
  call: CallAnswer,
  outcome?: { readonly result?: string; readonly revert?: RevertAnswer },
): string {
  const callText =
    call.kind === 'call' && call.candidates.length === 1
      ? `${visibleText(call.candidates[0].contract)}.${formatCallAnswer(call)}`
      : formatCallAnswer(call);
  if (outcome?.revert) return `${callText} → reverted: ${formatRevert(outcome.revert)}`;
  return outcome?.result ? `${callText} → ${outcome.result}` : callText;
}
