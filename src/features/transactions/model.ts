// Every transaction the lookup returned, sorted into groups and turned into text for the panel.
// Pure (no vscode): the grouping rules and the formatting are unit-tested.
import {
  base64ToHex,
  decodeBase64Text,
  formatEntityId,
  formatTinybarsAsHbar,
  formatTransactionIdAt,
  formatTransactionIdDash,
  parseTimestamp,
  parseTransactionId,
  compareTimestamps,
} from '../../ledger';
import type { Transaction } from '../../mirror';
import type { DetailButton, DetailCell, DetailField, DetailSection, DetailTable } from '../../../webview/protocol';
import { timeField, type FormatOptions } from '../common/detailPanel/format';
import { NONE, revealInvisibles, yesNo } from '../../present/text';
import { resultState, resultWord } from '../../present/results';
import { transactionTypeWords } from '../../present/transactionTypes';
import { rateText } from '../../present/amounts';
import { feeField, nftCell, tokenAmountCells, usdCell, type Money } from './money';
import { mainTransfer, revealAction, transferFields } from './summary';

export type TransactionRole = 'parent' | 'scheduled' | 'child' | 'duplicate';

export interface ClassifiedTransaction {
  readonly transaction: Transaction;
  readonly role: TransactionRole;
  /** The badge: "parent", "child, nonce 2", "scheduled", "duplicate". */
  readonly label: string;
}

export const GROUP_TITLES: Record<TransactionRole, string> = {
  parent: 'Parent (user-submitted)',
  scheduled: 'Scheduled',
  child: 'Children (node-generated and batch inner transactions)',
  duplicate: 'Duplicates',
};
const GROUP_ORDER: readonly TransactionRole[] = ['parent', 'scheduled', 'child', 'duplicate'];

/** The result the network gives a resubmission of a transaction id it already reached consensus on. */
const DUPLICATE_RESULT = 'DUPLICATE_TRANSACTION';

/**
 * Labels each transaction and returns them group by group (parent, scheduled, children,
 * duplicates), each group in consensus order. A duplicate is a later transaction with the same id,
 * nonce and scheduled flag as an earlier one, or one the network marked DUPLICATE_TRANSACTION.
 */
export function classifyTransactions(transactions: readonly Transaction[]): ClassifiedTransaction[] {
  const sorted = [...transactions].sort(byConsensus);
  const seen = new Set<string>();
  const classified = sorted.map((transaction): ClassifiedTransaction => {
    const nonce = transaction.nonce ?? 0n;
    const key = `${transaction.transaction_id ?? ''}|${nonce}|${transaction.scheduled === true}`;
    const repeated = seen.has(key);
    seen.add(key);
    if (repeated || transaction.result === DUPLICATE_RESULT) {
      return { transaction, role: 'duplicate', label: 'duplicate' };
    }
    if (transaction.scheduled === true) return { transaction, role: 'scheduled', label: 'scheduled' };
    if (nonce > 0n) return { transaction, role: 'child', label: `child, nonce ${nonce}` };
    if (transaction.parent_consensus_timestamp) return { transaction, role: 'child', label: 'child (inner, nonce 0)' };
    return { transaction, role: 'parent', label: 'parent' };
  });
  return GROUP_ORDER.flatMap(role => classified.filter(c => c.role === role));
}

function byConsensus(a: Transaction, b: Transaction): number {
  const ta = a.consensus_timestamp ? parseTimestamp(a.consensus_timestamp) : undefined;
  const tb = b.consensus_timestamp ? parseTimestamp(b.consensus_timestamp) : undefined;
  if (ta && tb) return compareTimestamps(ta, tb);
  return ta ? -1 : tb ? 1 : 0;
}

/** "1 transaction", "3 transactions share this id: 1 parent, 1 scheduled, 1 duplicate". */
export function summarize(classified: readonly ClassifiedTransaction[]): string {
  if (classified.length === 1) return '1 transaction';
  const counts = GROUP_ORDER.map(role => [role, classified.filter(c => c.role === role).length] as const)
    .filter(([, n]) => n > 0)
    .map(
      ([role, n]) =>
        `${n} ${role === 'child' ? (n === 1 ? 'child' : 'children') : role === 'duplicate' && n > 1 ? 'duplicates' : role}`,
    );
  return `${classified.length} transactions share this id: ${counts.join(', ')}`;
}

// ---- formatting ----

export type { FormatOptions } from '../common/detailPanel/format';

const CONTRACT_TYPES = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE', 'ETHEREUMTRANSACTION']);

