// When the ABI feature reads the artifact files again for a decode (the reader it sets with
// src/abi/report.ts's setIndexReader): where the extension host cannot watch them (watch.ts), once
// the last read is older than REREAD_AFTER_MS (a compile outside this window left no event).
// Pure: no vscode.

/** How old the last read of unwatched files may be before a decode reads them again. */
export const REREAD_AFTER_MS = 30_000;

/**
 * Whether unwatched files are read again before a decode: not while the first read is under way
 * (`lastReadAt` undefined: that read is waited for), and not within REREAD_AFTER_MS of the last.
 */
export function needsReread(unwatched: boolean, lastReadAt: number | undefined, now: number): boolean {
  return unwatched && lastReadAt !== undefined && now - lastReadAt >= REREAD_AFTER_MS;
}
