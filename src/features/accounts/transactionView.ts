// What the Accounts view says about one transaction: its row (the type in words, the result as an
// icon and a word, the net ℏ change and the age), its tooltip, and the rows it expands to. Types
// and results read as in the transaction panel (present/transactionTypes, present/results); the
// wire name and the full result code stay in the tooltip, the accessible name and on copy.
// Pure (no vscode).
import { base64ToHex, formatGrouped, formatTinybarsAsHbar } from '../../ledger';
import type { TokenLookup, Transaction } from '../../mirror';
import type { RateInForce } from '../../mirror/rates';
import {
  NONE,
  approxUsd,
  consensusTime,
  epochMs,
  plainText as plain,
  relativeAge,
  shortTime,
  signedHbar,
  yesNo,
} from '../../present';
import { shortHex } from '../../present/hex';
import { resultState, resultWord, type ResultState } from '../../present/results';
import { transactionTypeWords } from '../../present/transactionTypes';
import { nftLabel, tokenAmountText } from '../../present/tokens';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import { decodeMemo, entityRow, netHbarChange, row, shortTimeRow, usdAtRate, type Row } from './model';

export interface TransactionView {
  /** The type in words: `Crypto transfer`. */
  readonly label: string;
  /** `5m · -0.000847 ℏ`, led by `Failed` when it failed. */
  readonly description: string;
  /** The codicon of the result: `pass`, `error`, or `circle-outline` when there is none. */
  readonly icon: string;
  /** What a screen reader says: type, result with its code, change and age. */
  readonly accessibilityLabel: string;
  /** The `-` form, what the transaction commands take. */
  readonly transactionId: string | undefined;
  readonly failed: boolean;
}

/** `Crypto transfer` (the wire name a newer server sends and we do not know still reads). */
export function typeText(name: string | undefined): string {
  return name ? plain(transactionTypeWords(name), 60) : 'Unknown type';
}

/** `Success`, `Failed (INSUFFICIENT_PAYER_BALANCE)`, or `No result` when the server sent none. */
export function resultText(result: string | undefined): string {
  const state = resultState(result);
  if (!state) return 'No result';
  return state === 'success' ? resultWord(state) : `${resultWord(state)} (${plain(result ?? '', 60)})`;
}

/** The codicon that shows a result by its shape (a tick, a cross), never by its colour alone. */
export function resultIcon(state: ResultState | undefined): string {
  return state === 'success' ? 'pass' : state === 'failure' ? 'error' : 'circle-outline';
}

/**
 * A transaction row: `Crypto transfer`, described by `5m · -0.000847 ℏ` (`Failed · …` when it
 * failed; the age alone when the account's ℏ did not change), with the result's icon. The rows sit
 * three levels deep, so at the sidebar's default width (~300 px) what follows a long type name has
 * about 75 px: the age in its compact form ({@link compactAge}) leads and the change is cut short
 * ({@link shortHbar}); the whole age and the exact change are in the accessible name and the
 * tooltip. `now` in ms since the epoch.
 */
export function transactionView(tx: Transaction, accountId: string | undefined, now = Date.now()): TransactionView {
  const state = resultState(tx.result);
  const net = accountId ? netHbarChange(tx, accountId) : undefined;
  const change = net === undefined ? 'no ℏ change' : signedHbar(net);
  const age = ageText(tx.consensus_timestamp, now);
  const label = typeText(tx.name);
  const shown = net === undefined ? [] : [shortHbar(net)];
  return {
    label,
    description: [...(state === 'failure' ? ['Failed'] : []), compactAge(age), ...shown].join(' · '),
    icon: resultIcon(state),
    accessibilityLabel: `${label}, ${resultText(tx.result)}, ${change}, ${age}`,
    transactionId: tx.transaction_id,
    failed: state === 'failure',
  };
}

/** `-0.00084650 ℏ` as `-0.0008465 ℏ`, `+1.50000000 ℏ` as `+1.5 ℏ`, `0.00000000 ℏ` as `0 ℏ`: the same value, shorter. */
export function compactHbar(text: string): string {
  return text.replace(/\.(\d*?)0+(?= )/, (_, kept: string) => (kept ? `.${kept}` : ''));
}

const TINYBARS_PER_HBAR = 100_000_000n;

/** Below this many tinybars a change is written in tinybars, as the Hedera SDKs' `Hbar.toString()` does. */
const TINYBAR_THRESHOLD = 10_000n;

/**
 * An ℏ change short enough for a row: `-3 tℏ` below 10,000 tinybars (exact, the SDKs' own form),
 * else three significant digits below 1 ℏ (`≈-0.000847 ℏ`), two decimals at most below 1,000 ℏ
 * (`+1.5 ℏ`) and whole ℏ above (`≈+12,346 ℏ`); `≈` marks a value rounding changed, trailing zeros
 * are dropped. Signed as {@link signedHbar} signs it.
 */
