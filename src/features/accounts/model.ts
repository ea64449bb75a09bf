// What the Accounts view says about an account and its transactions, as plain data: labels, rows,
// Markdown tooltips (already escaped), the net ℏ change, memos, and the settings entry check.
// Pure (no vscode), so every rule is unit-tested; tree.ts only turns this into TreeItems.
import { base64ToHex, decodeBase64Text, formatGrouped, formatTinybarsAsHbar } from '../../ledger';
import type { AccountResponse, Key, TokenLookup, Transaction } from '../../mirror';
import type { RateInForce } from '../../mirror/rates';
import type { EntityTarget } from '../../ledger';
import {
  NONE,
  approxUsd,
  consensusTime,
  plainText as plain,
  rateText,
  shortTime,
  shorten,
  signedHbar,
  yesNo,
} from '../../present';
import { nftLabel, tokenAmountText } from '../../present/tokens';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import { AS_OF_CAVEAT, NONCE_CAVEAT, asOfCaveat, asOfHeading, asOfQueryText, asOfShort } from './asOf';
import { AS_OF_WORDS, type AsOfOperator } from '../../ledger';

/** The mirror node returns at most this many token balances with an account. */
export const TOKEN_BALANCE_CAP = 1000;
/** The mirror node's own default page size for an account's transactions. */
export const SERVER_DEFAULT_LIMIT = 25;

/** A memo (`memo_base64`) as readable, safe text; undefined when there is none. */
export function decodeMemo(memoBase64: string | null | undefined): string | undefined {
  if (!memoBase64) return undefined;
  const text = decodeBase64Text(memoBase64);
  return text === '' ? undefined : text;
}

// ---------------------------------------------------------------------------------------------
// Amounts and times

/**
 * The account's net ℏ change in a transaction, in tinybars: the sum of its entries in `transfers`
 * (which already carry the fee it paid and any staking reward paid to it). Undefined when the
 * account appears in no transfer (it was only, say, the entity a token association touched).
 */
export function netHbarChange(tx: Pick<Transaction, 'transfers'>, accountId: string): bigint | undefined {
  let sum: bigint | undefined;
  for (const t of tx.transfers ?? []) {
    if (t.account === accountId) sum = (sum ?? 0n) + t.amount;
  }
  return sum;
}

/** A duration in seconds as `7,776,000 s (90 days)`. */
export function duration(seconds: bigint | null | undefined): string {
  if (seconds === null || seconds === undefined) return NONE;
  const days = seconds / 86_400n;
  const rest = seconds % 86_400n;
  const human = days > 0n && rest === 0n ? ` (${formatGrouped(days)} day${days === 1n ? '' : 's'})` : '';
  return `${formatGrouped(seconds)} s${human}`;
}

// ---------------------------------------------------------------------------------------------
// Keys

/** `ED25519 7934b3c7…a9f8e7d6`: the type and a shortened hex key for a label. */
export function keyLabel(key: Key | undefined): string {
  if (!key) return NONE;
  return `${plain(key._type, 40)} ${shorten(plain(key.key, 2000))}`;
}

// ---------------------------------------------------------------------------------------------
// Rows: what a Details node or a transaction's children show

export interface Row {
  /** Unique among its siblings (part of the tree item id). */
  readonly key: string;
  /** A fixed name ("Balance") or an entity id; never untrusted text unless passed through plain(). */
  readonly label: string;
  /** Plain text shown beside the label, already made safe. */
  readonly value: string;
  /** Markdown, already escaped. */
  readonly tooltip?: string;
  /** The exact text "Copy value" puts on the clipboard. */
  readonly copy?: string;
  readonly target?: EntityTarget;
  readonly icon?: string;
  readonly children?: readonly Row[];
}

function row(key: string, label: string, value: string, extra: Partial<Row> = {}): Row {
  return { key, label, value, ...extra };
}

function entityRow(
  key: string,
  label: string,
  id: string | null | undefined,
  kind: EntityTarget['kind'] = 'account',
): Row {
  if (!id) return row(key, label, NONE);
  const safe = plain(id, 80);
  return row(key, label, safe, {
    copy: id,
    target: { kind, id },
    tooltip: `${escapeMarkdown(label)}: ${codeSpan(id)}`,
  });
}

