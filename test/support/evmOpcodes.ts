// Opcode traces of the EVM traces' scenarios (test/support/evmTraces.ts), as the mirror node answers
// `GET /api/v1/contracts/results/{id}/opcodes?stack=…&memory=…&storage=…` (openapi.yml
// `OpcodesResponse` / `Opcode`): one entry per instruction the EVM ran, made from the EVM's own
// `step` events (test/support/evmSteps.ts), nothing written by hand.
//
// The mirror node re-runs the transaction on Hedera's EVM (Besu's) with its web3 `OpcodeTracer`,
// which writes an entry from Besu's `tracePostExecution` hook, after the instruction ran. What each
// member holds follows from where Besu calls that hook (EVM.runToHalt) and what its operations have
// done by then; ethereumjs's `step` event comes before each instruction, so the after-state is the
// next step of the same frame, and where Besu's differs it is worked out as Besu leaves it:
//  - pc: Besu moves the pc before the hook while the frame goes on running, so an instruction's
//    entry has the pc of the next one in its frame (a PUSH2 at 5 reads 8, a taken JUMP its target).
//    Only an instruction that stops its frame (STOP, RETURN, REVERT, SELFDESTRUCT, a halt) or
//    suspends it for a call or create (CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2)
//    keeps its own pc. `executedPcs` gives each frame's own pcs, the instructions that ran.
//  - depth: the frame's depth, 0 for the transaction's (Besu's `getDepth()`, the message stack's
//    size less one). A call or create that opened a frame has pushed it by the hook: its entry
//    reads one deeper than the frame that made it, the depth of the frame it opened.
//  - gas: what the frame has left after the instruction. A call or create has by then also handed
//    the new frame its gas (all but 1/64th, less a value transfer's 2,300 stipend, which is not
//    the caller's), so its entry's gas is before the callee returns anything.
//  - gas_cost: the instruction's static and dynamic gas (memory, cold access, value transfer…),
//    as Besu's operation returns it and ethereumjs charges it; a call's or create's does not
//    include the gas it hands on.
//  - stack: after the instruction, bottom first. A call or create pops its arguments only when
//    its frame comes back (Besu's `complete`), so its entry has the stack before it; a frame's
//    last instruction has the stack before it less the words it pops.
//  - memory: after the instruction, in 32-byte rows. A call or create has read its input by the
//    hook (the memory grows over it), not yet written the output; RETURN and REVERT have read theirs.
//  - storage: the slots written so far in the transaction and still in effect (a failed frame's
//    writes are undone when it ends) of the account whose storage the frame uses (under a
//    DELEGATECALL, the caller's), sorted by slot: Besu's TreeMap of the account's updated storage.
//  - reason: REVERT's data on the REVERT's entry, else null.
// The top level: `address` the called contract's long-zero address (the zero address for a
// create), `contract_id` its id (null for a create), `failed`, `gas` the gas the contract result
// charged, `return_value` the transaction's output (a create's: the runtime code) or revert data.
// Members left out are sent empty, as the tracer does: `[]` for stack and memory, `{}` for storage.
// What stands in for the real server, beside evmTraces.ts's own stand-ins:
//  - stack words are 32 bytes ("0x" + 64 hex). Besu keeps each word as the bytes its operation
//    made (a PUSH1's one byte, "0x80") and the server writes them so: a reader must left-pad;
//  - storage keys and values are 32 bytes, in the key order Besu's TreeMap gives (the server builds
//    its JSON object from a hash map: a reader must not rely on the order), a slot written back to
//    zero stays listed with a zero value, slots only read are not listed;
//  - an exceptional halt's entry has the gas left and the stack from before the instruction, and
//    the cost the EVM found it could not pay. Besu's operation returns its halt before the gas is
//    taken, so the gas is as Besu's; but some operations pop arguments before they find too little
//    gas (SLOAD its key), which Besu's stack would lack;
//  - op names are ethereumjs's, which are Besu's for every instruction these contracts run
//    (KECCAK256, not the old SHA3; PREVRANDAO, not DIFFICULTY, from Paris);
//  - a call into a frame that runs no code here (a precompile, a system contract or a token's
//    facade answered by a stand-in: evmTraces.ts's runChain) has the entry of any call that opened
//    a frame (its pc, one deeper, the gas after handing on) and no entries inside: Hedera's
//    entries for them (`tracePrecompileCall`) are not made. The local replay writes the same.
//    Besu's STOP past the end of code is not made: no scenario has one, and building a trace that
//    would need one fails rather than leaving it out.
// Same output every run, as the EVM traces.
import { hexOf, rawTraceOf, type RawFrame, type RawStep, type RawTrace } from './evmSteps';
import { idOfLongZero, longZeroAddress, SAMPLE_CONTRACTS, type EvmScenario } from './evmTraces';

