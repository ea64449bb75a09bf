// A small LRU of parsed responses keyed by URL, with the freshness the server granted
// (cache-control: max-age). A Map keeps insertion order, which is all an LRU needs: a hit is
// moved to the end, the first key is the least recently used.

export interface CacheEntry<T> {
  readonly value: T;
  readonly fetchedAt: number;
  /** Epoch ms after which the entry is stale. */
  readonly expiresAt: number;
}

export class LruCache<T> {
  private readonly map = new Map<string, CacheEntry<T>>();
  constructor(private readonly capacity: number) {}

  get size(): number {
    return this.map.size;
  }

  /** The entry, fresh or stale, marked as recently used. */
  get(key: string): CacheEntry<T> | undefined {
    const entry = this.map.get(key);
    if (entry === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, entry);
    return entry;
  }

  set(key: string, entry: CacheEntry<T>): void {
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > this.capacity) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
  }

  delete(key: string): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * Seconds of freshness from a Cache-Control header: max-age, or 0 for no-store/no-cache/private
 * directives that forbid reuse, or when absent.
 */
export function maxAgeSeconds(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 0;
  let maxAge = 0;
  for (const part of value.split(',')) {
    const [rawName, rawArg] = part.split('=', 2);
    const name = rawName.trim().toLowerCase();
    if (name === 'no-store' || name === 'no-cache') return 0;
    if (name === 'max-age' && rawArg !== undefined) {
      const n = Number(rawArg.trim().replace(/^"|"$/g, ''));
      if (Number.isFinite(n) && n > 0) maxAge = n;
    }
  }
  return maxAge;
}
