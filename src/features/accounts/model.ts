// What the Accounts view says about an account, as plain data: labels, rows, Markdown tooltips
// (already escaped), the net ℏ change, memos. Rows keep to the sidebar's width: long hex cut in
// the middle and times to the second, the whole value in the tooltip and on copy. A transaction's
// rows are in transactionView.ts. Pure (no vscode), so every rule is unit-tested; tree.ts only
// turns this into TreeItems.
import { decodeBase64Text, formatGrouped, formatTinybarsAsHbar } from '../../ledger';
import type { AccountResponse, Key, Transaction } from '../../mirror';
import type { RateInForce } from '../../mirror/rates';
import type { EntityTarget } from '../../ledger';
import {
  NONE,
  approxUsd,
  consensusTime,
  exactTimeTitle,
  plainText as plain,
  rateText,
  shortTime,
  yesNo,
} from '../../present';
import { middleTruncate, shortHex } from '../../present/hex';
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

/** `ED25519 7934…e7d6`: the type and the hex key cut in the middle, for a row. */
export function keyLabel(key: Key | undefined): string {
  if (!key) return NONE;
  return `${plain(key._type, 40)} ${shortHex(plain(key.key, 2000))}`;
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

export function row(key: string, label: string, value: string, extra: Partial<Row> = {}): Row {
  return { key, label, value, ...extra };
}

export function entityRow(
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

/** A time as HashScan writes it (to the second); the exact time and raw value in the tooltip and on copy. */
export function shortTimeRow(key: string, label: string, timestamp: string | null | undefined): Row {
  if (!timestamp) return row(key, label, NONE);
  return row(key, label, shortTime(timestamp), {
    copy: timestamp,
    tooltip: `${escapeMarkdown(label)}: ${escapeMarkdown(exactTimeTitle(timestamp))}`,
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
      ? row('alias', 'Alias', middleTruncate(plain(a.alias), 8, 4), {
          copy: a.alias,
          tooltip: `Alias: ${codeSpan(a.alias)}`,
        })
      : row('alias', 'Alias', NONE),
  );
  rows.push(
    a.evm_address
      ? row('evm', 'EVM address', shortHex(plain(a.evm_address)), {
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
  rows.push(shortTimeRow('balanceTimestamp', 'Balance timestamp', a.balance?.timestamp));
  rows.push(row('autoRenew', 'Auto-renew period', duration(a.auto_renew_period)));
  rows.push(shortTimeRow('created', 'Created', a.created_timestamp));
  rows.push(shortTimeRow('expiry', 'Expires', a.expiry_timestamp));
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
    shortTimeRow('stakePeriodStart', 'Stake period start', a.stake_period_start),
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
