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
}

// The argument of each ERC-20 signature that is an amount of the token.
const ERC20_AMOUNT: Readonly<Record<string, number>> = {
  'transfer(address,uint256)': 1,
  'transferFrom(address,address,uint256)': 2,
  'approve(address,uint256)': 1,
  'Transfer(address,address,uint256)': 2,
  'Approval(address,address,uint256)': 2,
};

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

export function formatArgs(args: readonly NamedValue[], opts: FormatOptions = {}, amountAt = -1): string {
  return args
    .map((arg, i) => {
      const shown =
        i === amountAt && arg.value.kind === 'int'
          ? formatAmount(arg.value.value, opts.units)
          : formatValue(arg.value, opts);
      const value = arg.hashed ? `keccak ${shown}` : shown;
      return arg.name ? `${arg.name}: ${value}` : value;
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

/** The index of the token amount among `args` (an ERC-20 signature, the amount not indexed), or -1. */
export function amountIndex(signature: string, args: readonly NamedValue[], opts: FormatOptions): number {
  if (opts.units === undefined) return -1;
  const at = ERC20_AMOUNT[signature];
  return at !== undefined && args[at]?.value.kind === 'int' && !args[at]?.indexed ? at : -1;
}

export function formatCall(call: DecodedCall, opts: FormatOptions = {}): string {
  return `${call.name}(${formatArgs(call.args, opts, amountIndex(call.signature, call.args, opts))})`;
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
      const all = answer.candidates.map(c => `${c.name}(${formatArgs(c.args, opts)})`);
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
    c => `${c.name}(${formatArgs(c.args, opts, amountIndex(c.signature, c.args, opts))})`,
  );
  return all.length === 1 ? all[0] : `ambiguous, ${all.length} events fit: ${all.join(' or ')}`;
}
