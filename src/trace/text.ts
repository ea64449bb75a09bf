// A call trace as plain text: one line per frame for "Copy as text", and the one-line summary of
// where it failed for the transaction hover. Plain text, not escaped: every decoded value already
// went through visibleText (format.ts, names.ts), and renderers escape for their own medium.
import { hbar } from '../present/amounts';
import { cutText } from './decodeFrame';
import type { CallTrace, TraceFrame } from './types';

/** The one-liner is cut to about this many characters. */
export const ONE_LINER_MAX = 160;
/** A line of the text form longer than this is cut. */
const LINE_MAX = 400;
/** Indentation stops growing at this level (the level is then written out). */
const MAX_INDENT = 40;

const DECODED_CALL = /^[A-Za-z_$][\w$]*\(/;

/** `Vault.withdraw(amount: 1500)`, `Vault 0x12345678`, `Vault` (no input). */
function callText(frame: TraceFrame): string {
  const { label } = frame.recipient;
  if (frame.call === undefined) return label;
  return DECODED_CALL.test(frame.call) ? `${label}.${frame.call}` : `${label} ${frame.call}`;
}

/** The operation, with the call type when it says more (`CALL (PRECOMPILE)`). */
export function operationText(frame: TraceFrame): string {
  const plain = frame.callType === 'CALL' || frame.callType === 'CREATE' || frame.callType === frame.operation;
  return plain ? frame.operation : `${frame.operation} (${frame.callType})`;
}

function resultText(frame: TraceFrame): string {
  switch (frame.result.kind) {
    case 'revert':
      return ` → reverted: ${frame.result.text}`;
    case 'error':
      return ` → failed: ${frame.result.text}`;
    case 'output':
      return ` → ${frame.result.text}`;
    case 'none':
      return frame.failed ? ' → failed' : '';
  }
}

function frameLine(frame: TraceFrame, first: TraceFrame | undefined): string {
  const indent =
    frame.level <= MAX_INDENT ? '  '.repeat(frame.level) : `${'  '.repeat(MAX_INDENT)}[level ${frame.level}] `;
  const value = frame.valueTinybar !== 0n ? ` value ${hbar(frame.valueTinybar)}` : '';
  const gas = ` [gas ${frame.gas}/${frame.gasUsed}]`;
  const mark = frame === first ? '  ← first failure' : frame.origin ? '  ← failed here' : '';
  const notes = frame.notes.length > 0 ? `  (note: ${frame.notes.join('; ')})` : '';
  const line = `${operationText(frame)} ${callText(frame)}${value}${gas}${resultText(frame)}${mark}${notes}`;
  return indent + cutText(line, LINE_MAX);
}

/** Every frame in tree order (parents before children), without recursion. */
export function framesInOrder(trace: CallTrace): TraceFrame[] {
  const out: TraceFrame[] = [];
  const stack: TraceFrame[] = [...trace.roots].reverse();
  while (stack.length > 0) {
    const frame = stack.pop()!;
    out.push(frame);
    for (let i = frame.children.length - 1; i >= 0; i--) stack.push(frame.children[i]);
  }
  return out;
}

/**
 * The compact text form ("Copy as text"): what is incomplete and the notes first (`# ` lines), then
 * one line per frame indented by level, e.g.
 * `CALL Vault.withdraw(amount: 1500) [gas 30000/28000] → reverted: InsufficientBalance(…)`.
 */
export function traceText(trace: CallTrace): string {
  const lines: string[] = [];
  if (trace.incomplete) lines.push(`# incomplete: ${trace.incomplete}`);
  for (const note of trace.notes) lines.push(`# note: ${note}`);
  for (const frame of framesInOrder(trace)) lines.push(frameLine(frame, trace.firstFailure));
  return lines.join('\n');
}

/** The frames from a root down to `target`, or undefined when it is not in the trace. */
export function pathTo(trace: CallTrace, target: TraceFrame): TraceFrame[] | undefined {
  const stack: { frame: TraceFrame; depth: number }[] = [...trace.roots].reverse().map(frame => ({ frame, depth: 0 }));
  const path: TraceFrame[] = [];
  while (stack.length > 0) {
    const { frame, depth } = stack.pop()!;
    path.length = depth;
    path.push(frame);
    if (frame === target) return path;
    for (let i = frame.children.length - 1; i >= 0; i--) stack.push({ frame: frame.children[i], depth: depth + 1 });
  }
  return undefined;
}

/** `Vault.withdraw`: the recipient and the function's name (or selector) only. */
function stepText(frame: TraceFrame): string {
  const call = frame.call;
  if (call === undefined) return frame.recipient.label;
  const name = DECODED_CALL.test(call) ? call.slice(0, call.indexOf('(')) : (frame.selector ?? '');
  return name ? `${frame.recipient.label}.${name}` : frame.recipient.label;
}

/**
 * Where the trace failed, on one line for the hover: `reverted in Vault.withdraw → MyToken.transfer:
 * InsufficientBalance(…)` (the calls from the root to the first failure's origin, then its error),
 * cut to about 160 characters; undefined when nothing failed.
 */
export function traceOneLiner(trace: CallTrace): string | undefined {
  const origin = trace.firstFailure;
  if (!origin) return undefined;
  const steps = (pathTo(trace, origin) ?? [origin]).map(stepText);
  const verb = origin.result.kind === 'error' ? 'failed in' : 'reverted in';
  const error = origin.result.kind === 'revert' || origin.result.kind === 'error' ? origin.result.text : '';
  const line = (chain: readonly string[], err: string) => `${verb} ${chain.join(' → ')}${err ? `: ${err}` : ''}`;
  let text = line(steps, error);
  if (text.length <= ONE_LINER_MAX) return text;
  // Shorter in turn: the error's arguments, then the middle of the chain, then a plain cut.
  const named = /^([^(]{1,60})\(/.exec(error);
  const shortError = named ? `${named[1]}(…)` : error;
  text = line(steps, shortError);
  if (text.length <= ONE_LINER_MAX) return text;
  if (steps.length > 3) {
    text = line([steps[0], '…', ...steps.slice(-2)], shortError);
    if (text.length <= ONE_LINER_MAX) return text;
  }
  return cutText(text, ONE_LINER_MAX);
}
