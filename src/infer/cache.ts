// A small cache keyed by a document (or file) and its version: the evidence of a document is worked
// out once per edit, however many hovers, status updates and panels ask. Least recently used
// entries go first once `capacity` is reached.

export class VersionedCache<V> {
  private readonly entries = new Map<string, { readonly version: string | number; readonly value: V }>();

  constructor(private readonly capacity = 64) {}

  /** The value for `key` at `version`, computed by `compute` when missing or stale. */
  get(key: string, version: string | number, compute: () => V): V {
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.version === version) {
      // Refresh its place in the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
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
