// Reads the tokens of one OpcodesResponse (openapi.yml) into the trace store: the response's own
// members into the header, each entry of `opcodes` into one slot of the typed arrays, its stack,
// memory and storage words into the pool. Every value came from the network: a wrong value is a
// placeholder and a sentence in `problems`; only what is not an OpcodesResponse at all is thrown.
import { JsonScanner, OpcodeTraceError, type JsonHandler } from './scanner';
import { TraceBuilder } from './store';
import { StorageChanges } from './storage';
import { NO_WORD, WordStore } from './words';
import { OpNameTable } from './opTable';
import { ProblemList, describeWordProblem, notResponse } from './problems';
import type { OpcodeTraceHeader } from './types';

/** The EVM's stack limit: words past it in one entry are dropped (and said). */
export const MAX_STACK_WORDS = 1024;
/** The op name an entry without one (or that is not an object) gets. */
export const MISSING_OP_NAME = '(missing)';
const MAX_OP_NAME = 64;

const KEYS = (names: readonly string[]) => names.map(name => new TextEncoder().encode(name));
const ROOT_KEYS = KEYS(['opcodes', 'address', 'contract_id', 'failed', 'gas', 'return_value']);
const [R_OPCODES, R_ADDRESS, R_CONTRACT_ID, R_FAILED, R_GAS, R_RETURN_VALUE] = [0, 1, 2, 3, 4, 5];
const ENTRY_NAMES = ['pc', 'op', 'gas', 'gas_cost', 'depth', 'stack', 'memory', 'storage', 'reason'];
const ENTRY_KEYS = KEYS(ENTRY_NAMES);
const [E_PC, E_OP, E_GAS, E_GAS_COST, E_DEPTH, E_STACK, E_MEMORY, E_STORAGE, E_REASON] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const OTHER = -1;
const DUPLICATE = -2;
/** The members an entry must have: pc, op, gas, gas_cost, depth. */
const REQUIRED = 0b11111;
// What the container being read at level 4 is.
const NO_LIST = 0;
const STACK = 1;
const MEMORY = 2;
const STORAGE = 3;

/** Index in `keys` of the key in `buf[start, end)` as written (no escapes), or OTHER. */
function plainKey(keys: readonly Uint8Array[], buf: Uint8Array, start: number, end: number): number {
  const length = end - start;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    if (key.length !== length) continue;
    let same = true;
    for (let j = 0; j < length && same; j++) same = buf[start + j] === key[j];
    if (same) return k;
  }
  return OTHER;
}

/** Reads the tokens of one OpcodesResponse into a TraceBuilder. */
export class TraceReader implements JsonHandler {
  readonly scanner: JsonScanner;
  readonly words = new WordStore();
  readonly ops = new OpNameTable();
  readonly builder: TraceBuilder;
  readonly problems = new ProblemList();
  readonly reasons = new Map<number, string>();
  readonly header: { -readonly [K in keyof OpcodeTraceHeader]: OpcodeTraceHeader[K] } = {};
  sawOpcodes = false;
  private level = 0;
  /** Level of the container being skipped (-1: none). */
  private skipLevel = -1;
  private rootMember = OTHER;
  private rootSeen = 0;
  private inOpcodes = false;
  private entry = -1;
  private entryMember = OTHER;
  private entrySeen = 0;
  private list = NO_LIST;
  private item = 0;
  private storageKey = NO_WORD;
  private readonly storage = new StorageChanges();
  private readonly missingOp: number;

  constructor(
    private readonly maxEntries: number,
    private readonly memory: boolean,
  ) {
    this.scanner = new JsonScanner(this);
    this.builder = new TraceBuilder(memory);
    this.missingOp = this.ops.indexOf(MISSING_OP_NAME);
  }

  get ignoring(): boolean {
    return this.skipLevel >= 0;
  }

  private skip(): void {
    this.skipLevel = ++this.level;
  }

