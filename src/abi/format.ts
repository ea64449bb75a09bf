// Decoded answers as one line of plain text, e.g. `transfer(to: 0.0.1234, amount: 1,500.00 MTK)`.
// The text is *not* escaped for any medium: it contains network text (through visibleText, so
// bidi and invisible characters show as code points). Renderers escape it for Markdown or HTML.
import { formatTokenAmount, rawAmount } from '../present/amounts';
import { visibleText } from './text';
import type {
  CallAnswer,
  DecodedCall,
  DecodedValue,
  EventAnswer,
  NamedValue,
  ResultAnswer,
  RevertAnswer,
} from './types';

/** A fungible token's units, when the token is known. */
export interface TokenUnits {
  readonly decimals: number;
  readonly symbol: string;
}

export interface FormatOptions {
  /** Longest text or hex shown before it is cut with `…` (default 66). */
  readonly maxChars?: number;
  /** Most array items shown (default 8). */
  readonly maxItems?: number;
  /**
   * Units for the amount of an ERC-20 call or event (transfer, transferFrom, approve, Transfer,
   * Approval). Without them the amount is shown as it is, labelled "raw units".
   */
  readonly units?: TokenUnits | null;
  /**
   * Units of the token at an address, for the amount of a token-service call that names its token
   * in an argument (transferToken, mintToken, burnToken, wipeTokenAccount, approve, transferFrom at
   * `0x…0167`). Without it those amounts are shown as they are.
   */
  readonly unitsOf?: (address: string | undefined) => TokenUnits | null;
}

// The argument of each ERC-20 signature that is an amount of the token.
const ERC20_AMOUNT: Readonly<Record<string, number>> = {
  'transfer(address,uint256)': 1,
  'transferFrom(address,address,uint256)': 2,
  'approve(address,uint256)': 1,
  'Transfer(address,address,uint256)': 2,
  'Approval(address,address,uint256)': 2,
};

// The token service's functions (IHederaTokenService.sol) whose amount is of the token they name:
// [the token argument, the amount argument]. Fungible amounts only (NFT serials are not amounts).
const HTS_AMOUNT: Readonly<Record<string, readonly [number, number]>> = {
  'transferToken(address,address,address,int64)': [0, 3],
  'mintToken(address,int64,bytes[])': [0, 1],
  'burnToken(address,int64,int64[])': [0, 1],
  'wipeTokenAccount(address,address,int64)': [0, 2],
  'approve(address,address,uint256)': [0, 2],
  'transferFrom(address,address,address,uint256)': [0, 3],
};

/** Which argument is a token amount, and in which units (undefined: shown as it is). */
export interface AmountAt {
  readonly at: number;
  readonly units: TokenUnits | null | undefined;
}

export const NO_AMOUNT: AmountAt = { at: -1, units: undefined };

export function formatValue(value: DecodedValue, opts: FormatOptions = {}): string {
  const maxChars = opts.maxChars ?? 66;
  switch (value.kind) {
    case 'int':
      return value.value.toString();
    case 'bool':
      return String(value.value);
    case 'address':
      return value.entityId ?? value.value;
    case 'bytes':
      return value.text !== undefined ? quote(value.text, maxChars) : cut(value.hex, maxChars);
    case 'array': {
      const max = opts.maxItems ?? 8;
      const shown = value.items.slice(0, max).map(v => formatValue(v, opts));
      if (value.items.length > max) shown.push(`… ${value.items.length - max} more`);
      return `[${shown.join(', ')}]`;
    }
    case 'tuple':
      return `(${formatArgs(value.fields, opts)})`;
  }
}