export function shortHbar(tinybars: bigint): string {
  const abs = tinybars < 0n ? -tinybars : tinybars;
  const sign = tinybars < 0n ? '-' : tinybars > 0n ? '+' : '';
  if (abs < TINYBAR_THRESHOLD) return abs === 0n ? '0 ℏ' : `${sign}${formatGrouped(abs)} tℏ`;
  let decimals: number;
  if (abs >= 1000n * TINYBARS_PER_HBAR) decimals = 0;
  else if (abs >= TINYBARS_PER_HBAR) decimals = 2;
  // Three significant digits: the zeros after the point, then three digits.
  else decimals = 8 - abs.toString().length + 3;
  const scale = 10n ** BigInt(8 - decimals);
  const rounded = ((abs + scale / 2n) / scale) * scale;
  const text = compactHbar(`${sign}${formatTinybarsAsHbar(rounded)}`);
  return rounded === abs ? text : `≈${text}`;
}

/**
 * An age in a row's compact form: `5 min ago` → `5m`, `3 h ago` → `3h`, `4 days ago` → `4d`,
 * `3 months ago` → `3mo`, `18 years ago` → `18y`, `just now` → `now` (`in 5m` ahead). A list of
 * recent transactions is all past, so "ago" says nothing there; anything else is left as it is.
 */
export function compactAge(age: string): string {
  if (age === 'just now') return 'now';
  const m = /^(in )?([\d,]+) (s|min|h|days|months|years)( ago)?$/.exec(age);
  if (!m) return age;
  const unit: Record<string, string> = { s: 's', min: 'm', h: 'h', days: 'd', months: 'mo', years: 'y' };
  return `${m[1] ?? ''}${m[2]}${unit[m[3]]}`;
}

/** `5 min ago`, or the time itself when it has no age (not a timestamp). */
export function ageText(timestamp: string | undefined, now: number): string {
  const ms = epochMs(timestamp);
  return (ms === undefined ? undefined : relativeAge(ms, now)) ?? shortTime(timestamp);
}

/** The Markdown summary of a transaction node, built only when the user hovers it. */
export function transactionTooltip(tx: Transaction, accountId: string | undefined): string {
  const net = accountId ? netHbarChange(tx, accountId) : undefined;
  const memo = decodeMemo(tx.memo_base64);
  const state = resultState(tx.result);
  const mark = state === 'success' ? '✓ ' : state === 'failure' ? '✕ ' : '';
  return [
    `**${escapeMarkdown(typeText(tx.name))}** · ${mark}${escapeMarkdown(resultText(tx.result))}`,
    '',
    `- Type: ${tx.name ? codeSpan(tx.name, 60) : NONE}`,
    `- Result: ${tx.result ? codeSpan(tx.result, 80) : NONE}`,
    `- Transaction: ${tx.transaction_id ? codeSpan(tx.transaction_id) : NONE}`,
    `- Consensus: ${escapeMarkdown(consensusTime(tx.consensus_timestamp))}`,
    `- Net change for ${accountId ? codeSpan(accountId) : 'the account'}: ${escapeMarkdown(net === undefined ? 'none' : signedHbar(net))}`,
    `- Fee: ${tx.charged_tx_fee === undefined ? NONE : escapeMarkdown(formatTinybarsAsHbar(tx.charged_tx_fee))}`,
    ...(memo ? [`- Memo: ${escapeMarkdown(memo, 300)}`] : []),
  ].join('\n');
}

/** What the rows know beyond the transaction: token metadata and the rate at its time (no request). */
export interface RowMoney {
  token(tokenId: string): TokenLookup | undefined;
  rate(consensusTimestamp: string | undefined): RateInForce | undefined;
}

/** Everything a transaction node expands to. */
export function transactionRows(tx: Transaction, accountId: string | undefined, money?: RowMoney): Row[] {
  const rows: Row[] = [];
  if (tx.transaction_id) {
    rows.push(
      row('id', 'Transaction ID', plain(tx.transaction_id, 80), {
        copy: tx.transaction_id,
        target: { kind: 'transaction', id: tx.transaction_id },
        tooltip: `Transaction ID: ${codeSpan(tx.transaction_id)}`,
      }),
    );
  }
  rows.push(shortTimeRow('consensus', 'Consensus time', tx.consensus_timestamp));
  rows.push(
    tx.name
      ? row('type', 'Type', typeText(tx.name), { copy: tx.name, tooltip: `Type: ${codeSpan(tx.name, 60)}` })
      : row('type', 'Type', NONE),
  );
  const state = resultState(tx.result);
  rows.push(
    tx.result
      ? row('result', 'Result', resultText(tx.result), {
          copy: tx.result,
          icon: resultIcon(state),
          tooltip: `Result: ${codeSpan(tx.result, 80)}`,
        })
      : row('result', 'Result', NONE),
  );
  if (accountId) {
    const net = netHbarChange(tx, accountId);
    rows.push(row('net', `Net change for ${plain(accountId, 40)}`, net === undefined ? 'none' : signedHbar(net)));
  }
  rows.push(feeRow(tx, money?.rate(tx.consensus_timestamp)));
  const memo = decodeMemo(tx.memo_base64);
  rows.push(
    memo === undefined
      ? row('memo', 'Memo', NONE)
      : row('memo', 'Memo', plain(memo), { copy: memo, tooltip: `Memo: ${escapeMarkdown(memo)}` }),
  );
  rows.push(entityRow('node', 'Node', tx.node));

  rows.push(...transferRows(tx, accountId, money));
  if (tx.parent_consensus_timestamp)
    rows.push(shortTimeRow('parent', 'Parent consensus time', tx.parent_consensus_timestamp));
  if (tx.scheduled !== undefined) rows.push(row('scheduled', 'Scheduled', yesNo(tx.scheduled)));
  if (tx.nonce !== undefined) rows.push(row('nonce', 'Nonce', tx.nonce.toString()));
  if (tx.entity_id) rows.push(entityRow('entity', 'Entity', tx.entity_id));
  if (tx.transaction_hash) {
    const hex = base64ToHex(tx.transaction_hash);
    const shown = hex ? `0x${hex}` : plain(tx.transaction_hash, 200);
    rows.push(row('hash', 'Hash', shortHex(shown), { copy: shown, tooltip: `Hash: ${codeSpan(shown)}` }));
  }
  return rows;
}