  open(array: boolean): void {
    if (this.skipLevel >= 0) {
      this.level++;
      return;
    }
    switch (this.level) {
      case 0:
        if (array) throw notResponse('the body is a list, not an object');
        this.level++;
        return;
      case 1:
        if (this.rootMember !== R_OPCODES) return this.rootValue(array ? 'a list' : 'an object');
        if (!array) throw notResponse('its opcodes member is an object, not a list');
        this.inOpcodes = true;
        this.sawOpcodes = true;
        this.level++;
        return;
      case 2:
        if (array) return this.notAnEntry('a list');
        this.beginEntry();
        this.level++;
        return;
      case 3:
        return this.entryContainer(array);
      default:
        this.listItem(array ? 'a list' : 'an object');
        this.skip();
    }
  }

  close(): void {
    if (this.skipLevel >= 0) {
      if (this.level === this.skipLevel) this.skipLevel = -1;
      this.level--;
      return;
    }
    this.level--;
    if (this.level === 3) this.list = NO_LIST;
    else if (this.level === 2) this.endEntry();
    else if (this.level === 1 && this.inOpcodes) this.inOpcodes = false;
  }

  key(buf: Uint8Array, start: number, end: number): boolean {
    if (this.skipLevel >= 0) return false;
    if (this.level === 4) {
      const key = this.words.internHex(buf, start, end);
      this.storageKey = key >= 0 ? key : NO_WORD;
      if (key < 0) this.entryProblem(`storage key ${this.item} ${describeWordProblem(key)}`);
      else this.notePadding();
      this.item++;
      return key >= 0;
    }
    const keys = this.level === 1 ? ROOT_KEYS : ENTRY_KEYS;
    let member = plainKey(keys, buf, start, end);
    if (member === OTHER && this.scanner.check(buf, start, end)) {
      const name = this.scanner.text(buf, start, end);
      member = keys.findIndex(k => new TextDecoder().decode(k) === name);
    }
    if (this.level === 1) {
      if (member >= 0 && this.rootSeen & (1 << member)) {
        this.problems.add(`the response's ${new TextDecoder().decode(keys[member])} appears twice: the first is kept`);
        member = DUPLICATE;
      } else if (member >= 0) this.rootSeen |= 1 << member;
      this.rootMember = member;
    } else {
      if (member >= 0 && this.entrySeen & (1 << member)) {
        this.entryProblem(`${ENTRY_NAMES[member]} appears twice: the first is kept`);
        member = DUPLICATE;
      } else if (member >= 0) this.entrySeen |= 1 << member;
      this.entryMember = member;
    }
    return true;
  }

  string(buf: Uint8Array, start: number, end: number): boolean {
    if (this.skipLevel >= 0) return false;
    switch (this.level) {
      case 0:
        throw notResponse('the body is a string, not an object');
      case 1:
        return this.rootString(buf, start, end);
      case 2:
        this.notAnEntry('a string');
        return false;
      case 3:
        return this.entryString(buf, start, end);
      default:
        return this.word(buf, start, end);
    }
  }

  number(value: number, exactInteger: boolean): void {
    if (this.skipLevel >= 0) return;
    if (this.level === 0) throw notResponse('the body is a number, not an object');
    if (this.level === 1) {
      if (this.rootMember === R_GAS) this.headerGas(value, exactInteger);
      else this.rootValue('a number');
    } else if (this.level === 2) this.notAnEntry('a number');
    else if (this.level === 3) this.entryNumber(value, exactInteger);
    else this.listItem('a number');
  }

