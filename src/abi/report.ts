// Multi-line plain-text reports of decoded data, for the "Decode calldata" document and the
// detail sections of the panels. Plain text: values pass through format.ts (invisible characters
// as code points); a renderer that shows it as Markdown or HTML must still escape it.
import type { AbiIndex, ContractMatch } from './abiIndex';
import { formatCallAnswer, formatRevert, formatValue } from './format';
import { parseHex } from './decode';
import type { AbiOrigin, CallAnswer, EventAnswer, LogInput, NamedValue, RevertAnswer } from './types';

/** Where an ABI came from, in words: `MyToken, contracts/MyToken.sol` or the built-in's reference. */
export function describeOrigin(origin: AbiOrigin): string {
  if (origin.kind === 'builtin') return `${origin.name} (built in: ${origin.reference})`;
  return `${origin.contractName}, ${origin.sourceName ?? origin.file} (${origin.file})`;
}

function argLines(args: readonly NamedValue[], indent: string): string[] {
  return args.map(
    (a, i) =>
      `${indent}${a.name || `#${i + 1}`} (${a.type}${a.indexed ? ', indexed' : ''}${a.hashed ? ', keccak-256 of the value' : ''}): ${formatValue(a.value, { maxChars: 200, maxItems: 50 })}`,
  );
}

export function callLines(answer: CallAnswer): string[] {
  if (answer.kind === 'raw') return [`Not decoded: ${answer.reason}`, `Data: ${answer.hex}`];
  const lines: string[] = [];
  if (answer.candidates.length > 1) {
    lines.push(`Ambiguous: ${answer.candidates.length} signatures share the selector and all decode the data exactly.`);
  }
  for (const c of answer.candidates) {
    lines.push(`${c.signature}  ${c.selector}`, `  from ${describeOrigin(c.origin)}`, ...argLines(c.args, '  '));
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

export function eventLines(answer: EventAnswer): string[] {
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
    lines.push(`${c.signature}`, `  from ${describeOrigin(c.origin)}`, ...argLines(c.args, '  '));
  }
  return lines;
}

/** What the user pasted: a log (JSON with topics, or several 32-byte words then data) or hex. */
export type PastedInput =
  | { readonly kind: 'hex'; readonly hex: string }
  | { readonly kind: 'log'; readonly log: LogInput }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Reads pasted text: `{"topics": [...], "data": "0x…"}` (as the mirror node lists logs), or hex
 * tokens separated by spaces, commas or new lines where every token but the last is a 32-byte
 * topic (a log), or one hex string (calldata or revert data).
 */
export function readPasted(text: string): PastedInput {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      return { kind: 'invalid', reason: 'it starts like JSON but is not JSON' };
    }
    const o = json as { topics?: unknown; data?: unknown };
    if (
      !Array.isArray(o.topics) ||
      !o.topics.every(t => typeof t === 'string') ||
      (o.data !== undefined && typeof o.data !== 'string')
    ) {
      return { kind: 'invalid', reason: 'a log needs "topics" (an array of hex strings) and "data" (hex)' };
    }
    return { kind: 'log', log: { topics: o.topics, data: o.data ?? '0x' } };
  }
  const tokens = trimmed.split(/[\s,;"'[\]]+/).filter(Boolean);
  if (tokens.length === 0) return { kind: 'invalid', reason: 'nothing to decode' };
  if (tokens.length === 1) return { kind: 'hex', hex: tokens[0] };
  const isTopic = (t: string) => {
    const b = parseHex(t);
    return typeof b !== 'string' && b.length === 32;
  };
  const topics = tokens.slice(0, -1);
  if (!topics.every(isTopic))
    return { kind: 'invalid', reason: 'several values, but not 32-byte topics followed by data' };
  return { kind: 'log', log: { topics, data: tokens[tokens.length - 1] } };
}

/** The report of the Decode calldata command: every reading of the input that the known ABIs give. */
export function decodeReport(index: AbiIndex, text: string, match?: ContractMatch): string {
  const input = readPasted(text);
  const lines = ['Ledger Lens: decoded with the known ABIs (workspace artifacts and built-in interfaces).', ''];
  if (input.kind === 'invalid') return [...lines, `Nothing decoded: ${input.reason}.`].join('\n');
  if (input.kind === 'log') {
    lines.push('Event log', ...eventLines(index.decodeLog(input.log, match)).map(l => `  ${l}`));
    return lines.join('\n') + '\n';
  }
  const call = index.decodeCall(input.hex, match);
  const revert = index.decodeRevert(input.hex, match);
  const callDecoded = call.kind === 'call';
  const revertDecoded = revert.kind !== 'raw' && revert.kind !== 'empty';
  if (callDecoded || !revertDecoded) lines.push('As calldata', ...callLines(call).map(l => `  ${l}`), '');
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
      ? `${call.candidates[0].contract}.${formatCallAnswer(call)}`
      : formatCallAnswer(call);
  if (outcome?.revert) return `${callText} → reverted: ${formatRevert(outcome.revert)}`;
  return outcome?.result ? `${callText} → ${outcome.result}` : callText;
}
