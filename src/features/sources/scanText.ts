// The compiler-output scan's rules (pure: no vscode): what it writes to the log, which indexed files
// a deleted folder held, which created folders to look into, and which files changed between two
// looks. A workspace can have hundreds of files the index skips (every Foundry artifact compiled
// without `ast = true`): the log names the first ones and counts the rest.

/** The most skipped files named one by one in the log. */
export const NAMED_SKIPS = 20;

/** The log's lines for the skipped files: `Sources: skipped <file>: <reason>`, then how many more. */
export function skippedLines(skipped: readonly { readonly file: string; readonly reason: string }[]): string[] {
  const lines = skipped.slice(0, NAMED_SKIPS).map(s => `Sources: skipped ${s.file}: ${oneLine(s.reason)}`);
  const more = skipped.length - NAMED_SKIPS;
  if (more > 0) lines.push(`Sources: skipped ${more} more ${more === 1 ? 'file' : 'files'}`);
  return lines;
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