  literal(value: boolean | null): void {
    if (this.skipLevel >= 0) return;
    const what = value === null ? 'null' : String(value);
    if (this.level === 0) throw notResponse(`the body is ${what}, not an object`);
    if (this.level === 1) {
      if (this.rootMember === R_FAILED && value !== null) this.header.failed = value;
      else if (value !== null || this.rootMember === R_FAILED || this.rootMember === R_GAS) this.rootValue(what);
      else if (this.rootMember === R_OPCODES) throw notResponse('its opcodes member is null');
    } else if (this.level === 2) this.notAnEntry(what);
    else if (this.level === 3) {
      const member = this.entryMember;
      const nullable = member === E_STACK || member === E_MEMORY || member === E_STORAGE || member === E_REASON;
      if (member >= 0 && !(value === null && nullable)) this.entryProblem(`${ENTRY_NAMES[member]} is ${what}`);
    } else this.listItem(what);
  }

  // ---- the response's own members ----

  private rootValue(what: string): void {
    const member = this.rootMember;
    if (member === R_OPCODES) throw notResponse(`its opcodes member is ${what}, not a list`);
    if (member >= 0) this.problems.add(`the response's ${new TextDecoder().decode(ROOT_KEYS[member])} is ${what}`);
    if (what === 'a list' || what === 'an object') this.skip();
  }

  private rootString(buf: Uint8Array, start: number, end: number): boolean {
    const member = this.rootMember;
    if (member === R_ADDRESS || member === R_CONTRACT_ID || member === R_RETURN_VALUE) {
      const text = this.scanner.text(buf, start, end);
      if (member === R_ADDRESS) this.header.address = text;
      else if (member === R_CONTRACT_ID) this.header.contractId = text;
      else this.header.returnValue = text;
      return true;
    }
    if (member !== OTHER && member !== DUPLICATE) this.rootValue('a string');
    return false;
  }

  private headerGas(value: number, exactInteger: boolean): void {
    const text = this.scanner.lastNumberIsInteger ? this.scanner.numberString() : undefined;
    if (exactInteger) this.header.gas = BigInt(value);
    else if (text !== undefined) this.header.gas = BigInt(text);
    else this.problems.add(`the response's gas is not a whole number (${value})`);
  }

  // ---- entries ----

  private beginEntry(): void {
    if (this.builder.length >= this.maxEntries)
      throw new OpcodeTraceError(`the trace has more than ${this.maxEntries} entries, more than is read`);
    this.entry = this.builder.begin(this.missingOp);
    this.entrySeen = 0;
    this.entryMember = OTHER;
  }

  private endEntry(): void {
    if ((this.entrySeen & REQUIRED) !== REQUIRED) {
      const missing = ENTRY_NAMES.slice(0, 5).filter((_, bit) => !(this.entrySeen & (1 << bit)));
      this.entryProblem(`no ${missing.join(', ')}`);
    }
    this.storage.commit(this.builder.depthOf(this.entry), this.builder);
    this.builder.end();
  }

  /** A member of `opcodes` that is not an object: a placeholder entry, said. */
  private notAnEntry(what: string): void {
    this.beginEntry();
    this.entrySeen = REQUIRED;
    this.entryProblem(`is ${what}, not an object`);
    this.builder.end();
    if (what === 'a list') this.skip();
  }

  private entryProblem(what: string): void {
    this.problems.add(`entry ${this.entry}: ${what}`);
  }

  private entryContainer(array: boolean): void {
    const member = this.entryMember;
    if (array && (member === E_STACK || (member === E_MEMORY && this.memory))) {
      this.list = member === E_STACK ? STACK : MEMORY;
    } else if (!array && member === E_STORAGE) {
      this.list = STORAGE;
    } else {
      if (member >= 0 && member !== E_MEMORY)
        this.entryProblem(`${ENTRY_NAMES[member]} is ${array ? 'a list' : 'an object'}`);
      return this.skip();
    }
    this.item = 0;
    this.level++;
  }

