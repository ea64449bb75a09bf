// The mirror node's `/actions` records arranged as a tree of calls: sorted by index, nested by
// call depth, each party named and each call and result decoded, failures marked (from
// `result_data_type`, whatever the transaction's own result says) with the frame where each
// failure started. Records are network data: out of order, duplicated, with depths that skip or go
// back, unknown words: each is placed somewhere sensible and the repair said in the frame's notes.
// Iterative throughout (a 10,000-action trace nests as deep as it likes). Pure: no vscode.
import { visibleText } from '../abi/text';
import type { ContractMatch } from '../abi/abiIndex';
import { MirrorError } from '../mirror/errors';
import type { ContractAction } from '../mirror/schemas';
import { pacer } from '../mirror/sliced';
import { FrameDecoder, cutText, type ResultKind } from './decodeFrame';
import { matchParty, nameParty, partyKey, type NamingContext, type PartyRef } from './names';
import type { CallTrace, FrameResult, TraceFrame, TraceParty } from './types';

export interface TraceContext extends NamingContext {
  /** Why the actions read are not the whole trace (loadActions' `incomplete`). */
  readonly incomplete?: string;
  /** Notes about how the actions were read, put first among the trace's notes. */
  readonly notes?: readonly string[];
}

const OPERATIONS: ReadonlySet<string> = new Set([
  'CALL',
  'CALLCODE',
  'CREATE',
  'CREATE2',
  'DELEGATECALL',
  'STATICCALL',
]);
const CALL_TYPES: ReadonlySet<string> = new Set(['NO_ACTION', 'CALL', 'CREATE', 'PRECOMPILE', 'SYSTEM']);
const RESULT_KINDS: Readonly<Record<string, ResultKind>> = {
  OUTPUT: 'output',
  REVERT_REASON: 'revert',
  ERROR: 'error',
};
const MAX_FRAME_NOTES = 6;
const MAX_TRACE_NOTES = 20;

type Building = { -readonly [K in keyof TraceFrame]: TraceFrame[K] } & { children: TraceFrame[]; notes: string[] };

interface Row {
  readonly action: Partial<ContractAction>;
  /** The index as sent, or -1 when it is not a usable one. */
  readonly index: number;
  readonly sortKey: number;
  readonly pos: number;
  readonly notes: string[];
}

/** Notes, at most `max` kept; the rest counted and said in one last note. */
class NoteList {
  private readonly items: string[] = [];
  private dropped = 0;
  constructor(private readonly max: number) {}
  add(text: string): void {
    if (this.items.length < this.max) this.items.push(text);
    else this.dropped++;
  }
  list(): string[] {
    return this.dropped > 0 ? [...this.items, `… and ${this.dropped} more note(s)`] : this.items;
  }
}

function addNote(notes: string[], text: string): void {
  if (notes.length < MAX_FRAME_NOTES) notes.push(text);
  else if (notes.length === MAX_FRAME_NOTES) notes.push('… more notes left out');
}

/** A server word shown as it came (invisible characters made visible, cut). */
function shownWord(word: string): string {
  return cutText(visibleText(word), 40);
}

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/**
 * The tree of calls of a transaction from its actions (any order; see the file's header for the
 * repairs). `context` names the parties and decodes with the known ABIs; it is only read. In one
 * go: for a large trace on the extension host, use {@link buildCallTraceSliced}.
 */
export function buildCallTrace(actions: readonly ContractAction[], context: TraceContext): CallTrace {
  const steps = buildSteps(actions, context);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * The same tree, built a slice at a time with a turn of the event loop between slices (a frame's
 * decoding is the unit), so a 10,000-action trace does not hold the thread; rejects with a
 * MirrorError `aborted` when `signal` aborts between slices.
 */
export async function buildCallTraceSliced(
  actions: readonly ContractAction[],
  context: TraceContext,
  signal?: AbortSignal,
): Promise<CallTrace> {
  const pace = pacer(signal, () => new MirrorError('aborted', 0, [], '', 'The request was cancelled'));
  const steps = buildSteps(actions, context);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (pace.due()) await pace.yield();
  }
}

