// What the panels hand the editor about revert sites: keys for the site links a panel shows (a page
// sends a key back, never a path), and the marks the editor decorates ("reverted on testnet · … ·
// InsufficientBalance(…)" on the line). Pure: the sources feature (src/features/sources) draws them.
import type { CompiledContractRef, RevertSite } from '../source/types';
import { Lru } from '../util/lru';
import { normalizeTransactionKey } from './store';

/** A revert site as a panel found it: where, in which compiled contract, for which transaction. */
export interface SiteTarget {
  readonly site: RevertSite;
  readonly contract: CompiledContractRef;
  /** Inferred and one of several (the link and the decoration say "one of"). */
  readonly oneOf: boolean;
  readonly network: string;
  /** As users write it: `0.0.1234@1700000000.000000001`. */
  readonly transactionId: string;
  /** Consensus time, epoch ms, when known. */
  readonly at?: number;
  /** The decoded error on one line, as the panel shows it. */
  readonly error: string;
}

/** How many site keys are remembered (the panels' links); the oldest are forgotten first. */
const KEPT_SITES = 2000;

/** Issues the keys the site links carry; the same target gets the same key. */
export class SiteRegistry {
  private readonly byKey = new Lru<string, SiteTarget>(KEPT_SITES);
  private readonly keyOf = new Map<string, string>();
  private next = 0;

  issue(target: SiteTarget): string {
    const identity = siteIdentity(target);
    const known = this.keyOf.get(identity);
    if (known !== undefined && this.byKey.get(known) !== undefined) return known;
    const key = `s${(this.next++).toString(36)}`;
    this.byKey.set(key, target);
    this.keyOf.set(identity, key);
    if (this.keyOf.size > KEPT_SITES * 2) this.prune();
    return key;
  }

  get(key: string): SiteTarget | undefined {
    return this.byKey.get(key);
  }

  private prune(): void {
    for (const [identity, key] of this.keyOf) if (!this.byKey.has(key)) this.keyOf.delete(identity);
  }
}

function siteIdentity(t: SiteTarget): string {
  return [t.network, t.transactionId, t.contract.key, t.site.sourceName, t.site.start, t.site.length].join('|');
}

/** How many marks are kept: the latest per line wins, the oldest lines go first. */
const KEPT_MARKS = 200;

/** The revert marks the editor shows, newest last; listeners hear every change. */
export class RevertMarks {
  private readonly marks = new Lru<string, SiteTarget>(KEPT_MARKS);
  private readonly listeners = new Set<() => void>();

  /** Adds (or refreshes) the mark of a site; one mark per site and transaction. */
  add(target: SiteTarget): void {
    const identity = siteIdentity(target);
    if (this.marks.has(identity)) return;
    this.marks.set(identity, target);
    for (const listener of [...this.listeners]) listener();
  }

  /** Every mark, oldest first. */
  all(): SiteTarget[] {
    return this.marks.values();
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** How many transactions' exact sites are kept. */
const KEPT_EXACT = 200;

/**
 * The revert sites a debugger session found exactly (the reverting frame's last statement, through
 * the source map), by transaction and action index: where one is known it replaces the inferred
 * sites in the panels and the marks.
 */
export class ExactSites {
  private readonly byTransaction = new Lru<string, Map<number, RevertSite>>(KEPT_EXACT);
  private readonly listeners = new Set<() => void>();

  set(network: string, idOrHash: string, actionIndex: number, site: RevertSite): void {
    const key = `${network}|${normalizeTransactionKey(idOrHash)}`;
    let sites = this.byTransaction.get(key);
    if (!sites) this.byTransaction.set(key, (sites = new Map<number, RevertSite>()));
    sites.set(actionIndex, site);
    for (const listener of [...this.listeners]) listener();
  }

  get(network: string, idOrHash: string, actionIndex: number): RevertSite | undefined {
    return this.byTransaction.get(`${network}|${normalizeTransactionKey(idOrHash)}`)?.get(actionIndex);
  }

  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