/** The query: the server's defaults are stack on, memory and storage off. */
export interface OpcodesOptions {
  readonly stack?: boolean;
  readonly memory?: boolean;
  readonly storage?: boolean;
}

/** One entry of `opcodes`, in the member order the server writes. */
export interface OpcodeEntry {
  depth: number;
  gas: number;
  gas_cost: number;
  memory: string[];
  op: string;
  pc: number;
  reason: string | null;
  stack: string[];
  storage: Record<string, string>;
}

/** The body of `GET /api/v1/contracts/results/{id}/opcodes`. */
export interface OpcodesResponseBody {
  address: string;
  contract_id: string | null;
  failed: boolean;
  gas: number;
  opcodes: OpcodeEntry[];
  return_value: string;
}

/** One frame of a scenario: the code that ran in it and the instructions it ran. */
export interface ExecutedFrame {
  /** Its place among the frames as they opened: the index of its `/actions` record. */
  readonly index: number;
  readonly depth: number;
  /** The contract whose code ran, and its name in the sample (undefined if not the sample's). */
  readonly contractId: string;
  readonly contractName: string | undefined;
  readonly sourceName: string | undefined;
  /** A create runs the creation code; anything else the deployed code. */
  readonly code: 'creation' | 'deployed';
  /** The code's bytes as the EVM ran them (`0x`…: a create's init code with its arguments). */
  readonly bytecode: string;
  /** The contract whose storage it used (under a DELEGATECALL, the caller's). */
  readonly storageContractId: string;
  /** Each instruction's own pc, in the order they ran. */
  readonly pcs: readonly number[];
  /** The index in `opcodes` of each of those instructions' entries. */
  readonly entries: readonly number[];
}

const word = (value: bigint): string => `0x${value.toString(16).padStart(64, '0')}`;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
/** Instructions that end their frame when they run. */
const ENDS_FRAME: Readonly<Record<string, number>> = { STOP: 0, RETURN: 2, REVERT: 2, SELFDESTRUCT: 1 };
const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2']);
/** A call that moves value gives the callee 2,300 gas the caller does not pay. */
const CALL_STIPEND = 2300n;

function rows(memory: Uint8Array): string[] {
  const out: string[] = [];
  for (let at = 0; at < memory.length; at += 32) out.push(hexOf(memory.subarray(at, at + 32)));
  return out;
}

/** `memory` grown to cover `length` bytes at `offset` (no growth for a zero length), as reading them grows it. */
function grownOver(memory: Uint8Array, offset: bigint, length: bigint): Uint8Array {
  if (length === 0n) return memory;
  const size = Number(((offset + length + 31n) / 32n) * 32n);
  if (size <= memory.length) return memory;
  const grown = new Uint8Array(size);
  grown.set(memory);
  return grown;
}

/** The top `n` stack words, topmost first. */
function top(stack: readonly bigint[], n: number): bigint[] {
  return stack.slice(-n).reverse();
}

/** The memory a call or create has read by the time Besu's hook runs: its input, grown over. */
function memoryAtCall(step: RawStep): Uint8Array {
  const s = step.stack;
  switch (step.op) {
    case 'CALL':
    case 'CALLCODE': {
      const [, , , offset, length] = top(s, 7);
      return grownOver(step.memory, offset, length);
    }
    case 'DELEGATECALL':
    case 'STATICCALL': {
      const [, , offset, length] = top(s, 6);
      return grownOver(step.memory, offset, length);
    }
    default: {
      const [, offset, length] = top(s, 3);
      return grownOver(step.memory, offset, length);
    }
  }
}