/** The building, one step per frame decoded. */
function* buildSteps(actions: readonly ContractAction[], context: TraceContext): Generator<void, CallTrace> {
  const notes = new NoteList(MAX_TRACE_NOTES);
  for (const note of context.notes ?? []) notes.add(note);
  const rows = orderRows(actions, notes);
  const namer = new PartyNamer(context);
  const decoder = new FrameDecoder(context);
  const frames: Building[] = [];
  for (const row of rows) {
    frames.push(makeFrame(row, namer, decoder));
    yield;
  }
  const { roots, parents } = nest(rows, frames, notes);
  const firstFailure = markFailures(frames, parents);
  return {
    roots,
    count: actions.length,
    ...(firstFailure ? { firstFailure } : {}),
    ...(context.incomplete ? { incomplete: context.incomplete } : {}),
    notes: notes.list(),
  };
}

/** The actions sorted by index (an unusable index stays after the one sent before it), gaps noted. */
function orderRows(actions: readonly ContractAction[], notes: NoteList): Row[] {
  let lastKey = -1;
  const rows = actions.map((raw, pos): Row => {
    const action: Partial<ContractAction> = typeof raw === 'object' && raw !== null ? raw : {};
    const own: string[] = [];
    if (isCount(action.index)) {
      lastKey = action.index;
      return { action, index: action.index, sortKey: action.index, pos, notes: own };
    }
    addNote(own, 'no usable index: kept after the action the server sent before it');
    return { action, index: -1, sortKey: lastKey + 0.5, pos, notes: own };
  });
  let sorted = true;
  for (let i = 1; i < rows.length && sorted; i++) sorted = rows[i - 1].sortKey <= rows[i].sortKey;
  if (!sorted) {
    rows.sort((a, b) => a.sortKey - b.sortKey || a.pos - b.pos);
    notes.add('the actions came out of index order: shown sorted by index');
  }
  let expected = 0;
  let previous = -1;
  for (const row of rows) {
    if (row.index < 0) continue;
    if (row.index === previous) addNote(row.notes, `index ${row.index} appears more than once (each is shown)`);
    else if (row.index > expected)
      notes.add(
        row.index === expected + 1
          ? `no action with index ${expected}`
          : `no actions with index ${expected} to ${row.index - 1}`,
      );
    previous = row.index;
    expected = Math.max(expected, row.index + 1);
  }
  return rows;
}

/** Names parties once per trace (a party appears in many actions). */
class PartyNamer {
  private readonly known = new Map<string, { party: TraceParty; match: ContractMatch | undefined }>();
  constructor(private readonly ctx: NamingContext) {}
  of(ref: PartyRef): { party: TraceParty; match: ContractMatch | undefined } {
    const key = `${ref.id ?? ''}|${ref.address ?? ''}|${ref.type ?? ''}|${ref.callType ?? ''}`;
    let named = this.known.get(key);
    if (!named) {
      const match = matchParty(ref, this.ctx);
      named = { party: nameParty(ref, this.ctx, match), match };
      this.known.set(key, named);
    }
    return named;
  }
}

function word(value: unknown, known: ReadonlySet<string>, what: string, notes: string[]): string {
  if (typeof value !== 'string' || value === '') {
    addNote(notes, `no ${what}`);
    return 'UNKNOWN';
  }
  if (!known.has(value)) addNote(notes, `unknown ${what} "${shownWord(value)}"`);
  return known.has(value) ? value : shownWord(value);
}

function amount(value: unknown, what: string, notes: string[]): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (value !== undefined && value !== null) addNote(notes, `${what} is not an integer`);
  return 0n;
}

