// What in a line of terminal output is a ledger reference worth a link: transaction ids (both
// forms, and `0.0.x@sss` without nanoseconds, all read by the hover's finder), entity ids, EVM addresses, 48-byte transaction
// hashes and 32-byte EVM transaction hashes. Pure (no vscode): the TerminalLinkProvider wraps it.
//
// Two things are never links: references inside a URL (the terminal links the URL itself), and
// hex that may be a key. A DER-encoded ED25519 private key (`302e…`) is exactly 48 bytes, as long
// as a transaction hash, and a raw ECDSA key is 32 bytes like an EVM transaction hash; following
// such a link would send the key to a public mirror node. So a 48-byte value that is a DER SEQUENCE
// of its whole length is skipped, and so is any hash on a line that speaks of a key, secret or seed.
import {
  type EntityId,
  type TransactionId,
  findReferences,
  formatEntityId,
  formatTransactionIdAt,
  formatTransactionIdDash,
} from '../../ledger';
import { inBrowser } from '../../util/platform';

export type TerminalTarget =
  | { readonly kind: 'transaction'; readonly transactionId: TransactionId }
  | { readonly kind: 'entity'; readonly id: EntityId }
  | { readonly kind: 'evm'; readonly address: string; readonly longZero?: EntityId }
  /** A 48-byte transaction hash: `0x` + 96 lowercase hex digits. */
  | { readonly kind: 'transactionHash'; readonly hash: string }
  /** A 32-byte EVM transaction hash: `0x` + 64 lowercase hex digits. */
  | { readonly kind: 'ethereumHash'; readonly hash: string };

export interface TerminalLinkMatch {
  /** Offset in the line and length, as VS Code's TerminalLink wants them. */
  readonly startIndex: number;
  readonly length: number;
  readonly text: string;
  readonly target: TerminalTarget;
  readonly tooltip: string;
}

export interface TerminalLinkOptions {
  /** Accept any `shard.realm` (the hover's `anyShardRealm` setting); default only `0.0`. */
  readonly anyShardRealm?: boolean;
}

/** Terminal lines can be very long (a JSON body on one line); only this much of one is read. */
export const MAX_TERMINAL_LINE = 16 * 1024;
/** At most this many links in one line. */
const MAX_LINKS = 100;

