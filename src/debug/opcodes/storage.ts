// Storage in a trace: the server lists the contract's whole written storage on every entry; the
// store keeps, per entry, only what changed since the entry before it at the same depth in the
// same frame (a frame's first entry, deeper than the one before it, starts from nothing), and a key
// no longer listed as NO_WORD. `storageAt` rebuilds an entry's storage by the same rule.
import type { TraceBuilder } from './store';
import type { OpcodeTrace } from './types';
import { NO_WORD } from './words';

/** The storage pairs of the entry being read, turned into changes when it ends. */
export class StorageChanges {
  private keys = new Uint32Array(64);
  private values = new Uint32Array(64);
  private count = 0;
  private readonly byDepth = new Map<number, Map<number, number>>();
  private lastDepth = -1;

  /** A pair of the entry being read. */
  add(key: number, value: number): void {
    if (this.count === this.keys.length) {
      const keys = new Uint32Array(this.count * 2);
      const values = new Uint32Array(this.count * 2);
      keys.set(this.keys);
      values.set(this.values);
      this.keys = keys;
      this.values = values;
    }
    this.keys[this.count] = key;
    this.values[this.count++] = value;
  }

  /** The entry (at `depth`) ended: its changes go to `builder`, and the next entry starts empty. */
  commit(depth: number, builder: TraceBuilder): void {
    const { keys, values } = this;
    const count = this.count;
    this.count = 0;
    const newFrame = depth > this.lastDepth;
    this.lastDepth = depth;
    let before = newFrame ? undefined : this.byDepth.get(depth);
    if (before === undefined) {
      if (count === 0 && !newFrame) return;
      before = new Map();
      this.byDepth.set(depth, before);
    }
    for (let j = 0; j < count; j++) {
      const key = keys[j];
      const value = values[j];
      if (before.get(key) !== value) {
        before.set(key, value);
        builder.pushStorage(key, value);
      }
    }
    // Every key listed is in `before` now: as many keys means none was dropped (the usual case).
    if (before.size === count) return;
    const listed = new Set(keys.subarray(0, count));
    for (const key of before.keys()) {
      if (listed.has(key)) continue;
      before.delete(key);
      builder.pushStorage(key, NO_WORD);
    }
  }
}

/** Entry `entry`'s storage as the server listed it (key → value, 64 hex each), rebuilt from the changes. */
export function storageAt(trace: OpcodeTrace, entry: number): Map<string, string> {
  if (!Number.isInteger(entry) || entry < 0 || entry >= trace.length) return new Map();
  // The frame's first entry: walk back while the entry before is as deep or deeper.
  const depth = trace.depth[entry];
  let first = entry;
  while (first > 0 && trace.depth[first - 1] >= depth) first--;
  const slots = new Map<number, number>();
  for (let i = first; i <= entry; i++) {
    if (trace.depth[i] !== depth) continue;
    for (let k = trace.storageStart[i]; k < trace.storageStart[i + 1]; k++) {
      if (trace.storageValues[k] === NO_WORD) slots.delete(trace.storageKeys[k]);
      else slots.set(trace.storageKeys[k], trace.storageValues[k]);
    }
  }
  const out = new Map<string, string>();
  for (const [key, value] of slots) out.set(trace.words.word(key) ?? '?', trace.words.word(value) ?? '?');
  return out;
}