/** One transaction as a panel section: every field, every table, its own buttons. */
export function transactionSection(
  c: ClassifiedTransaction,
  index: number,
  options: FormatOptions,
  money?: Money,
): DetailSection {
  const t = c.transaction;
  const id = t.transaction_id ? parseTransactionId(t.transaction_id) : undefined;
  const ids: TransactionIds = {
    id,
    dash: id ? formatTransactionIdDash(id) : t.transaction_id,
    at: id ? formatTransactionIdAt(id) : undefined,
  };
  return {
    id: `tx-${index}`,
    title: `${typeWords(t.name)} · ${resultTitle(t.result)}`,
    group: GROUP_TITLES[c.role],
    badge: c.label,
    fields: transactionFields(t, ids, options, money),
    // The transfer tables in units and dollars when `money` is at hand, raw otherwise; then the fees.
    tables: [...(money ? moneyTables(t, money) : transferTables(t)), ...feeTables(t)],
    buttons: transactionButtons(t, ids, options),
  };
}

/** `Crypto transfer`: the type in words (the wire name is beside it, and on hover). */
function typeWords(name: string | undefined): string {
  return name ? transactionTypeWords(name) : NONE;
}

function typeField(name: string | undefined): DetailField {
  if (!name) return { label: 'Type', value: NONE };
  return { label: 'Type', value: transactionTypeWords(name), note: text(name), title: text(name) };
}

/** `Success`, or the failure's own code (`INSUFFICIENT_PAYER_BALANCE`). */
function resultTitle(result: string | undefined): string {
  return resultState(result) === 'success' ? 'Success' : text(result);
}

/** A badge with an icon and a word; the full code in its tooltip, as its accessible name and, on failure, beside it. */
function resultField(result: string | undefined): DetailField {
  const state = resultState(result);
  if (!state) return { label: 'Result', value: NONE };
  const code = text(result);
  return {
    label: 'Result',
    value: resultWord(state),
    badge: state,
    title: code,
    ...(state === 'failure' && { note: code }),
  };
}

interface TransactionIds {
  readonly id: ReturnType<typeof parseTransactionId>;
  /** The mirror node (`-`) form, or the raw id when it does not parse. */
  readonly dash: string | undefined;
  /** The SDK (`@`) form. */
  readonly at: string | undefined;
}

function transactionFields(
  t: Transaction,
  { id, dash, at }: TransactionIds,
  options: FormatOptions,
  money: Money | undefined,
): DetailField[] {
  const payer = id ? formatEntityId(id.payer) : undefined;
  // The summary first: what a reader checks at a glance, as HashScan leads with it.
  const main = mainTransfer(t, payer, money);
  const summary: DetailField[] = [
    typeField(t.name),
    resultField(t.result),
    ...transferFields(t, main, money),
    feeField(t, money),
    timeField('Consensus timestamp', t.consensus_timestamp, options),
  ].map(f => ({ ...f, place: 'summary' as const }));
  // The payer is already the summary's only sender.
  const payerShown = main.from.length === 1 && main.from[0] === payer;

  const fields: DetailField[] = [
    dash ? { label: 'Transaction id', value: dash, mono: true, copy: dash } : { label: 'Transaction id', value: NONE },
  ];
  if (at) fields.push({ label: 'Transaction id (SDK form)', value: at, mono: true, copy: at });
  if (t.transaction_hash) {
    const hex = base64ToHex(t.transaction_hash);
    if (hex) fields.push({ label: 'Hash (hex)', value: `0x${hex}`, mono: true, copy: `0x${hex}` });
    fields.push(more({ label: 'Hash (base64)', value: t.transaction_hash, mono: true, copy: t.transaction_hash }));
  } else {
    fields.push({ label: 'Hash', value: NONE });
  }
  fields.push(accountField('Node', t.node));
  const payerField = accountField('Payer', payer);
  fields.push(payerShown ? more(payerField) : payerField);
  if (t.entity_id) fields.push({ label: 'Entity', value: t.entity_id, mono: true });
  const memo = memoField(t.memo_base64);
  fields.push(t.memo_base64 ? memo : more(memo));
  fields.push(nonceField(t.nonce));
  const parent = timeField('Parent consensus timestamp', t.parent_consensus_timestamp, options, 'none (not a child)');
  fields.push(t.parent_consensus_timestamp ? parent : more(parent));
  fields.push(more({ label: 'Scheduled', value: yesNo(t.scheduled) }, t.scheduled !== true));
  const highVolume = highVolumeField(t.high_volume, t.high_volume_pricing_multiplier);
  // Not applied at the base rate (×1.000), or not recorded: the usual case, nothing to read.
  const multiplier = t.high_volume_pricing_multiplier;
  const usual = multiplier === null || multiplier === undefined || multiplier === 0n || multiplier === 1000n;
  fields.push(more(highVolume, t.high_volume !== true && usual));
  fields.push(
    t.batch_key
      ? { label: 'Batch key', value: t.batch_key.key, note: t.batch_key._type, mono: true, copy: t.batch_key.key }
      : more({ label: 'Batch key', value: 'none' }),
  );
  fields.push(more(timeField('Valid start', t.valid_start_timestamp, options)));
  fields.push(
    more({
      label: 'Valid duration',
      value: t.valid_duration_seconds === undefined ? NONE : `${t.valid_duration_seconds} s`,
    }),
  );
  fields.push(more(maxFeeField(t.max_fee)));
  // A value that says nothing (missing) is noise too.
  return [...summary, ...fields.map(f => (f.value === NONE && !f.place ? more(f) : f))];
}

