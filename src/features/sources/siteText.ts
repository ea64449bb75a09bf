// The words of a revert site in the editor (pure: no vscode): the after-line decoration
// ("reverted on testnet · 0.0.1234@1700000000.000000001 · 3 min ago · InsufficientBalance(…)"), its
// hover (Markdown, every piece of network or workspace text escaped, one command link per
// transaction), and the messages the open command shows (made inert by notify, src/app/notifications.ts).
// The error, the source name and the transaction id are untrusted: the decoration is plain text,
// one line, bounded.
import type { SiteTarget } from '../../trace/marks';
import { plainText, relativeAge } from '../../present';
import { codeSpan, commandLink, escapeMarkdown } from '../common/markdown';

/** The command the hover's links run (the MarkdownString's allow-list). */
export const HOVER_COMMANDS: readonly string[] = ['ledgerLens.openTransaction'];

const SEP = ' · ';
/** An error this long or shorter is shown whole in the decoration; longer ones keep their name. */
const WHOLE_ERROR = 40;
/** The most marks one line's hover lists (the newest). */
const HOVER_MARKS = 5;

/**
 * The decoded error, short: `InsufficientBalance(…)` for a call with arguments that does not fit in
 * WHOLE_ERROR characters, else the error itself, cut at 80.
 */
export function shortError(error: string): string {
  const line = plainText(error, 500);
  if (line.length <= WHOLE_ERROR) return line;
  const call = /^([^()\s]{1,80})\(.+\)$/s.exec(line);
  return call ? `${call[1]}(…)` : plainText(line, 80);
}

/** One mark's words: `reverted on testnet · <transaction> · 3 min ago · InsufficientBalance(…)`. */
export function markText(mark: SiteTarget, now: number): string {
  const age = mark.at === undefined ? undefined : relativeAge(mark.at, now);
  const parts = [
    `${mark.oneOf ? 'one of the sites that can revert: ' : ''}reverted on ${plainText(mark.network, 40)}`,
    plainText(mark.transactionId, 80),
    ...(age === undefined ? [] : [age]),
    shortError(mark.error),
  ];
  return parts.join(SEP);
}

/** The decoration of a line with these marks (oldest first): the newest's words, and how many more. */
export function lineText(marks: readonly SiteTarget[], now: number): string {
  const newest = marks[marks.length - 1];
  if (newest === undefined) return '';
  const more = marks.length - 1;
  return `${markText(newest, now)}${more > 0 ? ` (+${more} more)` : ''}`;
}

/**
 * The hover of a line with these marks (oldest first): the newest first, each with its network,
 * transaction, age, statement kind, the full error as code and a link that opens the transaction.
 */
export function lineHover(marks: readonly SiteTarget[], now: number): string {
  const shown = marks.slice(-HOVER_MARKS).reverse();
  const blocks = shown.map(mark => {
    const age = mark.at === undefined ? undefined : relativeAge(mark.at, now);
    const where = mark.oneOf ? 'One of the sites that can revert' : 'Reverted here';
    const title = `**${where}** on ${escapeMarkdown(mark.network, 40)}${age === undefined ? '' : ` · ${age}`}`;
    const via = mark.site.via === undefined ? '' : ` (via ${escapeMarkdown(mark.site.via, 200)})`;
    const open = commandLink(
      'Open transaction',
      'ledgerLens.openTransaction',
      { kind: 'transaction', id: mark.transactionId, network: mark.network },
      'Show the transaction in a panel',
    );
    return [
      title,
      `${codeSpan(mark.error, 2000)}`,
      `Transaction ${codeSpan(mark.transactionId, 100)}${SEP}${escapeMarkdown(mark.contract.contractName, 200)}${via}`,
      open,
    ].join('\n\n');
  });
  const hidden = marks.length - shown.length;
  if (hidden > 0) blocks.push(`…and ${hidden} earlier ${hidden === 1 ? 'revert' : 'reverts'} on this line`);
  return blocks.join('\n\n---\n\n');
}

/** The message when the workspace file differs from the text the compiler compiled. */
export function changedMessage(sourceName: string): string {
  return `${sourceName} has changed since it was compiled: showing the compiled text`;
}

/** The message when the file changed since the compile and the output has no text to show instead. */
export function changedWithoutTextMessage(sourceName: string): string {
  return `${sourceName} has changed since it was compiled, and the compiler output does not carry the compiled text: the statement may have moved`;
}

/** The message when the source is not in the workspace and the compiled text is shown instead. */
export function notFoundMessage(sourceName: string): string {
  return `${sourceName} is not in the workspace: showing the compiled text`;
}

/** The message when whether the file changed cannot be told (no compiled text, no hash). */
export function unknownDriftMessage(sourceName: string): string {
  return `${sourceName}: the compiler output has neither its text nor its hash, so whether it has changed since it was compiled is not known`;
}

/** The message when the source can be shown neither from the workspace nor from the compiler output. */
export function unavailableMessage(sourceName: string): string {
  return `${sourceName} is not in the workspace, and the compiler output does not carry its text: the revert site cannot be shown`;
}

/** The message of a link whose key is unknown (never issued, or forgotten since). */
export const EXPIRED_MESSAGE =
  'This revert site link has expired: open the transaction again to get a fresh link to its revert site.';

/** Marks by their site's 0-based line (inside the document), each line's in the order given. */
export function groupByLine(marks: readonly SiteTarget[], lineCount: number): Map<number, SiteTarget[]> {
  const byLine = new Map<number, SiteTarget[]>();
  for (const mark of marks) {
    const line = mark.site.line - 1;
    if (!Number.isSafeInteger(line) || line < 0 || line >= lineCount) continue;
    byLine.set(line, [...(byLine.get(line) ?? []), mark]);
  }
  return byLine;
}
