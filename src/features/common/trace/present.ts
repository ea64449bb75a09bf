// A call trace as both panels draw it (webview/protocol/trace.ts): one row per frame in tree order,
// labels from the parties, the value in ℏ, gas with thousands separators, the revert site links
// found for the failures' origins, the summary line, the notes (an incomplete trace says so) and
// the text form, bounded. The rows of the first failure's path are opened. The rows are made in
// slices that yield to the event loop, so 10,000 frames never hold the extension host up. Pure:
// no vscode.
import { yieldToEventLoop } from '../../../abi/indexer';
import { formatGrouped } from '../../../ledger/units';
import { hbar } from '../../../present/amounts';
import { framesInOrder, operationText, pathTo, traceOneLiner, traceText } from '../../../trace/text';
import type { CallTrace, TraceFrame, TraceParty } from '../../../trace/types';
import {
  TRACE_TEXT_MAX,
  type TraceRowView,
  type TraceSiteLink,
  type TraceView,
} from '../../../../webview/protocol/trace';

/** What was found of a failure origin's revert site: links, or why there are none. */
export interface FrameSites {
  readonly links: readonly TraceSiteLink[];
  /** Why no site is linked (no compiler output, no AST…), in words. */
  readonly reason?: string;
}

/** The most rows a view carries (the page's check allows as many); a longer trace says it is cut. */
export const TRACE_ROWS_MAX = 20_000;
/** The most characters of one value in a row (a decoded call can be long). */
const VALUE_MAX = 2000;
/** The most notes shown above the rows (the page's check allows 50). */
const NOTES_MAX = 40;
/** The most notes of one frame listed among its fields. */
const FRAME_NOTES_MAX = 10;

const cut = (text: string, max = VALUE_MAX): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/** `4 calls`, `1 call`. */
function calls(count: number): string {
  return `${formatGrouped(BigInt(count))} call${count === 1 ? '' : 's'}`;
}

/** The line above the tree: `4 calls · reverted in Vault.withdraw → …`, or `4 calls, all succeeded`. */
export function traceSummary(trace: CallTrace): string {
  if (trace.count === 0) return 'No calls recorded for this transaction.';
  const failure = traceOneLiner(trace);
  if (failure) return `${calls(trace.count)} · ${failure}`;
  // An incomplete trace cannot say that every call succeeded, only that none read failed.
  return trace.incomplete ? `${calls(trace.count)} read, none failed` : `${calls(trace.count)}, all succeeded`;
}

/** The result as the row shows it after the page's "✕ failed": `reverted: E(…)`, `error: …`, the output. */
export function resultText(frame: TraceFrame): string {
  const r = frame.result;
  switch (r.kind) {
    case 'revert':
      return cut(`reverted: ${r.text}`);
    case 'error':
      return cut(`error: ${r.text}`);
    case 'output':
      return cut(r.text);
    case 'none':
      return '';
  }
}

/** `0.0.5025 · 0x…13a1`: a party's id and address, as the server gave them. */
function partyIds(p: TraceParty): string {
  return [p.id, p.address].filter((x): x is string => !!x).join(' · ') || p.label;
}

/** The fields shown when a row is opened. */
function rowFields(frame: TraceFrame, sites: FrameSites | undefined): { label: string; value: string }[] {
  const fields = [
    { label: 'Caller', value: cut(`${frame.caller.label} (${partyIds(frame.caller)})`) },
    {
      label: 'Recipient',
      value: cut(`${frame.recipient.label} (${partyIds(frame.recipient)})`),
    },
    { label: 'Value', value: hbar(frame.valueTinybar) },
    { label: 'Gas', value: formatGrouped(frame.gas) },
    { label: 'Gas used', value: formatGrouped(frame.gasUsed) },
  ];
  if (frame.selector && !frame.call?.startsWith(frame.selector))
    fields.push({ label: 'Selector', value: frame.selector });
  fields.push({ label: 'Action index', value: String(frame.index) });
  // The depth the server sent, when the tree had to place the frame elsewhere.
  if (frame.depth !== frame.level) fields.push({ label: 'Call depth (as sent)', value: String(frame.depth) });
  for (const note of frame.notes.slice(0, FRAME_NOTES_MAX)) fields.push({ label: 'Note', value: cut(note) });
  if (sites?.reason) fields.push({ label: 'Revert site', value: cut(sites.reason) });
  return fields;
}

function row(frame: TraceFrame, open: boolean, sites: FrameSites | undefined): TraceRowView {
  const detail = frame.recipient.detail ?? (partyIds(frame.recipient) || undefined);
  return {
    level: frame.level,
    operation: cut(operationText(frame), 100),
    caller: cut(frame.caller.label, 200),
    recipient: cut(frame.recipient.label, 200),
    ...(detail !== undefined ? { recipientDetail: cut(detail, 500) } : {}),
    ...(frame.call !== undefined ? { call: cut(frame.call) } : {}),
    result: resultText(frame),
    failed: frame.failed,
    origin: frame.origin,
    open,
    fields: rowFields(frame, sites),
    sites: sites?.links ?? [],
  };
}

/** The text form, cut at a line end before TRACE_TEXT_MAX with a last line that says so. */
export function boundedText(text: string, max = TRACE_TEXT_MAX): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - 120);
  const end = text.lastIndexOf('\n', room);
  const kept = text.slice(0, end > 0 ? end : room);
  let rest = 0;
  for (let i = kept.length; i < text.length; i++) if (text.charCodeAt(i) === 10) rest++;
  return `${kept}\n# cut: ${rest + 1} more lines are not in this copy`;
}

/** How long one slice of the work may run before it yields. */
const SLICE_MS = 8;
/** Rows made between two looks at the clock. */
const ROWS_PER_LOOK = 200;

/**
 * The trace as the panels draw it, with the site links found for its failures' origins. Yields
 * (`pause`) whenever a slice of the work passes SLICE_MS.
 */
export async function presentTrace(
  trace: CallTrace,
  sites: ReadonlyMap<TraceFrame, FrameSites> = new Map(),
  pause: () => Promise<void> = yieldToEventLoop,
): Promise<TraceView> {
  let started = performance.now();
  const breathe = async () => {
    if (performance.now() - started < SLICE_MS) return;
    await pause();
    started = performance.now();
  };
  const frames = framesInOrder(trace);
  const opened = new Set<TraceFrame>(trace.firstFailure ? (pathTo(trace, trace.firstFailure) ?? []) : []);
  const shown = Math.min(frames.length, TRACE_ROWS_MAX);
  const rows: TraceRowView[] = [];
  for (let i = 0; i < shown; i++) {
    if (i % ROWS_PER_LOOK === 0) await breathe();
    rows.push(row(frames[i], opened.has(frames[i]), sites.get(frames[i])));
  }
  // The text form is one piece of work (src/trace): it gets a slice of its own.
  await pause();
  const text = boundedText(traceText(trace));
  const notes: string[] = [];
  if (trace.incomplete) notes.push(`Incomplete: ${cut(trace.incomplete)}`);
  if (frames.length > TRACE_ROWS_MAX)
    notes.push(`Only the first ${formatGrouped(BigInt(TRACE_ROWS_MAX))} of ${calls(frames.length)} are shown.`);
  for (const note of trace.notes) if (notes.length < NOTES_MAX) notes.push(cut(note));
  return { summary: traceSummary(trace), rows, notes, text };
}
