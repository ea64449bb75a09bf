// A small LRU of parsed responses keyed by URL, with the freshness the server granted
// (Cache-Control: max-age, less the Age a shared cache on the way already spent). Bounded twice:
// by entries and by bytes (the size of each body as received), so a few huge pages cannot hold
// hundreds of MiB. A Map keeps insertion order, which is all an LRU needs: a hit is moved to the
// end, the first key is the least recently used.

export interface CacheEntry<T> {
  readonly value: T;
  readonly fetchedAt: number;
  /** Epoch ms after which the entry is stale. */
  readonly expiresAt: number;
}

interface Slot<T> {
  readonly entry: CacheEntry<T>;
  readonly bytes: number;
}

/** Default byte bound of a client's response cache: 32 MiB of bodies. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

export class LruCache<T> {
  private readonly map = new Map<string, Slot<T>>();
  private total = 0;
  constructor(
    private readonly capacity: number,
    private readonly maxBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The sum of the sizes given to `set` of the entries held. */
  get bytes(): number {
    return this.total;
  }

  /** The entry, fresh or stale, marked as recently used. */
  get(key: string): CacheEntry<T> | undefined {
    const slot = this.map.get(key);
    if (slot === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, slot);
    return slot.entry;
  }

  /**
   * Stores the entry as most recently used, `bytes` its size; the least recently used go until
   * both bounds hold. An entry larger than the whole byte bound is not kept at all.
   */
  set(key: string, entry: CacheEntry<T>, bytes = 0): void {
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.map.set(key, { entry, bytes });
    this.total += bytes;
    while (this.map.size > this.capacity || this.total > this.maxBytes) {
      const oldest = this.map.keys().next().value as string;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const slot = this.map.get(key);
    if (slot === undefined) return;
    this.map.delete(key);
    this.total -= slot.bytes;
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }
}

/**
 * Seconds of freshness from a Cache-Control header: max-age, or 0 when no-store or no-cache forbid
 * reuse, or when there is none. (`private` allows it: this is a private cache.)
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

/** The `Age` header in seconds (how long a shared cache held the answer); 0 when absent or unreadable. */
export function ageSeconds(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\s*\d{1,10}\s*$/.test(value)) return 0;
  return Number(value);
}

/** Seconds the answer stays fresh here: max-age less Age, never below 0 (RFC 9111 §4.2.3). */
export function freshnessSeconds(headers: Readonly<Record<string, string | string[] | undefined>>): number {
  return Math.max(0, maxAgeSeconds(headers['cache-control']) - ageSeconds(headers['age']));
}