/** The gas the caller hands a frame it opens (its gas limit less a value transfer's stipend). */
function gasHandedOn(step: RawStep, frame: RawFrame): bigint {
  const movesValue = (step.op === 'CALL' || step.op === 'CALLCODE') && frame.value !== 0n;
  return frame.gasLimit - (movesValue ? CALL_STIPEND : 0n);
}

/** Written slots by account, undone by frame when one fails. */
class WrittenStorage {
  private readonly slots = new Map<string, Map<bigint, bigint>>();
  private readonly journal: { address: string; slot: bigint; before: bigint | undefined }[] = [];
  private readonly cache = new Map<string, Record<string, string>>();

  get mark(): number {
    return this.journal.length;
  }

  write(address: string, slot: bigint, value: bigint): void {
    const account = this.slots.get(address) ?? new Map<bigint, bigint>();
    this.journal.push({ address, slot, before: account.get(slot) });
    account.set(slot, value);
    this.slots.set(address, account);
    this.cache.delete(address);
  }

  undoTo(mark: number): void {
    while (this.journal.length > mark) {
      const undo = this.journal.pop();
      if (undo === undefined) break;
      const account = this.slots.get(undo.address);
      if (undo.before === undefined) account?.delete(undo.slot);
      else account?.set(undo.slot, undo.before);
      this.cache.delete(undo.address);
    }
  }

  of(address: string): Record<string, string> {
    const cached = this.cache.get(address);
    if (cached !== undefined) return cached;
    const entries = [...(this.slots.get(address) ?? new Map<bigint, bigint>())].sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    const object = Object.fromEntries(entries.map(([slot, value]) => [word(slot), word(value)]));
    this.cache.set(address, object);
    return object;
  }
}

/** For each step, the next step of its frame (undefined for a frame's last). */
function nextInFrame(trace: RawTrace): (number | undefined)[] {
  const next: (number | undefined)[] = new Array<number | undefined>(trace.steps.length).fill(undefined);
  const last = new Map<number, number>();
  trace.steps.forEach((step, i) => {
    const before = last.get(step.frame);
    if (before !== undefined) next[before] = i;
    last.set(step.frame, i);
  });
  return next;
}

interface Shape {
  readonly pc: number;
  readonly depth: number;
  readonly gas: bigint;
  readonly stack: readonly bigint[];
  readonly memory: Uint8Array;
}

/** Where Besu's hook finds the frame after step `i` (see the header for each case). */
function shapeAfter(trace: RawTrace, i: number, next: number | undefined): Shape {
  const step = trace.steps[i];
  const frame = trace.frames[step.frame];
  if (step.opened !== undefined) {
    const opened = trace.frames[step.opened];
    if (!CALLS.has(step.op)) throw new Error(`${step.op} at ${step.pc} opened a frame`);
    const gas = step.gasLeft - step.fee - gasHandedOn(step, opened);
    return { pc: step.pc, depth: step.depth + 1, gas, stack: step.stack, memory: memoryAtCall(step) };
  }
  if (next !== undefined) {
    const after = trace.steps[next];
    if (after.gasLeft !== step.gasLeft - step.fee) {
      throw new Error(
        `${step.op} at ${step.pc}: ${step.gasLeft} - ${step.fee} is not the ${after.gasLeft} left after it`,
      );
    }
    return { pc: after.pc, depth: step.depth, gas: after.gasLeft, stack: after.stack, memory: after.memory };
  }
  const pops = ENDS_FRAME[step.op];
  if (pops !== undefined && step.fee <= step.gasLeft) {
    const [offset, length] = top(step.stack, 2);
    const memory = pops === 2 ? grownOver(step.memory, offset, length) : step.memory;
    return {
      pc: step.pc,
      depth: step.depth,
      gas: step.gasLeft - step.fee,
      stack: step.stack.slice(0, step.stack.length - pops),
      memory,
    };
  }
  if (frame.error === undefined || frame.error === 'revert') {
    throw new Error(`frame ${frame.index} ends after ${step.op} at ${step.pc} without a halt: not modelled`);
  }
  return { pc: step.pc, depth: step.depth, gas: step.gasLeft, stack: step.stack, memory: step.memory };
}