function quote(text: string, maxChars: number): string {
  const visible = visibleText(text.replace(/\\/g, '\\\\').replace(/"/g, '\\"'));
  return `"${visible.length > maxChars ? `${visible.slice(0, maxChars)}…` : visible}"`;
}

function cut(hex: string, maxChars: number): string {
  if (hex.length <= maxChars) return hex;
  return `${hex.slice(0, maxChars - 10)}…${hex.slice(-8)} (${(hex.length - 2) / 2} bytes)`;
}

export function formatArgs(args: readonly NamedValue[], opts: FormatOptions = {}, amount = NO_AMOUNT): string {
  return args
    .map((arg, i) => {
      const shown =
        i === amount.at && arg.value.kind === 'int'
          ? formatAmount(arg.value.value, amount.units)
          : formatValue(arg.value, opts);
      const value = arg.hashed ? `keccak ${shown}` : shown;
      return arg.name ? `${visibleText(arg.name)}: ${value}` : value;
    })
    .join(', ');
}

/** An integer amount of a token: scaled and with its symbol when the units are known. */
export function formatAmount(value: bigint, units: TokenUnits | null | undefined): string {
  const scaled = units
    ? formatTokenAmount(value, units.decimals, { symbol: units.symbol, trimZeros: false })
    : undefined;
  return scaled ?? `${rawAmount(value)} (raw units)`;
}

/** Whether a call or event of this signature carries an amount of the token it is addressed to. */
export function hasTokenAmount(signature: string): boolean {
  return ERC20_AMOUNT[signature] !== undefined;
}

/** The token address a token-service call names (its `token` argument), when its amount is of it. */
export function tokenArgument(signature: string, args: readonly NamedValue[]): string | undefined {
  const hts = HTS_AMOUNT[signature];
  const token = hts ? args[hts[0]]?.value : undefined;
  return token?.kind === 'address' ? token.value : undefined;
}

const isAmount = (arg: NamedValue | undefined): boolean => arg?.value.kind === 'int' && !arg.indexed;

/**
 * The token amount among `args` and its units: the amount of an ERC-20 call or event in `units`
 * (the token it is addressed to or emitted by), of a token-service call in the units of the token
 * it names. NO_AMOUNT when there is none, or no units were asked for.
 */
export function tokenAmountAt(signature: string, args: readonly NamedValue[], opts: FormatOptions): AmountAt {
  const erc20 = ERC20_AMOUNT[signature];
  if (erc20 !== undefined)
    return opts.units !== undefined && isAmount(args[erc20]) ? { at: erc20, units: opts.units } : NO_AMOUNT;
  const hts = HTS_AMOUNT[signature];
  if (!hts || !opts.unitsOf || !isAmount(args[hts[1]])) return NO_AMOUNT;
  return { at: hts[1], units: opts.unitsOf(tokenArgument(signature, args)) };
}

export function formatCall(call: DecodedCall, opts: FormatOptions = {}): string {
  return `${visibleText(call.name)}(${formatArgs(call.args, opts, tokenAmountAt(call.signature, call.args, opts))})`;
}

/** `transfer(…)`, or the raw reason; several candidates are joined with " or ", saying so. */
export function formatCallAnswer(answer: CallAnswer, opts: FormatOptions = {}): string {
  if (answer.kind === 'raw') return `not decoded: ${answer.reason}`;
  const calls = answer.candidates.map(c => formatCall(c, opts));
  return calls.length === 1 ? calls[0] : `ambiguous, ${calls.length} signatures fit: ${calls.join(' or ')}`;
}

export function formatResult(answer: ResultAnswer, opts: FormatOptions = {}): string {
  if (answer.kind === 'raw') return `not decoded: ${answer.reason}`;
  if (answer.kind === 'empty') return '(nothing)';
  const [only] = answer.outputs;
  if (answer.outputs.length === 1 && !only.name) return formatValue(only.value, opts);
  return `(${formatArgs(answer.outputs, opts)})`;
}

export function formatRevert(answer: RevertAnswer, opts: FormatOptions = {}): string {
  switch (answer.kind) {
    case 'error-string':
      return `Error(${quote(answer.reason, opts.maxChars ?? 200)})`;
    case 'panic':
      return `Panic(0x${answer.code.toString(16)}): ${answer.meaning}`;
    case 'custom': {
      const all = answer.candidates.map(c => `${visibleText(c.name)}(${formatArgs(c.args, opts)})`);
      return all.length === 1 ? all[0] : `ambiguous, ${all.length} errors fit: ${all.join(' or ')}`;
    }
    case 'empty':
      return 'no revert data';
    case 'raw':
      return `not decoded: ${answer.reason}`;
  }
}

export function formatEvent(answer: EventAnswer, opts: FormatOptions = {}): string {
  if (answer.kind === 'raw-log') return `not decoded: ${answer.reason}`;
  const all = answer.candidates.map(
    c => `${visibleText(c.name)}(${formatArgs(c.args, opts, tokenAmountAt(c.signature, c.args, opts))})`,
  );
  return all.length === 1 ? all[0] : `ambiguous, ${all.length} events fit: ${all.join(' or ')}`;
}
