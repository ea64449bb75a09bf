// The typed arrays an opcode trace is read into, grown by doubling while the entries stream in and
// cut to their length when the trace is complete: one slot per entry, no object per entry or word.
import type { OpcodeTrace, WordPool } from './types';

type Grown = Uint32Array | Uint16Array | Float64Array;

function grow<A extends Grown>(array: A, needed: number): A {
  if (needed <= array.length) return array;
  const Kind = array.constructor as new (length: number) => A;
  const bigger = new Kind(Math.max(needed, array.length * 2));
  (bigger as Uint32Array).set(array);
  return bigger;
}

/** `array` cut to `length`: a copy when that frees more than an eighth of it, else a view. */
function fit<A extends Grown>(array: A, length: number): A {
  return (array.length - length > array.length / 8 ? array.slice(0, length) : array.subarray(0, length)) as A;
}

export class TraceBuilder {
  length = 0;
  private pc = new Uint32Array(1024);
  private op = new Uint16Array(1024);
  private gas = new Float64Array(1024);
  private gasCost = new Float64Array(1024);
  private depth = new Uint16Array(1024);
  private stackStart = new Uint32Array(1025);
  private stackWords = new Uint32Array(16384);
  private stackLength = 0;
  private storageStart = new Uint32Array(1025);
  private storageKeys = new Uint32Array(1024);
  private storageValues = new Uint32Array(1024);
  private storageLength = 0;
  private memoryStart: Uint32Array | undefined;
  private memoryWords: Uint32Array | undefined;
  private memoryLength = 0;

  constructor(memory: boolean) {
    if (memory) {
      this.memoryStart = new Uint32Array(1025);
      this.memoryWords = new Uint32Array(1024);
    }
  }

  /** Opens entry `length` with placeholder values (op `missingOp`, gas NaN); returns its index. */
  begin(missingOp: number): number {
    const i = this.length;
    if (i === this.pc.length) {
      this.pc = grow(this.pc, i + 1);
      this.op = grow(this.op, i + 1);
      this.gas = grow(this.gas, i + 1);
      this.gasCost = grow(this.gasCost, i + 1);
      this.depth = grow(this.depth, i + 1);
      this.stackStart = grow(this.stackStart, i + 2);
      this.storageStart = grow(this.storageStart, i + 2);
      if (this.memoryStart) this.memoryStart = grow(this.memoryStart, i + 2);
    }
    this.pc[i] = 0;
    this.op[i] = missingOp;
    this.gas[i] = NaN;
    this.gasCost[i] = NaN;
    this.depth[i] = 0;
    return i;
  }

  setPc(i: number, value: number): void {
    this.pc[i] = value;
  }
  setOp(i: number, value: number): void {
    this.op[i] = value;
  }
  setGas(i: number, value: number): void {
    this.gas[i] = value;
  }
  setGasCost(i: number, value: number): void {
    this.gasCost[i] = value;
  }
  setDepth(i: number, value: number): void {
    this.depth[i] = value;
  }
  depthOf(i: number): number {
    return this.depth[i];
  }

  pushStack(word: number): void {
    if (this.stackLength === this.stackWords.length) this.stackWords = grow(this.stackWords, this.stackLength + 1);
    this.stackWords[this.stackLength++] = word;
  }

  pushMemory(word: number): void {
    if (!this.memoryWords) return;
    if (this.memoryLength === this.memoryWords.length) this.memoryWords = grow(this.memoryWords, this.memoryLength + 1);
    this.memoryWords[this.memoryLength++] = word;
  }

  pushStorage(key: number, value: number): void {
    if (this.storageLength === this.storageKeys.length) {
      this.storageKeys = grow(this.storageKeys, this.storageLength + 1);
      this.storageValues = grow(this.storageValues, this.storageLength + 1);
    }
    this.storageKeys[this.storageLength] = key;
    this.storageValues[this.storageLength++] = value;
  }

  /** Closes the entry opened last. */
  end(): void {
    const next = ++this.length;
    this.stackStart[next] = this.stackLength;
    this.storageStart[next] = this.storageLength;
    if (this.memoryStart) this.memoryStart[next] = this.memoryLength;
  }

  finish(words: WordPool, opNames: readonly string[], reasons: ReadonlyMap<number, string>): OpcodeTrace {
    const n = this.length;
    const memory =
      this.memoryStart && this.memoryWords
        ? { memoryStart: fit(this.memoryStart, n + 1), memoryWords: fit(this.memoryWords, this.memoryLength) }
        : {};
    return {
      length: n,
      pc: fit(this.pc, n),
      op: fit(this.op, n),
      opNames,
      gas: fit(this.gas, n),
      gasCost: fit(this.gasCost, n),
      depth: fit(this.depth, n),
      stackStart: fit(this.stackStart, n + 1),
      stackWords: fit(this.stackWords, this.stackLength),
      storageStart: fit(this.storageStart, n + 1),
      storageKeys: fit(this.storageKeys, this.storageLength),
      storageValues: fit(this.storageValues, this.storageLength),
      ...memory,
      words,
      reasons,
    };
  }
}