function feeRow(tx: Transaction, rate: RateInForce | undefined): Row {
  const feeUsd = tx.charged_tx_fee === undefined ? undefined : approxUsd(tx.charged_tx_fee, rate);
  return row(
    'fee',
    'Fee charged',
    tx.charged_tx_fee === undefined ? NONE : `${formatTinybarsAsHbar(tx.charged_tx_fee)}${feeUsd ? ` ${feeUsd}` : ''}`,
    feeUsd && rate ? { tooltip: escapeMarkdown(usdAtRate(feeUsd, rate)) } : {},
  );
}

/** The transfer groups of a transaction (ℏ, tokens, NFTs, staking rewards), each when it has any. */
function transferRows(tx: Transaction, accountId: string | undefined, money: RowMoney | undefined): Row[] {
  const rate = money?.rate(tx.consensus_timestamp);
  const rows: Row[] = [];
  const transfers = tx.transfers ?? [];
  if (transfers.length > 0) {
    rows.push(
      row('transfers', 'Transfers', `${transfers.length}`, {
        children: transfers.map((t, i) => ({
          ...entityRow(`t${i}`, t.account ? plain(t.account, 40) : NONE, t.account),
          label: t.account ? plain(t.account, 40) : NONE,
          value: `${signedHbar(t.amount)}${usdSuffix(t.amount, rate)}${t.is_approval ? ' (approved)' : ''}`,
          ...(t.account === accountId ? { icon: 'account' } : {}),
        })),
      }),
    );
  }
  const tokenTransfers = tx.token_transfers ?? [];
  if (tokenTransfers.length > 0) {
    rows.push(
      row('tokenTransfers', 'Token transfers', `${tokenTransfers.length}`, {
        children: tokenTransfers.map((t, i) => ({
          ...entityRow(`tt${i}`, 'Token', t.token_id, 'token'),
          label: `${plain(t.token_id ?? NONE, 40)} ${plain(t.account ?? NONE, 40)}`,
          value: `${tokenAmountText(t.amount, t.token_id ? money?.token(t.token_id) : undefined, { signed: true }).text}${t.is_approval ? ' (approved)' : ''}`,
        })),
      }),
    );
  }
  const nfts = tx.nft_transfers ?? [];
  if (nfts.length > 0) {
    rows.push(
      row('nftTransfers', 'NFT transfers', `${nfts.length}`, {
        children: nfts.map((n, i) => ({
          ...entityRow(`nft${i}`, 'Token', n.token_id, 'token'),
          label: nftLabel(n.token_id ?? NONE, n.serial_number, n.token_id ? money?.token(n.token_id) : undefined),
          value: `${plain(n.sender_account_id ?? 'mint', 40)} → ${plain(n.receiver_account_id ?? 'burn', 40)}${n.is_approval ? ' (approved)' : ''}`,
        })),
      }),
    );
  }
  const rewards = tx.staking_reward_transfers ?? [];
  if (rewards.length > 0) {
    rows.push(
      row('stakingRewards', 'Staking rewards', `${rewards.length}`, {
        children: rewards.map((r, i) => {
          const account = typeof r.account === 'number' ? `0.0.${r.account}` : r.account;
          return {
            ...entityRow(`sr${i}`, plain(account, 40), account),
            label: plain(account, 40),
            value: signedHbar(r.amount),
          };
        }),
      }),
    );
  }
  return rows;
}

/** ` ≈ $0.0421` after an ℏ amount when the rate is known. */
function usdSuffix(tinybars: bigint, rate: RateInForce | undefined): string {
  const usd = approxUsd(tinybars, rate);
  return usd ? ` ${usd}` : '';
}