function makeFrame(row: Row, namer: PartyNamer, decoder: FrameDecoder): Building {
  const a = row.action;
  const notes = row.notes;
  const operation = word(a.call_operation_type, OPERATIONS, 'operation', notes);
  const callType = word(a.call_type, CALL_TYPES, 'call type', notes);
  const typeWord = a.result_data_type;
  let kind: ResultKind = 'unknown';
  if (typeof typeWord === 'string' && RESULT_KINDS[typeWord]) kind = RESULT_KINDS[typeWord];
  else addNote(notes, typeof typeWord === 'string' ? `unknown result type "${shownWord(typeWord)}"` : 'no result type');
  const failed = kind === 'revert' || kind === 'error';
  const callerRef: PartyRef = { id: a.caller, address: a.from, type: a.caller_type };
  const recipientRef: PartyRef = { id: a.recipient, address: a.to, type: a.recipient_type, callType: a.call_type };
  const caller = namer.of(callerRef).party;
  const { party: recipient, match } = namer.of(recipientRef);
  const contract = partyKey(recipientRef) ?? '';
  const opts = decoder.options(recipient.address, recipient.kind === 'token');
  const creates =
    operation === 'CREATE' || operation === 'CREATE2' || (operation === 'UNKNOWN' && callType === 'CREATE');
  let call: string | undefined;
  let selector: string | undefined;
  let result: FrameResult;
  if (creates) {
    const size = typeof a.input === 'string' && a.input.startsWith('0x') ? Math.floor((a.input.length - 2) / 2) : 0;
    call = size > 0 ? `create (${size} bytes of init code)` : 'create';
    const created = !failed && kind === 'output' && recipient.kind !== 'unknown';
    result = created
      ? { kind: 'output', text: `created ${recipient.label}` }
      : noted(decoder.outcome(contract, kind, a.result_data, undefined, match, opts), notes);
  } else {
    const input = decoder.input(contract, a.input, match, opts);
    if (input.note) addNote(notes, input.note);
    ({ call, selector } = input);
    result = noted(decoder.outcome(contract, kind, a.result_data, input.fn, match, opts), notes);
  }
  return {
    index: row.index,
    depth: isCount(a.call_depth) ? a.call_depth : -1,
    level: 0,
    operation,
    callType,
    caller,
    recipient,
    ...(call !== undefined ? { call } : {}),
    ...(selector !== undefined ? { selector } : {}),
    valueTinybar: amount(a.value, 'value', notes),
    gas: amount(a.gas, 'gas', notes),
    gasUsed: amount(a.gas_used, 'gas used', notes),
    result,
    failed,
    origin: false,
    children: [],
    notes,
  };
}

function noted(outcome: { result: FrameResult; note?: string }, notes: string[]): FrameResult {
  if (outcome.note) addNote(notes, outcome.note);
  return outcome.result;
}

/**
 * Nests the frames by call depth with a stack (no recursion): a frame is the child of the nearest
 * frame before it with a smaller depth. Depths that skip levels, go below the first action's, or
 * are missing are placed and noted. Returns the roots and each frame's parent (-1 for a root).
 */
function nest(rows: readonly Row[], frames: Building[], notes: NoteList): { roots: TraceFrame[]; parents: Int32Array } {
  const roots: TraceFrame[] = [];
  const parents = new Int32Array(frames.length).fill(-1);
  const stack: { depth: number; at: number }[] = [];
  let firstDepth: number | undefined;
  let extraRoots = 0;
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    let depth = rows[i].action.call_depth;
    if (!isCount(depth)) {
      depth = stack.length > 0 ? stack[stack.length - 1].depth : (firstDepth ?? 0);
      addNote(frame.notes, 'no usable call_depth: shown beside the action before it');
    }
    firstDepth ??= depth;
    while (stack.length > 0 && stack[stack.length - 1].depth >= depth) stack.pop();
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    if (!top) {
      if (depth < firstDepth)
        addNote(
          frame.notes,
          `call_depth ${depth} is below the first action's (${firstDepth}): shown as a top-level call`,
        );
      else if (roots.length > 0) extraRoots++;
      roots.push(frame);
    } else {
      const parent = frames[top.at];
      if (depth > top.depth + 1)
        addNote(frame.notes, `call_depth ${depth} right after depth ${top.depth}: shown one level below it`);
      frame.level = parent.level + 1;
      parent.children.push(frame);
      parents[i] = top.at;
    }
    stack.push({ depth, at: i });
  }
  if (extraRoots > 0) notes.add(`${extraRoots + 1} top-level calls (a transaction makes one)`);
  return { roots, parents };
}

/**
 * Marks each failure's origin (a failed frame none of whose children failed) and returns the first
 * origin in index order. Children follow their parent in `frames`, so one backward pass sees every
 * child before its parent.
 */
function markFailures(frames: Building[], parents: Int32Array): TraceFrame | undefined {
  const childFailed = new Uint8Array(frames.length);
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i];
    frame.origin = frame.failed && childFailed[i] === 0;
    if (frame.failed && parents[i] >= 0) childFailed[parents[i]] = 1;
  }
  return frames.find(f => f.origin);
}