/** The Details section of an account, in the order HashScan shows what matters while coding. */
export function accountDetailRows(
  a: AccountResponse,
  options: { asOf?: string; asOfOperator?: AsOfOperator; rate?: RateInForce } = {},
): Row[] {
  // The snapshot caveats concern a past state; with gte/gt the state is the latest.
  const past = options.asOf !== undefined && AS_OF_WORDS[options.asOfOperator ?? 'lte'].past;
  const rows: Row[] = [];
  rows.push(entityRow('account', 'Account', a.account));
  rows.push(
    a.alias
      ? row('alias', 'Alias', plain(a.alias), { copy: a.alias, tooltip: `Alias: ${codeSpan(a.alias)}` })
      : row('alias', 'Alias', NONE),
  );
  rows.push(
    a.evm_address
      ? row('evm', 'EVM address', plain(a.evm_address), {
          copy: a.evm_address,
          tooltip: `EVM address: ${codeSpan(a.evm_address)}`,
        })
      : row('evm', 'EVM address', NONE),
  );
  rows.push(
    a.key
      ? row('key', 'Key', keyLabel(a.key), {
          copy: a.key.key,
          tooltip: `**Key** (${escapeMarkdown(a.key._type)})\n\n${codeSpan(a.key.key, 10_000)}`,
        })
      : row('key', 'Key', 'none'),
  );
  const balance = a.balance?.balance;
  const known = balance !== null && balance !== undefined;
  const usd = known ? approxUsd(balance, options.rate) : undefined;
  rows.push(
    row('balance', 'Balance', known ? `${formatTinybarsAsHbar(balance)}${usd ? ` ${usd}` : ''}` : NONE, {
      ...(known ? { copy: balance.toString() } : {}),
      tooltip: !known
        ? 'No balance'
        : `${escapeMarkdown(formatTinybarsAsHbar(balance))} (${escapeMarkdown(formatGrouped(balance))} tinybars)` +
          (usd && options.rate ? `\n\n${escapeMarkdown(usdAtRate(usd, options.rate))}` : '') +
          (past ? `\n\n${escapeMarkdown(AS_OF_CAVEAT)}` : ''),
    }),
  );
  rows.push(
    row(
      'balanceTimestamp',
      'Balance timestamp',
      consensusTime(a.balance?.timestamp),
      a.balance?.timestamp ? { copy: a.balance.timestamp } : {},
    ),
  );
  rows.push(row('autoRenew', 'Auto-renew period', duration(a.auto_renew_period)));
  rows.push(row('created', 'Created', consensusTime(a.created_timestamp)));
  rows.push(row('expiry', 'Expires', consensusTime(a.expiry_timestamp)));
  rows.push(
    a.memo
      ? row('memo', 'Memo', plain(a.memo), { copy: a.memo, tooltip: `Memo: ${escapeMarkdown(a.memo)}` })
      : row('memo', 'Memo', NONE),
  );
  const maxAssoc = a.max_automatic_token_associations;
  rows.push(
    row(
      'maxAssociations',
      'Max automatic token associations',
      maxAssoc === null ? NONE : maxAssoc === -1 ? 'unlimited (-1)' : String(maxAssoc),
    ),
  );
  rows.push(row('receiverSig', 'Receiver signature required', yesNo(a.receiver_sig_required)));
  rows.push(row('deleted', 'Deleted', yesNo(a.deleted)));
  rows.push(
    row('ethereumNonce', 'Ethereum nonce', a.ethereum_nonce === null ? NONE : formatGrouped(a.ethereum_nonce), {
      ...(past ? { tooltip: escapeMarkdown(NONCE_CAVEAT) } : {}),
    }),
  );
  const staking: Row[] = [
    entityRow('stakedAccount', 'Staked account', a.staked_account_id),
    row('stakedNode', 'Staked node', a.staked_node_id === null ? NONE : a.staked_node_id.toString()),
    row('declineReward', 'Decline reward', yesNo(a.decline_reward)),
    row('stakePeriodStart', 'Stake period start', consensusTime(a.stake_period_start)),
    row(
      'pendingReward',
      'Pending reward',
      a.pending_reward === undefined ? NONE : formatTinybarsAsHbar(a.pending_reward),
    ),
  ];
  const stakedTo = a.staked_account_id
    ? plain(a.staked_account_id, 80)
    : a.staked_node_id !== null
      ? `node ${a.staked_node_id}`
      : 'not staked';
  rows.push(row('staking', 'Staking', stakedTo, { children: staking }));
  return rows;
}