  private entryString(buf: Uint8Array, start: number, end: number): boolean {
    const member = this.entryMember;
    if (member === E_OP) {
      let name = this.scanner.text(buf, start, end);
      if (name.length > MAX_OP_NAME) {
        this.entryProblem(`op name of ${name.length} characters, cut to ${MAX_OP_NAME}`);
        name = `${name.slice(0, MAX_OP_NAME)}…`;
      }
      this.builder.setOp(this.entry, this.ops.indexOf(name));
      return true;
    }
    if (member === E_REASON) {
      this.reasons.set(this.entry, this.scanner.text(buf, start, end));
      return true;
    }
    if (member >= 0) this.entryProblem(`${ENTRY_NAMES[member]} is a string`);
    return false;
  }

  private entryNumber(value: number, exactInteger: boolean): void {
    const member = this.entryMember;
    const i = this.entry;
    if (member === E_PC) {
      if (exactInteger && value >= 0 && value <= 0xffffffff) this.builder.setPc(i, value);
      else this.entryProblem(`pc ${value} is not a whole number from 0 to 4294967295`);
    } else if (member === E_DEPTH) {
      if (exactInteger && value >= 0 && value <= 0xffff) this.builder.setDepth(i, value);
      else this.entryProblem(`depth ${value} is not a whole number from 0 to 65535`);
    } else if (member === E_GAS || member === E_GAS_COST) {
      let gas = value;
      if (!exactInteger) {
        if (!this.scanner.lastNumberIsInteger)
          return this.entryProblem(`${ENTRY_NAMES[member]} ${value} is not a whole number`);
        gas = value < 0 ? -Number.MAX_SAFE_INTEGER : Number.MAX_SAFE_INTEGER;
        this.problems.once(
          'clamped',
          `entry ${i}: ${ENTRY_NAMES[member]} beyond 2^53 is kept as ${gas} (and so in later entries)`,
        );
      }
      if (member === E_GAS) this.builder.setGas(i, gas);
      else this.builder.setGasCost(i, gas);
    } else if (member >= 0) this.entryProblem(`${ENTRY_NAMES[member]} is a number`);
  }

  // ---- stack, memory and storage ----

  /** A value that is not a string inside stack, memory or storage. */
  private listItem(what: string): void {
    if (this.list === STORAGE) {
      if (this.storageKey !== NO_WORD) this.entryProblem(`storage value ${this.item - 1} is ${what}`);
      return;
    }
    if (!this.stackFull()) this.wordAt(NO_WORD, `is ${what}, not a string`);
  }

  private word(buf: Uint8Array, start: number, end: number): boolean {
    if (this.list === STORAGE) {
      if (this.storageKey === NO_WORD) return false;
      const value = this.words.internHex(buf, start, end);
      if (value < 0) this.entryProblem(`storage value ${this.item - 1} ${describeWordProblem(value)}`);
      else {
        this.notePadding();
        this.storage.add(this.storageKey, value);
      }
      return value >= 0;
    }
    if (this.stackFull()) return false;
    const index = this.words.internHex(buf, start, end);
    if (index >= 0) this.notePadding();
    this.wordAt(index >= 0 ? index : NO_WORD, describeWordProblem(index));
    return index >= 0;
  }

  /** True, said once for the entry, when its stack already holds MAX_STACK_WORDS words (the EVM's limit). */
  private stackFull(): boolean {
    if (this.list !== STACK || this.item < MAX_STACK_WORDS) return false;
    if (this.item === MAX_STACK_WORDS)
      this.entryProblem(`the stack has more than ${MAX_STACK_WORDS} words: the rest are dropped`);
    this.item++;
    return true;
  }

  private wordAt(index: number, problem: string): void {
    if (index === NO_WORD)
      this.entryProblem(`${this.list === STACK ? 'stack word' : 'memory row'} ${this.item} ${problem}`);
    if (this.list === STACK) this.builder.pushStack(index);
    else this.builder.pushMemory(index);
    this.item++;
  }

  private notePadding(): void {
    if (this.words.lastPadded) this.problems.count('padded', this.entry);
  }
}
