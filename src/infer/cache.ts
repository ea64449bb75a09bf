// A small cache keyed by a document (or file) and its version: the evidence of a document is worked
// out once per edit, however many hovers, status updates and panels ask. Least recently used
// entries go first once `capacity` is reached (util/lru).
import { Lru } from '../util/lru';

export class VersionedCache<V> {
  private readonly entries: Lru<string, { readonly version: string | number; readonly value: V }>;

  constructor(capacity = 64) {
    this.entries = new Lru(capacity);
  }

  /** The value for `key` at `version`, computed by `compute` when missing or stale. */
  get(key: string, version: string | number, compute: () => V): V {
    const hit = this.entries.get(key); // a hit, even a stale one, is now the most recent
    if (hit !== undefined && hit.version === version) return hit.value;
    const value = compute();
    this.entries.set(key, { version, value });
    return value;
  }

  /** Forgets one key (a closed document, a deleted file). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