export { AS_OF_CAVEAT, NONCE_CAVEAT } from './asOf';

// ---------------------------------------------------------------------------------------------
// Accounts and transactions as tree rows

export interface AccountView {
  readonly description: string;
  readonly tooltip: string;
}

export interface AccountViewOptions {
  readonly network: string;
  /** `sss.nnnnnnnnn` of the as-of view, and its operator (default `lte`). */
  readonly asOf?: string;
  readonly asOfOperator?: AsOfOperator;
  /** The rate the balance is shown in dollars at (the current one, or the one at a past as-of time). */
  readonly rate?: RateInForce;
}

/** The account node: its balance (and its dollars) as the description, a Markdown summary as the tooltip. */
export function accountView(a: AccountResponse, title: string, options: AccountViewOptions): AccountView {
  const balance = a.balance?.balance;
  const hbar = balance === null || balance === undefined ? 'no balance' : formatTinybarsAsHbar(balance);
  const usd = balance === null || balance === undefined ? undefined : approxUsd(balance, options.rate);
  const shownBalance = usd ? `${hbar} ${usd}` : hbar;
  const parts = [a.deleted ? `deleted · ${shownBalance}` : shownBalance];
  const op = options.asOfOperator ?? 'lte';
  if (options.asOf) parts.push(asOfShort(options.asOf, op));
  const lines = [
    `**${escapeMarkdown(title)}** · ${escapeMarkdown(options.network)}`,
    '',
    `- Account: ${a.account ? codeSpan(a.account) : NONE}`,
    ...(a.evm_address ? [`- EVM address: ${codeSpan(a.evm_address)}`] : []),
    `- Balance: ${escapeMarkdown(hbar)}${a.balance?.timestamp ? ` at ${escapeMarkdown(consensusTime(a.balance.timestamp))}` : ''}`,
    ...(usd && options.rate ? [`- In dollars: ${escapeMarkdown(usdAtRate(usd, options.rate))}`] : []),
    `- Tokens: ${a.balance ? a.balance.tokens.length : 0}${a.balance && a.balance.tokens.length >= TOKEN_BALANCE_CAP ? ' (the first 1000)' : ''}`,
    ...(a.memo ? [`- Memo: ${escapeMarkdown(a.memo, 300)}`] : []),
    ...(a.deleted ? ['- **Deleted**'] : []),
  ];
  if (options.asOf)
    lines.push(
      '',
      `*${escapeMarkdown(asOfHeading(options.asOf, op))}* (${codeSpan(asOfQueryText(options.asOf, op))}). ${escapeMarkdown(asOfCaveat(op))}`,
    );
  return { description: parts.join(' · '), tooltip: lines.join('\n') };
}

/** `≈ $12.34 at 1 ℏ = $0.0921, the rate in force at 2026-…`: dollars with the rate they were computed at. */
export function usdAtRate(usd: string, rate: RateInForce): string {
  return `${usd} at ${rateText(rate) ?? ''}, the rate in force at ${consensusTime(rate.at)}`;
}

export interface TransactionView {
  readonly label: string;
  readonly description: string;
  /** The `-` form, what the transaction commands take. */
  readonly transactionId: string | undefined;
  readonly failed: boolean;
}

/** `CRYPTOTRANSFER · SUCCESS`, described by `-0.00084650 ℏ · 2023-11-14 22:13:20 UTC`. */
export function transactionView(tx: Transaction, accountId: string | undefined): TransactionView {
  const name = plain(tx.name ?? 'UNKNOWN', 60);
  const result = plain(tx.result ?? 'UNKNOWN', 60);
  const net = accountId ? netHbarChange(tx, accountId) : undefined;
  const time = shortTime(tx.consensus_timestamp);
  const description = `${net === undefined ? 'no ℏ change' : signedHbar(net)} · ${time}`;
  return {
    label: `${name} · ${result}`,
    description,
    transactionId: tx.transaction_id,
    failed: tx.result !== undefined && tx.result !== 'SUCCESS',
  };
}

