// The one least-recently-used map of the extension: bounded by entries and, for callers that give
// each entry a weight (the mirror's response bodies in bytes), by their total weight. A Map keeps
// insertion order, which is all an LRU needs: a hit is moved to the end, the first key is the least
// recently used. No time-to-live: a caller that needs freshness keeps it in the value. Pure.

interface Slot<V> {
  readonly value: V;
  readonly weight: number;
}

export class Lru<K, V> {
  private readonly map = new Map<K, Slot<V>>();
  private total = 0;

  /**
   * @param capacity the most entries kept.
   * @param maxWeight the most total weight kept (the sum of the weights given to `set`).
   */
  constructor(
    private readonly capacity: number,
    private readonly maxWeight: number = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The sum of the weights given to `set` of the entries held. */
  get weight(): number {
    return this.total;
  }

  /** The value, marked as the most recently used. */
  get(key: K): V | undefined {
    const slot = this.map.get(key);
    if (slot === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.value;
  }

  /** Whether the key is held (its recency unchanged). */
  has(key: K): boolean {
    return this.map.has(key);
  }

  /**
   * Stores the value as the most recently used; the least recently used go until both bounds hold.
   * A value heavier than the whole weight bound is not kept at all (and evicts nothing else).
   */
  set(key: K, value: V, weight = 0): void {
    this.delete(key);
    if (weight > this.maxWeight) return;
    this.map.set(key, { value, weight });
    this.total += weight;
    while (this.map.size > this.capacity || this.total > this.maxWeight) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
  }

  /** The values held, least recently used first (their recency unchanged). */
  values(): V[] {
    return [...this.map.values()].map(slot => slot.value);
  }

  delete(key: K): void {
    const slot = this.map.get(key);
    if (slot === undefined) return;
    this.map.delete(key);
    this.total -= slot.weight;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}