/** The field moved to the collapsed "More" group (when `noise`). */
function more(f: DetailField, noise = true): DetailField {
  return noise ? { ...f, place: 'more' } : f;
}

/** A user-submitted transaction's nonce 0 is the default (the badge says parent): a child's is news. */
function nonceField(nonce: bigint | undefined): DetailField {
  if (nonce === undefined) return more({ label: 'Nonce', value: NONE });
  const f: DetailField = {
    label: 'Nonce',
    value: nonce.toString(),
    note: nonce === 0n ? 'user-submitted' : 'generated by a node',
  };
  return more(f, nonce === 0n);
}

/** The ℏ, token and NFT transfer tables in raw units (no token metadata or rates at hand). */
function transferTables(t: Transaction): DetailTable[] {
  return [
    {
      title: 'Transfers',
      columns: ['Account', 'Amount', 'Approval'],
      rows: (t.transfers ?? []).map(x => [accountCell(x.account), hbarCell(x.amount), approvalCell(x.is_approval)]),
      empty: 'No ℏ transfers.',
    },
    {
      title: 'Token transfers',
      columns: ['Token', 'Account', 'Amount (smallest unit)', 'Approval'],
      rows: (t.token_transfers ?? []).map(x => [
        monoCell(x.token_id),
        accountCell(x.account),
        { text: x.amount.toString(), numeric: true },
        approvalCell(x.is_approval),
      ]),
      empty: 'No token transfers.',
    },
    {
      title: 'NFT transfers',
      columns: ['Token', 'Serial', 'Sender', 'Receiver', 'Approval'],
      rows: (t.nft_transfers ?? []).map(x => [
        monoCell(x.token_id),
        { text: x.serial_number.toString(), numeric: true },
        accountCell(x.sender_account_id),
        accountCell(x.receiver_account_id),
        approvalCell(x.is_approval),
      ]),
      empty: 'No NFT transfers.',
    },
  ];
}

/** Staking rewards and custom fees: the same with or without token metadata. */
function feeTables(t: Transaction): DetailTable[] {
  return [
    {
      title: 'Staking reward transfers',
      columns: ['Account', 'Reward'],
      rows: (t.staking_reward_transfers ?? []).map(x => [
        accountCell(typeof x.account === 'number' ? `0.0.${x.account}` : x.account),
        hbarCell(x.amount),
      ]),
      empty: 'No staking rewards paid.',
    },
    {
      title: 'Assessed custom fees',
      columns: ['Collector', 'Amount', 'Token', 'Effective payers'],
      rows: (t.assessed_custom_fees ?? []).map(x => [
        accountCell(x.collector_account_id),
        x.token_id ? { text: x.amount.toString(), numeric: true } : hbarCell(x.amount),
        { text: x.token_id ?? 'ℏ', mono: !!x.token_id },
        { text: (x.effective_payer_account_ids ?? []).join(', ') || NONE, mono: true },
      ]),
      empty: 'No custom fees assessed.',
    },
    {
      title: 'Max custom fees',
      columns: ['Account', 'Amount', 'Denominating token'],
      rows: (t.max_custom_fees ?? []).map(x => [
        accountCell(x.account_id),
        x.denominating_token_id ? { text: x.amount.toString(), numeric: true } : hbarCell(x.amount),
        { text: x.denominating_token_id ?? 'ℏ', mono: !!x.denominating_token_id },
      ]),
      empty: 'No max custom fees set.',
    },
  ];
}