// A URL: a scheme (`[a-z][a-z0-9+.-]*` at a word start), `://` and a run of what may follow. As
// one pattern tried at every word start, a line of `a.a.a…` scanned the rest of the run again at
// each `a` before failing on the missing `://`. So the pattern matches a whole run of scheme
// characters, only where one begins, and `urlSpans` finds where in it the scheme starts.
const URL = /(?<![a-z0-9+.-])[a-z0-9+.-]+:\/\/[^\s"'`<>]+/gi;
const HASH = /(?<![\w$])(?:0x)?([0-9a-fA-F]{96})(?![\w$])|(?<![\w$])0x([0-9a-fA-F]{64})(?![\w$])/g;
const SECRET_WORDS = /priv|secret|mnemonic|seed|passphrase|\bkey\b|_key\b|key[=:]/i;

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** A character `\w` matches: an ASCII letter or digit, or `_`. */
function isWordChar(code: number): boolean {
  return isLetter(code) || (code >= 48 && code <= 57) || code === 95;
}

/**
 * Where the scheme starts in a run of scheme characters from `from` to `end`: its first letter at
 * a word start (`\b`), as a pattern starting `\b[a-z]` would find it; -1 when there is none.
 */
function schemeStart(line: string, from: number, end: number): number {
  for (let i = from; i < end; i++) {
    if (isLetter(line.charCodeAt(i)) && (i === 0 || !isWordChar(line.charCodeAt(i - 1)))) return i;
  }
  return -1;
}

/** The spans `[start, end)` of the URLs in a line, in order and disjoint (exported for its tests). */
export function urlSpans(line: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  URL.lastIndex = 0;
  for (let m = URL.exec(line); m !== null; m = URL.exec(line)) {
    const schemeEnd = line.indexOf('://', m.index);
    const start = schemeStart(line, m.index, schemeEnd);
    if (start >= 0) out.push([start, m.index + m[0].length]);
    // With no scheme in the run, look again after it: what follows `://` may hold a URL of its own.
    else URL.lastIndex = schemeEnd + 1;
  }
  return out;
}

/**
 * Whether [start, end) overlaps a span. `spans` are in order and disjoint and the questions come
 * in increasing `start`, so the spans that end before it are passed once, for all of them.
 */
class SpanCursor {
  private next = 0;

  constructor(private readonly spans: ReadonlyArray<[number, number]>) {}

  overlaps(start: number, end: number): boolean {
    while (this.next < this.spans.length && this.spans[this.next][1] <= start) this.next++;
    return this.next < this.spans.length && this.spans[this.next][0] < end;
  }
}

/** True when 48 bytes of hex look like a DER SEQUENCE spanning all of them (a private key). */
function looksLikeDerKey(hex96: string): boolean {
  return hex96.slice(0, 4).toLowerCase() === '302e';
}

function tooltipOf(target: TerminalTarget): string {
  switch (target.kind) {
    case 'transaction':
      return `Ledger Lens: show transaction ${formatTransactionIdAt(target.transactionId)}`;
    case 'entity':
      return `Ledger Lens: show ${formatEntityId(target.id)}`;
    case 'evm':
      return `Ledger Lens: show ${target.address}`;
    case 'transactionHash':
      return 'Ledger Lens: show this transaction';
    case 'ethereumHash':
      return 'Ledger Lens: show this contract result';
  }
}

function hashes(line: string, out: TerminalLinkMatch[]): void {
  if (SECRET_WORDS.test(line)) return;
  HASH.lastIndex = 0;
  for (let m = HASH.exec(line); m !== null; m = HASH.exec(line)) {
    let target: TerminalTarget;
    if (m[1] !== undefined) {
      if (looksLikeDerKey(m[1])) continue;
      target = { kind: 'transactionHash', hash: `0x${m[1].toLowerCase()}` };
    } else {
      target = { kind: 'ethereumHash', hash: `0x${m[2].toLowerCase()}` };
    }
    out.push({ startIndex: m.index, length: m[0].length, text: m[0], target, tooltip: tooltipOf(target) });
  }
}

/** The links in one line of terminal output, in order, none overlapping and none inside a URL. */
export function findTerminalLinks(line: string, options: TerminalLinkOptions = {}): TerminalLinkMatch[] {
  const text = line.length > MAX_TERMINAL_LINE ? line.slice(0, MAX_TERMINAL_LINE) : line;
  const found: TerminalLinkMatch[] = [];
  for (const r of findReferences(text, { anyShardRealm: options.anyShardRealm === true }, MAX_LINKS)) {
    const target: TerminalTarget =
      r.kind === 'transaction'
        ? { kind: 'transaction', transactionId: r.transactionId }
        : r.kind === 'entity'
          ? { kind: 'entity', id: r.id }
          : r.longZero
            ? { kind: 'evm', address: r.address, longZero: r.longZero }
            : { kind: 'evm', address: r.address };
    found.push({ startIndex: r.start, length: r.end - r.start, text: r.text, target, tooltip: tooltipOf(target) });
  }
  hashes(text, found);
  const urls = new SpanCursor(urlSpans(text));
  found.sort((a, b) => a.startIndex - b.startIndex);
  const out: TerminalLinkMatch[] = [];
  let end = 0;
  for (const f of found) {
    if (f.startIndex < end || urls.overlaps(f.startIndex, f.startIndex + f.length)) continue;
    out.push(f);
    end = f.startIndex + f.length;
    if (out.length >= MAX_LINKS) break;
  }
  return out;
}

/** What a click on a link does: one of our commands and its argument. */
export type LinkAction =
  | { readonly command: 'ledgerLens.lookupTransaction'; readonly argument: string }
  | { readonly command: 'ledgerLens.showContractResults'; readonly argument: { kind: 'contract'; id: string } }
  | {
      readonly command: 'ledgerLens.revealAccount';
      readonly argument: { kind: 'account'; id: string; evmAddress?: string };
    };

/**
 * Decides what a link opens. An entity id or EVM address may be an account or a contract: the
 * mirror node is asked whether it is a contract (`/contracts/{id}`); a 404 means an account.
 */
export async function actionFor(
  match: TerminalLinkMatch,
  isContract: (idOrAddress: string) => Promise<boolean>,
): Promise<LinkAction | undefined> {
  const t = match.target;
  switch (t.kind) {
    case 'transaction':
      return { command: 'ledgerLens.lookupTransaction', argument: formatTransactionIdDash(t.transactionId) };
    case 'transactionHash':
      return { command: 'ledgerLens.lookupTransaction', argument: t.hash };
    case 'entity':
      return entityAction(formatEntityId(t.id), undefined, isContract);
    case 'evm': {
      const id = t.longZero ? formatEntityId(t.longZero) : t.address;
      return entityAction(id, t.address, isContract);
    }
    case 'ethereumHash':
      // No lookup by a 32-byte EVM hash yet; the provider does not offer these links.
      return undefined;
  }
}

async function entityAction(
  id: string,
  evmAddress: string | undefined,
  isContract: (idOrAddress: string) => Promise<boolean>,
): Promise<LinkAction> {
  if (await isContract(id)) return { command: 'ledgerLens.showContractResults', argument: { kind: 'contract', id } };
  return {
    command: 'ledgerLens.revealAccount',
    argument: evmAddress ? { kind: 'account', id, evmAddress } : { kind: 'account', id },
  };
}

/**
 * What the log says once when terminal links load in a browser: vscode.dev and github.dev have no
 * terminal (code-server has), so there the links have nothing to work on. Undefined in Node.
 */
export function terminalHostNote(): string | undefined {
  return inBrowser()
    ? 'terminal links work where the workbench has a terminal (not on vscode.dev/github.dev)'
    : undefined;
}
