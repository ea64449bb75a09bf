// The response cache's entries and their freshness: parsed responses keyed by URL, fresh for what the
// server granted (Cache-Control: max-age, less the Age a shared cache on the way already spent).
// The client holds them in util/lru's one LRU, bounded twice: by entries and by bytes (the size of
// each body as received), so a few huge pages cannot hold hundreds of MiB.

export interface CacheEntry<T> {
  readonly value: T;
  readonly fetchedAt: number;
  /** Epoch ms after which the entry is stale. */
  readonly expiresAt: number;
}

/** Default byte bound of a client's response cache: 32 MiB of bodies. */
export const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;

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
