// Figures for the debugger's opcode trace: reading the mirror node's `/opcodes` answer for a
// 20,000-entry trace (the server's own cap) with full stacks and the storage map repeated on every
// entry, as it streams in 64 KB chunks, into the compact store (goal ≤ 200 ms of CPU, median); the
// heap it keeps and its peak while reading, against the JSON's size; and how the cost grows from
// 5,000 to 20,000 entries (linear is 4×). The JSON is made here, from the shapes a real trace has
// (a stack that changes at its top, words that are small numbers, addresses, hashes, selectors; a
// few storage slots, 4 to 8, written now and then), the same every run: a bench input, not a test fixture.
import * as v8 from 'v8';
import * as vm from 'vm';
import { OpcodeTraceParser } from '../../src/debug/opcodes/parse';
import { cpuNow, fmt, stats, type BenchRow } from './harness';

const GOAL_MS = 200;
const ENTRIES = 20_000;
const CHUNK = 64 * 1024;

/** A small deterministic PRNG (mulberry32): the same trace every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const OPS = ['PUSH1', 'PUSH2', 'DUP1', 'DUP2', 'SWAP1', 'ADD', 'MSTORE', 'MLOAD', 'JUMPDEST', 'JUMPI', 'JUMP', 'POP'];
const RARE_OPS = ['SLOAD', 'SSTORE', 'KECCAK256', 'CALLDATALOAD', 'CALL', 'RETURN'];

function hex64(rnd: () => number, kind: number): string {
  if (kind < 0.55) return (Math.floor(rnd() * 0x10000) >>> 0).toString(16).padStart(64, '0');
  if (kind < 0.75) return '0'.repeat(24) + word(rnd, 40);
  if (kind < 0.85) return word(rnd, 8) + '0'.repeat(56);
  return word(rnd, 64);
}

function word(rnd: () => number, digits: number): string {
  let s = '';
  while (s.length < digits)
    s += Math.floor(rnd() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  return s.slice(0, digits);
}

/** The body of `/opcodes?stack=true&memory=false&storage=true` for a trace of `n` entries. */
export function makeOpcodesJson(n: number, seed = 1): string {
  const rnd = random(seed);
  const stack: string[] = [];
  for (let i = 0; i < 12; i++) stack.push(`"0x${hex64(rnd, rnd())}"`);
  const storage = new Map<string, string>();
  for (let i = 0; i < 4; i++) storage.set(hex64(rnd, 0), hex64(rnd, rnd()));
  let storageJson = '';
  const parts: string[] = [];
  let gas = 2_975_000;
  let pc = 0;
  for (let e = 0; e < n; e++) {
    const rare = rnd() < 0.03;
    const op = rare ? RARE_OPS[Math.floor(rnd() * RARE_OPS.length)] : OPS[Math.floor(rnd() * OPS.length)];
    // The stack changes at its top: a push, a pop, or the top replaced; it stays between 8 and 20 words.
    const change = rnd();
    if ((change < 0.4 && stack.length < 20) || stack.length < 8) stack.push(`"0x${hex64(rnd, rnd())}"`);
    else if (change < 0.7 && stack.length > 8) stack.pop();
    else stack[stack.length - 1] = `"0x${hex64(rnd, rnd())}"`;
    if (op === 'SSTORE' || e === 0) {
      const keys = [...storage.keys()];
      const fresh = storage.size < 8 && rnd() < 0.2;
      if (op === 'SSTORE')
        storage.set(fresh ? hex64(rnd, 0) : keys[Math.floor(rnd() * keys.length)], hex64(rnd, rnd()));
      storageJson = [...storage].map(([k, v]) => `"0x${k}":"0x${v}"`).join(',');
    }
    const cost = op === 'SSTORE' ? 20_000 : op === 'SLOAD' ? 2100 : 3;
    parts.push(
      `{"pc":${pc},"op":"${op}","gas":${gas},"gas_cost":${cost},"depth":1,"stack":[${stack.join(',')}],"memory":[],"storage":{${storageJson}},"reason":null}`,
    );
    gas -= cost;
    pc += op.startsWith('PUSH') ? Number(op.slice(4)) + 1 : 1;
  }
  return `{"address":"0x00000000000000000000000000000000000003eb","contract_id":"0.0.1003","failed":false,"gas":${2_975_000 - gas},"opcodes":[${parts.join(',')}],"return_value":"0x"}`;
}

