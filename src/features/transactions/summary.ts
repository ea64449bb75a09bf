// What a transaction panel leads with, as HashScan does: from → to and the amount of the main
// transfer, read from the record's own transfer lists. The fees the network took (the node, the
// fee account 0.0.98, the staking reward accounts) are not a transfer to anyone: the fee has its
// own row. Pure (no vscode).
import { formatTinybarsAsHbar } from '../../ledger';
import type { Transaction } from '../../mirror';
import { approxUsd, plainText } from '../../present';
import { resultState } from '../../present/results';
import { nftLabel, tokenAmountText } from '../../present/tokens';
import type { DetailAction, DetailCell, DetailField } from '../../../webview/protocol';
import type { Money } from './money';

/** Accounts that are paid fees, not payments: the network's fee account and the staking reward accounts. */
const FEE_ACCOUNTS = new Set(['0.0.98', '0.0.800', '0.0.801']);

/** The most counterparties named in the summary; the rest are counted (the tables list them all). */
const MAX_NAMED = 3;

/** The main transfer of a transaction: who sent, who received, and what (ℏ, each token, the NFTs). */
export interface MainTransfer {
  /** The senders, the payer when no one else sent anything. */
  readonly from: readonly string[];
  /** The receivers other than the fee takers (a contract call's contract when nothing moved). */
  readonly to: readonly string[];
  /** `0.00000080 ℏ`, `1,500.25 USDC`, `Lens Cats #7`, one per kind of value moved. */
  readonly amounts: readonly string[];
  /** The ℏ moved to the receivers, in tinybars (for the note and the dollars). */
  readonly tinybars: bigint;
}

const CONTRACT_TYPES = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']);

export function mainTransfer(t: Transaction, payer: string | undefined, money?: Money): MainTransfer {
  const from: string[] = [];
  const to: string[] = [];
  const amounts: string[] = [];
  const add = (list: string[], id: string | null | undefined): void => {
    if (id && !list.includes(id)) list.push(id);
  };

  // ℏ: what reached someone other than the node and the fee accounts.
  const received = (t.transfers ?? []).filter(
    x => x.amount > 0n && !FEE_ACCOUNTS.has(x.account ?? '') && x.account !== t.node,
  );
  const tinybars = received.reduce((sum, x) => sum + x.amount, 0n);
  if (tinybars > 0n) {
    for (const x of t.transfers ?? [])
      if (x.amount < 0n && !feeOnly(t, x.account, x.amount, payer)) add(from, x.account);
    for (const x of received) add(to, x.account);
    amounts.push(formatTinybarsAsHbar(tinybars));
  }

  // Fungible tokens, token by token: the sum the receivers got.
  const tokenIds = [...new Set((t.token_transfers ?? []).map(x => x.token_id ?? ''))].filter(Boolean);
  for (const id of tokenIds) {
    const moves = (t.token_transfers ?? []).filter(x => x.token_id === id);
    const total = moves.filter(x => x.amount > 0n).reduce((sum, x) => sum + x.amount, 0n);
    if (total === 0n) continue; // a burn or a wipe: nothing reached anyone
    for (const x of moves) add(x.amount < 0n ? from : to, x.account);
    amounts.push(tokenAmount(id, total, money));
  }

  // NFTs: each serial from its sender to its receiver.
  const nfts = t.nft_transfers ?? [];
  for (const x of nfts) {
    add(from, x.sender_account_id);
    add(to, x.receiver_account_id);
  }
  if (nfts.length > 0) {
    const labels = nfts.map(x =>
      nftLabel(x.token_id ?? '', x.serial_number, x.token_id ? money?.token(x.token_id) : undefined),
    );
    amounts.push(labels.length <= MAX_NAMED ? labels.join(', ') : `${labels.length} NFTs`);
  }

  // A contract call that moved nothing still went to its contract.
  if (to.length === 0 && t.name && CONTRACT_TYPES.has(t.name) && t.entity_id) to.push(t.entity_id);
  if (from.length === 0 && payer) from.push(payer);
  return { from, to, amounts, tinybars };
}

/** The payer's debit that is only its fee is not a sending. */
function feeOnly(t: Transaction, account: string | null, amount: bigint, payer: string | undefined): boolean {
  return account === payer && t.charged_tx_fee !== undefined && -amount <= t.charged_tx_fee;
}

/** `1,500.25 USDC` once the token is known, else `1,200 of 0.0.90000 (smallest unit)`. */
function tokenAmount(tokenId: string, total: bigint, money: Money | undefined): string {
  const text = tokenAmountText(total, money?.token(tokenId));
  return text.inUnits ? text.text : `${text.raw} of ${plainText(tokenId, 40)} (smallest unit)`;
}

/**
 * The summary's `From → To` and `Amount` rows: the accounts as links that reveal them, the ℏ exact
 * with its tinybars (and dollars at the rate of the day) beside it. A failed transaction moved
 * nothing but its fee, and says so.
 */
export function transferFields(t: Transaction, main: MainTransfer, money?: Money): DetailField[] {
  const fields: DetailField[] = [];
  if (main.from.length > 0 || main.to.length > 0) fields.push(partiesField(main.from, main.to));
  if (main.amounts.length > 0) {
    const usd = main.tinybars > 0n ? approxUsd(main.tinybars, money?.rate(t.consensus_timestamp)) : undefined;
    const note = main.tinybars > 0n ? [`${main.tinybars} tinybars`, usd].filter(Boolean).join(' ') : undefined;
    fields.push({ label: 'Amount', value: main.amounts.join(' + '), place: 'summary', ...(note && { note }) });
  } else if (resultState(t.result) === 'failure') {
    fields.push({
      label: 'Amount',
      value: 'nothing moved',
      note: 'the transaction failed: only its fee was charged',
      place: 'summary',
    });
  }
  return fields;
}

function partiesField(from: readonly string[], to: readonly string[]): DetailField {
  const parts: DetailCell[] = [...accountParts(from)];
  if (to.length > 0) parts.push({ text: ' → ' }, ...accountParts(to));
  const value = parts.map(p => p.text).join('');
  return to.length > 0
    ? { label: 'From → To', value, parts, mono: true, place: 'summary' }
    : { label: 'From', value, parts, mono: true, place: 'summary' };
}

/** `0.0.9, 0.0.12 and 2 more`, each id a link revealing the account. */
function accountParts(ids: readonly string[]): DetailCell[] {
  const parts: DetailCell[] = [];
  ids.slice(0, MAX_NAMED).forEach((id, i) => {
    if (i > 0) parts.push({ text: ', ' });
    const action = revealAction(id);
    parts.push({ text: id, ...(action && { action }) });
  });
  if (ids.length > MAX_NAMED) parts.push({ text: ` and ${ids.length - MAX_NAMED} more` });
  return parts;
}

/** Reveals an account (or contract) in the Accounts view; only a `shard.realm.num` id can be asked. */
export function revealAction(id: string): DetailAction | undefined {
  return /^\d{1,10}\.\d{1,10}\.\d{1,10}$/.test(id) ? { type: 'revealAccount', id } : undefined;
}