/** The entries, in the order the instructions ran. */
function entriesOf(trace: RawTrace, options: Required<OpcodesOptions>): OpcodeEntry[] {
  const next = nextInFrame(trace);
  const storage = new WrittenStorage();
  const marks = new Map<number, number>([[0, 0]]);
  let exit = 0;
  const entries: OpcodeEntry[] = [];
  const endFramesUpTo = (count: number) => {
    while (exit < trace.exits.length && trace.frames[trace.exits[exit]].endedAfter <= count) {
      const ended = trace.frames[trace.exits[exit]];
      if (ended.error !== undefined) storage.undoTo(marks.get(ended.index) ?? 0);
      exit++;
    }
  };
  trace.steps.forEach((step, i) => {
    endFramesUpTo(i);
    const shape = shapeAfter(trace, i, next[i]);
    // An instruction that halted its frame did not run; one followed in its frame, one that opened
    // a frame and one that ended its frame with the gas to do so did.
    const ran =
      next[i] !== undefined || step.opened !== undefined || (step.op in ENDS_FRAME && step.fee <= step.gasLeft);
    if (step.op === 'SSTORE' && ran) {
      const [slot, value] = top(step.stack, 2);
      storage.write(step.storageAddress, slot, value);
    }
    if (step.opened !== undefined) marks.set(step.opened, storage.mark);
    entries.push({
      depth: shape.depth,
      gas: Number(shape.gas),
      gas_cost: Number(step.fee),
      memory: options.memory ? rows(shape.memory) : [],
      op: step.op,
      pc: shape.pc,
      reason: step.revertData === undefined || !ran ? null : hexOf(step.revertData),
      stack: options.stack ? shape.stack.map(word) : [],
      storage: options.storage ? { ...storage.of(step.storageAddress) } : {},
    });
  });
  return entries;
}

/** The `/opcodes` body of a scenario, for the query's stack, memory and storage flags. */
export function opcodesOf(scenario: EvmScenario<string>, options: OpcodesOptions = {}): OpcodesResponseBody {
  const trace = rawTraceOf(scenario);
  const flags = { stack: options.stack ?? true, memory: options.memory ?? false, storage: options.storage ?? false };
  const result = scenario.contractResult;
  const creates = scenario.actions[0]?.call_type === 'CREATE';
  const root = scenario.actions[0];
  return {
    address: creates ? ZERO_ADDRESS : longZeroAddress(result.contract_id),
    contract_id: creates ? null : result.contract_id,
    failed: result.status !== '0x1',
    gas: result.gas_used,
    opcodes: entriesOf(trace, flags),
    return_value: root !== undefined && root.result_data_type !== 'ERROR' ? (root.result_data ?? '0x') : '0x',
  };
}

/** The body as the server sends it, for the test mirror and the e2e replay. */
export function opcodesBodyText(scenario: EvmScenario<string>, options: Required<OpcodesOptions>): string {
  return JSON.stringify(opcodesOf(scenario, options));
}

/** Each frame of a scenario, in the order they opened, with the code it ran and its instructions. */
export function executedPcs(scenario: EvmScenario): ExecutedFrame[] {
  const trace = rawTraceOf(scenario);
  return trace.frames.map(frame => {
    const steps = trace.steps.map((step, i) => ({ step, i })).filter(({ step }) => step.frame === frame.index);
    const contractId = idOfLongZero(frame.codeAddress) ?? frame.codeAddress;
    const storageAddress = steps[0]?.step.storageAddress ?? frame.codeAddress;
    const sample = SAMPLE_CONTRACTS[contractId];
    return {
      index: frame.index,
      depth: frame.depth,
      contractId,
      contractName: sample?.contractName,
      sourceName: sample?.sourceName,
      code: frame.create ? 'creation' : 'deployed',
      bytecode: hexOf(frame.code),
      storageContractId: idOfLongZero(storageAddress) ?? storageAddress,
      pcs: steps.map(({ step }) => step.pc),
      entries: steps.map(({ i }) => i),
    };
  });
}
