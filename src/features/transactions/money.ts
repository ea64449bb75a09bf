// Money in human terms in the transaction panel: token transfers in their units with the symbol
// (raw amount beside), NFT transfers as `Token name #serial`, the fee and ℏ transfers with
// `≈ $…` at the rate in force at the transaction's consensus time (the rate and its period in the
// note). What is not known (metadata not in, no rate, `ledgerLens.fiat.enabled` off, a mirror node
// without the endpoint) is simply left out: the raw values stay. Pure (no vscode).
import { formatTinybarsAsHbar } from '../../ledger';
import type { RateInForce } from '../../mirror/rates';
import type { Transaction, TokenLookup } from '../../mirror';
import { approxUsd, consensusTime, rateText } from '../../present';
import { nftLabel, tokenAmountText } from '../../present/tokens';
import type { DetailCell, DetailField } from '../../../webview/protocol';

/** What the panel knows beyond the transaction (read synchronously; fetched before the view). */
export interface Money {
  /** The token's metadata if known (never a request). */
  token(tokenId: string): TokenLookup | undefined;
  /** The rate in force at a consensus time if known and dollars are on. */
  rate(consensusTimestamp: string | undefined): RateInForce | undefined;
}

/** The rate and the period it held for: `1 ℏ = $0.12, the rate until 2023-11-14 23:00:00 UTC`. */
export function rateNote(rate: RateInForce): string | undefined {
  const text = rateText(rate);
  if (text === undefined) return undefined;
  return `${text}, the rate in force at ${consensusTime(rate.at)} (until ${consensusTime(`${rate.expiresAt}.0`)})`;
}

/** The charged fee: `0.00084650 ℏ ≈ $0.000102`, the note giving tinybars and the rate. */
export function feeField(t: Transaction, money: Money | undefined): DetailField {
  const fee = t.charged_tx_fee;
  if (fee === undefined) return { label: 'Charged fee', value: '—' };
  const rate = money?.rate(t.consensus_timestamp);
  const usd = approxUsd(fee, rate);
  const note = [`${fee} tinybars`, ...(usd && rate ? [rateNote(rate) ?? ''] : [])].filter(Boolean).join(' · ');
  return { label: 'Charged fee', value: `${formatTinybarsAsHbar(fee)}${usd ? ` ${usd}` : ''}`, note };
}

/** The `≈ $…` cell of an ℏ transfer (empty when no rate). */
export function usdCell(tinybars: bigint, rate: RateInForce | undefined): DetailCell {
  return { text: approxUsd(tinybars, rate) ?? '', numeric: true };
}

/** A token transfer's amount: `-1,500.25 USDC` once known, else the raw integer. */
export function tokenAmountCells(tokenId: string | null, amount: bigint, money: Money): DetailCell[] {
  const t = tokenAmountText(amount, tokenId ? money.token(tokenId) : undefined, { signed: true });
  return [
    { text: t.inUnits ? t.text : t.raw, numeric: true },
    { text: t.raw, numeric: true, mono: true },
  ];
}

/** `Lens Cats #7` for an NFT transfer's first cell. */
export function nftCell(tokenId: string | null, serial: bigint, money: Money): DetailCell {
  return { text: nftLabel(tokenId ?? '', serial, tokenId ? money.token(tokenId) : undefined) };
}

/** The token ids and consensus times a response needs, for fetching before the view is built. */
export function moneyNeeds(transactions: readonly Transaction[]): { tokens: string[]; times: string[] } {
  const tokens = new Set<string>();
  const times = new Set<string>();
  for (const t of transactions) {
    for (const x of t.token_transfers ?? []) if (x.token_id) tokens.add(x.token_id);
    for (const x of t.nft_transfers ?? []) if (x.token_id) tokens.add(x.token_id);
    if (t.consensus_timestamp) times.add(t.consensus_timestamp);
  }
  // A batch can name many tokens: the panel asks the first ones, the rest stay raw.
  return { tokens: [...tokens].slice(0, 25), times: [...times].slice(0, 25) };
}
