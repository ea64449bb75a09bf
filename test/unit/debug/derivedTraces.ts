// Scenarios derived from the EVM-made ones (test/support/evmTraces.ts) by one documented,
// deterministic change each, for the debugger's tests of bad input and of cost: the actions with
// one removed, the opcode trace cut short, one entry's pc or op name changed, a call repeated many
// times over. Nothing here writes an entry: every entry is one the EVM made (copied, cut, or with
// the one member the change names set). Each derived scenario has a transaction id of its own, so
// the test mirror serves it beside the real one (and the mirror client's cache never mixes them).
import { executedPcs, opcodesOf, type OpcodeEntry, type OpcodesResponseBody } from '../../support/evmOpcodes';
import { opcodesPath, traceRecords } from '../../support/evmRecords';
import { PAYER_ID, type ContractActionRecord, type EvmScenario } from '../../support/evmTraces';
import { mirrorErrorBody, type ExtraRecord } from '../../support/mirrorReplay';

export interface Derived {
  readonly scenario: EvmScenario;
  /** What the test mirror serves for it. */
  readonly records: ExtraRecord[];
  /** Its opcode trace as served without memory (absent when the change serves no trace). */
  readonly body?: OpcodesResponseBody;
}

export interface Change {
  readonly actions?: (actions: readonly ContractActionRecord[]) => ContractActionRecord[];
  readonly opcodes?: (entries: readonly OpcodeEntry[]) => OpcodeEntry[];
  /** Also serve the trace with memory (Load memory): costs a second body. Default true. */
  readonly memory?: boolean;
  /** Instead of the trace: this status, with the mirror node's error body. */
  readonly opcodesStatus?: { readonly status: number; readonly message: string };
}

let serial = 0;

/** A new transaction id, unlike any the EVM traces made (theirs start at 1,700,000,100). */
export function newTransactionId(): string {
  serial++;
  return `${PAYER_ID}-${1_800_000_000 + serial}-000000000`;
}

/** `base` with `change` applied, under a transaction id of its own. */
export function derive(base: EvmScenario, change: Change): Derived {
  const actions = change.actions ? change.actions(base.actions) : base.actions;
  const scenario: EvmScenario = { ...base, transactionId: newTransactionId(), actions };
  const records = traceRecords(scenario);
  if (change.opcodesStatus !== undefined) {
    const { status, message } = change.opcodesStatus;
    for (const memory of [false, true])
      records.push({ url: opcodesPath(scenario, memory), status, bodyText: mirrorErrorBody(message) });
    return { scenario, records };
  }
  let body: OpcodesResponseBody | undefined;
  for (const memory of change.memory === false ? [false] : [false, true]) {
    const served = opcodesOf(base, { stack: true, memory, storage: true });
    const entries = change.opcodes ? change.opcodes(served.opcodes) : served.opcodes;
    const changed: OpcodesResponseBody = { ...served, opcodes: entries };
    if (!memory) body = changed;
    records.push({ url: opcodesPath(scenario, memory), bodyText: JSON.stringify(changed) });
  }
  return { scenario, records, ...(body ? { body } : {}) };
}

/** The actions without the one at `index` (its record lost: the others keep their indices). */
export function withoutAction(index: number): Change['actions'] {
  return actions => actions.filter(a => a.index !== index);
}

/** The first `count` entries (a trace the server cut, or one that arrived short). */
export function firstEntries(count: number): Change['opcodes'] {
  return entries => entries.slice(0, count);
}

/** Entry `at` with `member` set to `value` (a copy: the other entries are the EVM's). */
export function withEntry<K extends keyof OpcodeEntry>(
  at: number,
  member: K,
  value: OpcodeEntry[K],
): Change['opcodes'] {
  return entries => entries.map((entry, i) => (i === at ? { ...entry, [member]: value } : entry));
}

/** Where the calls the transaction's own frame made are, in the EVM's trace of `base`. */
export interface CallSegment {
  /** The own frame's entry before the call instruction: where each copy starts. */
  readonly first: number;
  /** The own frame's first entry after the call returned: where each copy ends. */
  readonly last: number;
  /** The pc of the instruction `first` is (its own pc, not the next one the server writes). */
  readonly firstOwnPc: number;
}

/**
 * The stretch of `base`'s trace that makes the own frame's first call: the instruction before the
 * call, the call, every entry of the frames it opened, and the own frame's first instruction after
 * it returned. Between two copies the own frame runs at least those two instructions, as a real
 * caller does between two calls (the trace reads a frame's end from the depth going back down).
 */
export function callSegment(base: EvmScenario): CallSegment {
  const frames = executedPcs(base);
  const [own, called] = frames;
  if (own === undefined || called === undefined) throw new Error(`${base.name} makes no call`);
  const callEntry = called.entries[0] - 1;
  const at = own.entries.indexOf(callEntry);
  if (at < 1) throw new Error(`${base.name}: entry ${callEntry} is not a call of the own frame`);
  const lastChild = Math.max(...frames.slice(1).flatMap(f => f.entries));
  const after = own.entries.find(e => e > lastChild);
  if (after === undefined) throw new Error(`${base.name}: the own frame never runs after its call`);
  return { first: own.entries[at - 1], last: after, firstOwnPc: own.pcs[at - 1] };
}

/**
 * `base` with its own frame's first call made `copies` times in a row: the call segment
 * (callSegment) repeated in place, with the actions of the frames it opens repeated with it
 * (indices renumbered in order). Each copy but the last ends as if the own frame's code looped
 * back: its last entry's pc (the next pc, as the server writes it) is the segment's first own pc.
 * Every other member of every entry is the EVM's. Used to make long traces from real ones.
 */
export function repeatedCall(base: EvmScenario, copies: number): Change {
  if (!Number.isInteger(copies) || copies < 1) throw new RangeError(`copies ${copies} is not a whole number ≥ 1`);
  const segment = callSegment(base);
  return {
    memory: false,
    actions: actions => {
      const [own, ...called] = [...actions].sort((a, b) => a.index - b.index);
      const out = [own];
      for (let c = 0; c < copies; c++)
        called.forEach((action, j) => out.push({ ...action, index: 1 + c * called.length + j }));
      return out;
    },
    opcodes: entries => {
      const stretch = entries.slice(segment.first, segment.last + 1);
      const out = entries.slice(0, segment.first);
      for (let c = 0; c < copies; c++) {
        const copy = [...stretch];
        if (c < copies - 1) copy[copy.length - 1] = { ...copy[copy.length - 1], pc: segment.firstOwnPc };
        out.push(...copy);
      }
      out.push(...entries.slice(segment.last + 1));
      return out;
    },
  };
}

/** How many copies of `base`'s call make a trace of at least `entries` entries. */
export function copiesFor(base: EvmScenario, entries: number): number {
  const segment = callSegment(base);
  const total = opcodesOf(base).opcodes.length;
  const length = segment.last - segment.first + 1;
  return Math.max(1, Math.ceil((entries - (total - length)) / length));
}