function read(body: Buffer): ReturnType<OpcodeTraceParser['end']> {
  const parser = new OpcodeTraceParser();
  for (let at = 0; at < body.length; at += CHUNK) parser.write(body.subarray(at, at + CHUNK));
  return parser.end();
}

/** V8's collector, for heap figures that do not count garbage. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  return () => {
    gc();
    gc();
  };
}

function heapNow(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** The heap the result keeps, and the peak over the reading (sampled after each chunk). */
function memoryOf(body: Buffer, gc: () => void): { kept: number; peak: number } {
  gc();
  const before = heapNow();
  let peak = 0;
  const parser = new OpcodeTraceParser();
  for (let at = 0; at < body.length; at += CHUNK) {
    parser.write(body.subarray(at, at + CHUNK));
    peak = Math.max(peak, heapNow() - before);
  }
  const result = parser.end();
  peak = Math.max(peak, heapNow() - before);
  gc();
  const kept = heapNow() - before;
  if (result.trace.length !== ENTRIES) throw new Error('the bench trace was not read whole');
  return { kept, peak };
}

function timeRead(body: Buffer, runs: number): ReturnType<typeof stats> {
  for (let i = 0; i < 3; i++) read(body);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = cpuNow();
    read(body);
    samples.push(cpuNow() - t0);
  }
  return stats(samples);
}

export function run(): Promise<BenchRow[]> {
  const body = Buffer.from(makeOpcodesJson(ENTRIES));
  const check = read(body);
  if (check.trace.length !== ENTRIES || check.problems.length > 0)
    throw new Error(`the bench trace reads as ${check.trace.length} entries, problems: ${check.problems.join('; ')}`);
  const words = check.trace.stackWords.length;
  const timing = timeRead(body, 15);
  const gc = collector();
  const memory = memoryOf(body, gc);
  const quarter = Buffer.from(makeOpcodesJson(ENTRIES / 4));
  const small = Math.min(...Array.from({ length: 5 }, () => timeRead(quarter, 3).median));
  const large = Math.min(...Array.from({ length: 3 }, () => timeRead(body, 3).median));
  const mb = (n: number) => n / (1024 * 1024);
  return Promise.resolve([
    {
      name: `read + index a ${ENTRIES.toLocaleString('en')}-entry opcode trace with stack and storage, median (CPU)`,
      value: timing.median,
      unit: 'ms',
      goal: `≤ ${GOAL_MS}`,
      pass: timing.median <= GOAL_MS,
      note: `${timing.samples} reads in ${CHUNK / 1024} KB chunks of ${fmt(mb(body.length))} MB of JSON (${words.toLocaleString('en')} stack words, ${check.trace.words.size.toLocaleString('en')} distinct words, ${check.trace.storageKeys.length} storage changes): median ${fmt(timing.median)}, p90 ${fmt(timing.p90)} ms; ${fmt(mb(body.length) / (timing.median / 1000))} MB/s`,
    },
    {
      name: '  heap kept by the trace (typed arrays + word pool)',
      value: mb(memory.kept),
      unit: 'MB',
      note: `${fmt((memory.kept / body.length) * 100)}% of the JSON's ${fmt(mb(body.length))} MB`,
    },
    {
      name: '  heap peak while reading, above the start',
      value: mb(memory.peak),
      unit: 'MB',
      note: `${fmt(memory.peak / body.length)}× the JSON's size (the JSON itself not counted: it streams)`,
    },
    {
      name: 'opcode trace growth, 20,000 vs 5,000 entries (ratio; linear is 4)',
      value: large / small,
      unit: '×',
      goal: '≤ 8',
      pass: large / small <= 8,
      note: `fastest medians: ${fmt(small)} ms at 5,000, ${fmt(large)} ms at 20,000 (CPU)`,
    },
  ]);
}