/** The ℏ, token and NFT transfer tables with units, names and dollars (what `money` knows). */
function moneyTables(t: Transaction, money: Money): DetailTable[] {
  const known = money.rate(t.consensus_timestamp);
  // A rate that gives no value (hbar_equivalent 0) adds no column.
  const rate = known && rateText(known) !== undefined ? known : undefined;
  return [
    {
      title: 'Transfers',
      columns: ['Account', 'Amount', 'Approval', ...(rate ? ['≈ US$'] : [])],
      rows: (t.transfers ?? []).map(x => [
        accountCell(x.account),
        hbarCell(x.amount),
        approvalCell(x.is_approval),
        ...(rate ? [usdCell(x.amount, rate)] : []),
      ]),
      empty: 'No ℏ transfers.',
    },
    {
      title: 'Token transfers',
      columns: ['Token', 'Account', 'Amount', 'Raw amount', 'Approval'],
      rows: (t.token_transfers ?? []).map(x => [
        monoCell(x.token_id),
        accountCell(x.account),
        ...tokenAmountCells(x.token_id, x.amount, money),
        approvalCell(x.is_approval),
      ]),
      empty: 'No token transfers.',
    },
    {
      title: 'NFT transfers',
      columns: ['NFT', 'Token', 'Serial', 'Sender', 'Receiver', 'Approval'],
      rows: (t.nft_transfers ?? []).map(x => [
        nftCell(x.token_id, x.serial_number, money),
        monoCell(x.token_id),
        { text: x.serial_number.toString(), numeric: true },
        accountCell(x.sender_account_id),
        accountCell(x.receiver_account_id),
        approvalCell(x.is_approval),
      ]),
      empty: 'No NFT transfers.',
    },
  ];
}

// The ids are copied from their rows (one copy control beside each copyable value), not by buttons.
function transactionButtons(t: Transaction, { dash }: TransactionIds, options: FormatOptions): DetailButton[] {
  const buttons: DetailButton[] = [];
  if (dash && options.hashscan)
    buttons.push({ label: 'Open in HashScan', action: { type: 'openInHashScan', kind: 'transaction', id: dash } });
  if (t.name && CONTRACT_TYPES.has(t.name) && t.consensus_timestamp) {
    buttons.push({
      label: 'Open contract result',
      action: { type: 'openContractResults', timestamp: t.consensus_timestamp },
    });
  }
  return buttons;
}

/** The multiplier is scaled by 1000: 1500 → ×1.500. */
export function formatMultiplier(scaled: bigint): string {
  const whole = scaled / 1000n;
  const frac = (scaled % 1000n).toString().padStart(3, '0');
  return `×${whole}.${frac}`;
}

function highVolumeField(applied: boolean | undefined, multiplier: bigint | null | undefined): DetailField {
  const label = 'High-volume pricing';
  if (multiplier === null) {
    return { label, value: 'not recorded', note: 'the transaction predates high-volume pricing (multiplier is null)' };
  }
  if (multiplier === undefined)
    return { label, value: applied === undefined ? NONE : applied ? 'applied' : 'not applied' };
  if (multiplier === 0n) return { label, value: 'not applied', note: 'multiplier 0' };
  const state = applied === undefined ? '' : applied ? 'applied' : 'high-volume throttles not applied';
  return {
    label,
    value: formatMultiplier(multiplier),
    note: [state, `raw ${multiplier} / 1000`].filter(Boolean).join('; '),
  };
}

function maxFeeField(maxFee: string | undefined): DetailField {
  if (maxFee === undefined) return { label: 'Max fee', value: NONE };
  if (!/^\d{1,19}$/.test(maxFee)) return { label: 'Max fee', value: maxFee, note: 'as the server wrote it' };
  return { label: 'Max fee', value: formatTinybarsAsHbar(BigInt(maxFee)), note: `${maxFee} tinybars` };
}

function memoField(memo: string | null | undefined): DetailField {
  if (!memo) return { label: 'Memo', value: '(empty)' };
  return { label: 'Memo', value: revealInvisibles(decodeBase64Text(memo)), note: `base64 ${memo}` };
}

function accountField(label: string, id: string | null | undefined): DetailField {
  if (!id) return { label, value: NONE };
  const action = revealAction(id);
  return { label, value: id, mono: true, ...(action ? { action } : {}) };
}

function accountCell(id: string | null | undefined): DetailCell {
  if (!id) return { text: NONE };
  const action = revealAction(id);
  return { text: id, mono: true, ...(action ? { action } : {}) };
}

function hbarCell(tinybars: bigint): DetailCell {
  return { text: formatTinybarsAsHbar(tinybars), numeric: true };
}

function monoCell(value: string | null | undefined): DetailCell {
  return { text: value ?? NONE, mono: true };
}

function approvalCell(approval: boolean | undefined): DetailCell {
  return { text: yesNo(approval) };
}

function text(value: string | undefined): string {
  return value === undefined || value === '' ? NONE : revealInvisibles(value);
}
