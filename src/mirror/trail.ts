// The pages a next() walk went through, for the mirror client (client.ts) to stop a link that repeats.

/** A chain of URLs only (not bodies), so a long walk does not keep every earlier page alive. */
export interface Trail {
  readonly url: string;
  readonly previous: Trail | undefined;
}

/** True when `url` is already on the trail. */
export function repeats(trail: Trail, url: string): boolean {
  for (let t: Trail | undefined = trail; t; t = t.previous) if (t.url === url) return true;
  return false;
}