/** The Markdown summary of a transaction node, built only when the user hovers it. */
export function transactionTooltip(tx: Transaction, accountId: string | undefined): string {
  const net = accountId ? netHbarChange(tx, accountId) : undefined;
  const memo = decodeMemo(tx.memo_base64);
  return [
    `**${escapeMarkdown(tx.name ?? 'UNKNOWN')}** · ${escapeMarkdown(tx.result ?? 'UNKNOWN')}`,
    '',
    `- Transaction: ${tx.transaction_id ? codeSpan(tx.transaction_id) : NONE}`,
    `- Consensus: ${escapeMarkdown(consensusTime(tx.consensus_timestamp))}`,
    `- Net change for ${accountId ? codeSpan(accountId) : 'the account'}: ${escapeMarkdown(net === undefined ? 'none' : signedHbar(net))}`,
    `- Fee: ${tx.charged_tx_fee === undefined ? NONE : escapeMarkdown(formatTinybarsAsHbar(tx.charged_tx_fee))}`,
    ...(memo ? [`- Memo: ${escapeMarkdown(memo, 300)}`] : []),
  ].join('\n');
}

/** Everything a transaction node expands to. */
/** What the rows know beyond the transaction: token metadata and the rate at its time (no request). */
export interface RowMoney {
  token(tokenId: string): TokenLookup | undefined;
  rate(consensusTimestamp: string | undefined): RateInForce | undefined;
}

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
  rows.push(
    row(
      'consensus',
      'Consensus time',
      consensusTime(tx.consensus_timestamp),
      tx.consensus_timestamp ? { copy: tx.consensus_timestamp } : {},
    ),
  );
  rows.push(row('type', 'Type', plain(tx.name ?? NONE, 60)));
  rows.push(row('result', 'Result', plain(tx.result ?? NONE, 60)));
  if (accountId) {
    const net = netHbarChange(tx, accountId);
    rows.push(row('net', `Net change for ${plain(accountId, 40)}`, net === undefined ? 'none' : signedHbar(net)));
  }
  const rate = money?.rate(tx.consensus_timestamp);
  const feeUsd = tx.charged_tx_fee === undefined ? undefined : approxUsd(tx.charged_tx_fee, rate);
  rows.push(
    row(
      'fee',
      'Fee charged',
      tx.charged_tx_fee === undefined
        ? NONE
        : `${formatTinybarsAsHbar(tx.charged_tx_fee)}${feeUsd ? ` ${feeUsd}` : ''}`,
      feeUsd && rate
        ? {
            tooltip: escapeMarkdown(usdAtRate(feeUsd, rate)),
          }
        : {},
    ),
  );
  const memo = decodeMemo(tx.memo_base64);
  rows.push(
    memo === undefined
      ? row('memo', 'Memo', NONE)
      : row('memo', 'Memo', plain(memo), { copy: memo, tooltip: `Memo: ${escapeMarkdown(memo)}` }),
  );
  rows.push(entityRow('node', 'Node', tx.node));

  rows.push(...transferRows(tx, accountId, money));
  if (tx.parent_consensus_timestamp)
    rows.push(
      row('parent', 'Parent consensus time', consensusTime(tx.parent_consensus_timestamp), {
        copy: tx.parent_consensus_timestamp,
      }),
    );
  if (tx.scheduled !== undefined) rows.push(row('scheduled', 'Scheduled', yesNo(tx.scheduled)));
  if (tx.nonce !== undefined) rows.push(row('nonce', 'Nonce', tx.nonce.toString()));
  if (tx.entity_id) rows.push(entityRow('entity', 'Entity', tx.entity_id));
  if (tx.transaction_hash) {
    const hex = base64ToHex(tx.transaction_hash);
    const shown = hex ? `0x${hex}` : plain(tx.transaction_hash, 200);
    rows.push(row('hash', 'Hash', shorten(shown, 10, 8), { copy: shown, tooltip: `Hash: ${codeSpan(shown)}` }));
  }
  return rows;
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
