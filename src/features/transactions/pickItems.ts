// What "Lookup transaction"'s quick pick lists, as plain data: what is typed (first, when there is
// something typed: to look up, or what is wrong with it), the ids on screen (the one at the cursor
// first), then the recent lookups with their network. pick.ts draws it. Pure (no vscode).
import { formatTransactionIdAt, type Network } from '../../ledger';
import { consensusTime, relativeAge, plainText } from '../../present';
import { LOOKUP_PROMPT, parseTransactionLookup, queryToText, type TransactionQuery } from '../common/transactionInput';
import type { RecentLookup } from './recent';

/** The most ids on screen listed. */
export const MAX_ON_SCREEN = 20;

/** What accepting an item looks up: the text, and the network when the item names one (a recent lookup). */
export interface PickedLookup {
  readonly text: string;
  readonly network?: Network;
}

export type PickEntry =
  | { readonly kind: 'separator'; readonly label: string }
  | {
      readonly kind: 'typed' | 'screen' | 'recent';
      readonly label: string;
      readonly description: string;
      readonly detail: string;
      readonly pick: PickedLookup;
    }
  /** What is typed does not parse: the item says which part is wrong; accepting it does nothing. */
  | { readonly kind: 'invalid'; readonly label: string; readonly description: string; readonly detail: string };

export interface PickModel {
  readonly entries: readonly PickEntry[];
  /** Shown under the input: the forms accepted, or what is wrong with what is typed and the forms. */
  readonly prompt: string;
}

export interface PickSources {
  /** Ids found on screen, the one at the cursor or selection first (input texts, deduplicated here). */
  readonly onScreen: readonly string[];
  readonly recent: readonly RecentLookup[];
  readonly now: number;
}

/** The quick pick's items and prompt for the value typed so far. */
export function pickModel(value: string, sources: PickSources): PickModel {
  const typed = value.trim();
  const entries: PickEntry[] = [];
  let prompt = LOOKUP_PROMPT;
  if (typed !== '') {
    const parsed = parseTransactionLookup(typed);
    if (parsed.ok) {
      entries.push({
        kind: 'typed',
        label: plainText(typed, 300),
        description: 'look up',
        detail: queryDetail(parsed.query),
        pick: { text: typed },
      });
    } else {
      entries.push({
        kind: 'invalid',
        label: plainText(typed, 300),
        description: 'not valid',
        detail: parsed.problem,
      });
      prompt = parsed.message;
    }
  }
  const screen = distinct(sources.onScreen).slice(0, MAX_ON_SCREEN);
  if (screen.length > 0) entries.push({ kind: 'separator', label: 'On screen' });
  for (const { text, query } of screen) {
    entries.push({
      kind: 'screen',
      label: queryLabel(query),
      description: 'on screen',
      detail: queryDetail(query),
      pick: { text },
    });
  }
  if (sources.recent.length > 0) entries.push({ kind: 'separator', label: 'Recent' });
  for (const r of sources.recent) {
    const parsed = parseTransactionLookup(r.input);
    if (!parsed.ok) continue;
    const age = relativeAge(r.at, sources.now);
    entries.push({
      kind: 'recent',
      label: queryLabel(parsed.query),
      description: age === undefined ? r.network : `${r.network} · ${age}`,
      detail: queryDetail(parsed.query),
      pick: { text: r.input, network: r.network },
    });
  }
  return { entries, prompt };
}

/** An item's label: the SDK form of an id (what scripts print), the hash in full, then any filters. */
export function queryLabel(query: TransactionQuery): string {
  const parts = [query.transactionId ? formatTransactionIdAt(query.transactionId) : query.idOrHash];
  if (query.nonce !== undefined) parts.push(`nonce=${query.nonce}`);
  if (query.scheduled !== undefined) parts.push(`scheduled=${query.scheduled}`);
  return parts.join(' ');
}

/** What the query means, in words: whose transaction and when it was started, or that it is a hash. */
export function queryDetail(query: TransactionQuery): string {
  const id = query.transactionId;
  const words = id
    ? [`Payer ${id.payer.shard}.${id.payer.realm}.${id.payer.num}`, `valid start ${consensusTime(id)}`]
    : ['Transaction hash (48 bytes)'];
  if (query.nonce !== undefined)
    words.push(query.nonce === 0 ? 'user-submitted (nonce 0)' : `child, nonce ${query.nonce}`);
  if (query.scheduled !== undefined) words.push(query.scheduled ? 'scheduled' : 'not scheduled');
  if (query.linkNetwork !== undefined) words.push(`HashScan link to ${query.linkNetwork}`);
  return words.join(' · ');
}

/** The texts that parse, once per query (`0.0.1@2.3` and `0.0.1-2-3` are one), in their order. */
function distinct(texts: readonly string[]): Array<{ text: string; query: TransactionQuery }> {
  const seen = new Set<string>();
  const out: Array<{ text: string; query: TransactionQuery }> = [];
  for (const text of texts) {
    const parsed = parseTransactionLookup(text);
    if (!parsed.ok) continue;
    const key = queryToText(parsed.query);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text, query: parsed.query });
  }
  return out;
}
