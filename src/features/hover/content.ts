// The Markdown of every hover: the title, the actions right under it (actions.ts), then the
// fields, the ids among them links that open them. Pure (no vscode): the provider wraps the text
// in a MarkdownString that trusts only HOVER_COMMANDS. Every value that came from the network
// goes through codeSpan (ids, hashes, addresses) or escapeMarkdown (free text), so it shows as the
// literal text it is.
import type { EntityKind, EntityTarget } from '../../ledger';
import { codeSpan, escapeMarkdown } from '../common/markdown';
import { accountLink, actionLine, contractLink, type LinkSet } from './actions';
import { TOPIC_HOVER_COMMANDS } from './topicMessages';
import {
  type EntityId,
  decodeBase64Text,
  formatEntityId,
  formatGrouped,
  formatTinybarsAsHbar,
  formatTransactionIdDash,
  entityIdToLongZero,
  normalizeEvmAddress,
  parseEntityId,
  parseTimestamp,
  parseTransactionId,
  padNanos,
  type Timestamp,
} from '../../ledger';
import {
  approxUsd,
  asOfText,
  epochMs,
  formatTokenAmount,
  rateText,
  relativeAge,
  shortTime,
  signedHbar,
  yesNo,
} from '../../present';
import { resultState, resultWord } from '../../present/results';
import { transactionTypeWords } from '../../present/transactionTypes';
import type { RateInForce } from '../../mirror/rates';
import type {
  AccountResponse,
  ContractInfo,
  Key,
  ScheduleInfo,
  TokenInfo,
  TopicInfo,
  Transaction,
} from '../../mirror/schemas';

/** The only commands a hover's links may run (the MarkdownString's allow-list). */
export const HOVER_COMMANDS: readonly string[] = [
  'ledgerLens.revealAccount',
  'ledgerLens.showContractResults',
  'ledgerLens.copyId',
  'ledgerLens.copyEvmAddress',
  'ledgerLens.copyTransactionId',
  'ledgerLens.openInHashScan',
  'ledgerLens.openAsJson',
  'ledgerLens.openTransaction',
  'ledgerLens.openContractSource',
  ...TOPIC_HOVER_COMMANDS,
];

export interface HoverEnv {
  /** How the network is named to the user: `testnet`, or a custom mirror node's host. */
  readonly network: string;
  /** Whether HashScan has pages for this network (not for a custom mirror node). */
  readonly hashscan: boolean;
  /** The network asked: a link that opens a panel carries it, so the panel asks the same one. */
  readonly mirrorNetwork?: string;
  /** Now, in ms since the epoch (injected so tests are exact). */
  readonly now: number;
  /** The current ℏ rate when known and dollars are on: balances get `≈ $…`. */
  readonly rate?: RateInForce;
}

/** When the data was fetched (ms since the epoch), for "as of … ago". */
export interface Freshness {
  readonly fetchedAt?: number;
}

const LINE = '  \n'; // a hard line break inside one paragraph
const SEP = ' · ';

function title(kind: string, idText: string, env: HoverEnv): string {
  return `**${kind}** ${codeSpan(idText)} — ${escapeMarkdown(env.network)}`;
}

/**
 * A mirror node timestamp (`sss.nnnnnnnnn`) as every surface writes it, with its age, then the raw
 * value the mirror node wrote: `2023-11-14 22:13:20 UTC (5 min ago) · `1700000000.000000009``.
 * The raw `seconds.nanos` stays because it is what a Hedera developer pastes back: the REST API's
 * `timestamp=` filters, the SDK's `Timestamp` and HashScan take it, and the nanoseconds order
 * transactions within one second. A code span (not a tooltip, which a hover cannot have) keeps it
 * selectable and visibly apart from the readable date. Text that is not a timestamp is shown
 * escaped, as it came.
 */
export function formatTime(text: string | null | undefined, now: number): string | undefined {
  if (text === null || text === undefined) return undefined;
  const ts = parseTimestamp(text);
  return ts ? timeText(ts, now) : escapeMarkdown(text);
}

/** A parsed timestamp as {@link formatTime} writes it; out of range as `shortTime` says it. */
function timeText(ts: Timestamp, now: number): string {
  const ms = epochMs(ts);
  const age = ms === undefined ? undefined : relativeAge(ms, now);
  const raw = `${ts.seconds}.${padNanos(ts.nanos)}`;
  // shortTime of a parsed timestamp is digits, `-`, `:` and words of ours: nothing to escape.
  return `${shortTime(ts)}${age ? ` (${age})` : ''}${SEP}${codeSpan(raw)}`;
}

/** Nanoseconds since the epoch (the token's `expiry_timestamp`) as a time, or "out of range". */
function nanosText(ns: bigint, now: number): string {
  if (ns < 0n) return formatGrouped(ns);
  const NANOS = 1_000_000_000n;
  return timeText({ seconds: ns / NANOS, nanos: Number(ns % NANOS) }, now);
}

/** The key's type in words; a network-given type we do not know is shown escaped. */
export function keyText(key: Key | undefined): string {
  if (!key) return 'none';
  switch (key._type) {
    case 'ED25519':
      return 'ED25519';
    case 'ECDSA_SECP256K1':
      return 'ECDSA (secp256k1)';
    case 'ProtobufEncoded':
      return 'key list or threshold key';
    default:
      return escapeMarkdown(key._type, 60);
  }
}

/**
 * A whole-unit amount from its smallest units and decimals, exact: `1234567` with 2 → `12,345.67`
 * (the presentation module's token amount, trailing zeros kept as the supply was minted).
 */
export function formatUnits(amount: string | bigint, decimals: string | number | undefined): string | undefined {
  const text = typeof amount === 'bigint' ? amount.toString() : amount;
  if (!/^-?\d{1,80}$/.test(text)) return undefined;
  return formatTokenAmount(BigInt(text), decimals ?? 0, { trimZeros: false });
}

function memoLine(memo: string | null | undefined): string | undefined {
  if (memo === null || memo === undefined || memo === '') return undefined;
  return `Memo: ${escapeMarkdown(memo, 500)}`;
}

function assemble(
  head: string,
  lines: ReadonlyArray<string | undefined>,
  fresh: Freshness,
  env: HoverEnv,
  linkSet?: LinkSet,
): string {
  // The title and the actions make the first paragraph: what it is, and what can be done with it.
  const parts = [linkSet ? `${head}${LINE}${actionLine(linkSet, env)}` : head];
  const body = lines.filter((l): l is string => l !== undefined);
  if (body.length > 0) parts.push(body.join(LINE));
  const age = asOfText(fresh.fetchedAt, env.now);
  if (age) parts.push(`_${age}_`);
  return parts.join('\n\n');
}

/**
 * Adds paragraphs (a decoded call, a matching artifact, a note on the address) right after a
 * hover's first paragraph, its title and actions, so the actions stay at the top.
 */
export function withLead(markdown: string, lead: string | undefined): string {
  if (!lead) return markdown;
  const at = markdown.indexOf('\n\n');
  return at < 0 ? `${markdown}\n\n${lead}` : `${markdown.slice(0, at)}\n\n${lead}${markdown.slice(at)}`;
}

/**
 * A target for our commands: the canonical id, and the EVM address: the server's when well-formed,
 * else the long-zero address computed from the id (every entity kind has one).
 */
function targetFor(kind: EntityKind, id: string, evm: string | null | undefined): EntityTarget {
  const evmAddress = (evm ? normalizeEvmAddress(evm) : undefined) ?? longZeroOf(id);
  return evmAddress ? { kind, id, evmAddress } : { kind, id };
}

/** The long-zero EVM address of an entity id (`0.0.1234` → `0x…04d2`), computed locally. */
function longZeroOf(id: string): string | undefined {
  const parsed = parseEntityId(id);
  return parsed ? entityIdToLongZero(parsed) : undefined;
}

/** `Long-zero EVM address: 0x…`, for every kind (beside the server's own address when it differs). */
function longZeroLine(id: string, shown: string | undefined): string | undefined {
  const lz = longZeroOf(id);
  return lz && lz !== shown?.toLowerCase() ? `Long-zero EVM address: ${codeSpan(lz)}` : undefined;
}

/** ` ≈ $61.73 (1 ℏ = $0.05)` after a balance, at the current rate, when known. */
function usdText(tinybars: bigint, env: HoverEnv): string {
  const usd = approxUsd(tinybars, env.rate);
  const rate = env.rate ? rateText(env.rate) : undefined;
  return usd && rate ? ` ${escapeMarkdown(usd)} _(${escapeMarkdown(rate)}, current rate)_` : '';
}

/** The id the server gave, when it is a well-formed id (else what was asked). */
function canonicalId(given: string | null | undefined, asked: string): string {
  const id = given ? parseEntityId(given) : undefined;
  return id ? formatEntityId(id) : asked;
}

// ---------------------------------------------------------------------------------------------

export function accountHover(account: AccountResponse, asked: string, fresh: Freshness, env: HoverEnv): string {
  const id = canonicalId(account.account, asked);
  const evm = account.evm_address ? normalizeEvmAddress(account.evm_address) : undefined;
  const balance = account.balance?.balance;
  const tokens = account.balance?.tokens.length ?? 0;
  const staking: string[] = [];
  if (account.staked_node_id !== null) staking.push(`to node ${account.staked_node_id}`);
  else if (account.staked_account_id) staking.push(`to account ${accountLink(account.staked_account_id)}`);
  else staking.push('not staked');
  if (account.decline_reward) staking.push('declines rewards');
  if (account.pending_reward !== undefined && account.pending_reward !== 0n) {
    staking.push(`pending reward ${formatTinybarsAsHbar(account.pending_reward)}`);
  }
  const created = formatTime(account.created_timestamp, env.now);
  const expires = formatTime(account.expiry_timestamp, env.now);
  return assemble(
    title(account.deleted ? 'Account (deleted)' : 'Account', id, env),
    [
      evm
        ? `EVM address: ${codeSpan(evm)}`
        : account.evm_address
          ? `EVM address: ${codeSpan(account.evm_address, 100)}`
          : undefined,
      account.alias ? `Alias: ${codeSpan(account.alias, 200)}` : undefined,
      longZeroLine(id, evm ?? account.evm_address ?? undefined),
      `Balance: ${balance === null || balance === undefined ? 'unknown' : `**${formatTinybarsAsHbar(balance)}**${usdText(balance, env)}`}` +
        (tokens > 0 ? `${SEP}${tokens} token balance${tokens === 1 ? '' : 's'}` : ''),
      `Key: ${keyText(account.key)}`,
      memoLine(account.memo),
      created ? `Created: ${created}` : undefined,
      expires ? `Expires: ${expires}` : undefined,
      `Deleted: ${yesNo(account.deleted)}`,
      `Staking: ${staking.join(', ')}`,
    ],
    fresh,
    env,
    { target: targetFor('account', id, evm), sidebar: true },
  );
}

/**
 * A contract, from `/contracts/{id}`; `account` is the same entity's `/accounts/{id}` answer when
 * the lookup went that way (the mirror node answers it for contracts too): its balance is shown.
 */
export function contractHover(
  contract: ContractInfo,
  asked: string,
  fresh: Freshness,
  env: HoverEnv,
  account?: AccountResponse,
): string {
  const id = canonicalId(contract.contract_id, asked);
  const balance = account?.balance?.balance;
  const created = formatTime(contract.created_timestamp, env.now);
  const expires = formatTime(contract.expiration_timestamp, env.now);
  return assemble(
    title(contract.deleted ? 'Contract (deleted)' : 'Contract', id, env),
    [
      contract.evm_address ? `EVM address: ${codeSpan(contract.evm_address, 100)}` : undefined,
      longZeroLine(id, contract.evm_address ?? undefined),
      balance === null || balance === undefined
        ? undefined
        : `Balance: **${formatTinybarsAsHbar(balance)}**${usdText(balance, env)}`,
      memoLine(contract.memo),
      `Admin key: ${keyText(contract.admin_key)}`,
      contract.file_id ? `Bytecode file: ${codeSpan(contract.file_id, 100)}` : undefined,
      contract.auto_renew_account ? `Auto-renew account: ${accountLink(contract.auto_renew_account)}` : undefined,
      created ? `Created: ${created}` : undefined,
      expires ? `Expires: ${expires}` : undefined,
      `Deleted: ${yesNo(contract.deleted)}`,
    ],
    fresh,
    env,
    { target: targetFor('contract', id, contract.evm_address), results: true },
  );
}

export function tokenHover(token: TokenInfo, asked: string, fresh: Freshness, env: HoverEnv): string {
  const id = canonicalId(token.token_id, asked);
  const nft = token.type === 'NON_FUNGIBLE_UNIQUE';
  const decimals = nft ? 0 : token.decimals;
  const supply = token.total_supply !== undefined ? formatUnits(token.total_supply, decimals) : undefined;
  const max =
    token.max_supply !== undefined && token.max_supply !== '0' ? formatUnits(token.max_supply, decimals) : undefined;
  const created = formatTime(token.created_timestamp, env.now);
  const expires =
    token.expiry_timestamp !== undefined && token.expiry_timestamp !== null
      ? nanosText(token.expiry_timestamp, env.now)
      : undefined;
  return assemble(
    title(token.deleted ? 'Token (deleted)' : 'Token', id, env),
    [
      `Name: ${escapeMarkdown(token.name, 200)}${SEP}Symbol: ${escapeMarkdown(token.symbol, 100)}`,
      `Type: ${token.type === undefined ? 'unknown' : nft ? 'non-fungible (NFT)' : token.type === 'FUNGIBLE_COMMON' ? 'fungible' : escapeMarkdown(token.type, 60)}` +
        (nft || token.decimals === undefined ? '' : `${SEP}Decimals: ${escapeMarkdown(token.decimals, 10)}`),
      supply !== undefined ? `Total supply: ${supply}${max !== undefined ? ` of at most ${max}` : ''}` : undefined,
      longZeroLine(id, undefined),
      token.treasury_account_id ? `Treasury: ${accountLink(token.treasury_account_id)}` : undefined,
      memoLine(token.memo),
      token.pause_status && token.pause_status !== 'NOT_APPLICABLE'
        ? `Pause status: ${escapeMarkdown(token.pause_status, 40)}`
        : undefined,
      created ? `Created: ${created}` : undefined,
      expires ? `Expires: ${expires}` : undefined,
      `Deleted: ${yesNo(token.deleted)}`,
    ],
    fresh,
    env,
    { target: targetFor('token', id, undefined) },
  );
}

export function topicHover(topic: TopicInfo, asked: string, fresh: Freshness, env: HoverEnv): string {
  const id = canonicalId(topic.topic_id, asked);
  const created = formatTime(topic.created_timestamp, env.now);
  return assemble(
    title(topic.deleted ? 'Topic (deleted)' : 'Topic', id, env),
    [
      longZeroLine(id, undefined),
      memoLine(topic.memo),
      `Admin key: ${keyText(topic.admin_key)}${SEP}Submit key: ${topic.submit_key ? keyText(topic.submit_key) : 'none (anyone may submit)'}`,
      topic.auto_renew_account ? `Auto-renew account: ${accountLink(topic.auto_renew_account)}` : undefined,
      created ? `Created: ${created}` : undefined,
      `Deleted: ${yesNo(topic.deleted)}`,
    ],
    fresh,
    env,
    { target: targetFor('topic', id, undefined) },
  );
}

export function scheduleHover(schedule: ScheduleInfo, asked: string, fresh: Freshness, env: HoverEnv): string {
  const id = canonicalId(schedule.schedule_id, asked);
  const executed = formatTime(schedule.executed_timestamp, env.now);
  const expires = formatTime(schedule.expiration_time, env.now);
  const state = schedule.deleted ? 'deleted' : executed ? `executed ${executed}` : 'pending';
  return assemble(
    title('Schedule', id, env),
    [
      `State: ${state}`,
      longZeroLine(id, undefined),
      memoLine(schedule.memo),
      schedule.creator_account_id ? `Creator: ${accountLink(schedule.creator_account_id)}` : undefined,
      schedule.payer_account_id ? `Payer: ${accountLink(schedule.payer_account_id)}` : undefined,
      schedule.consensus_timestamp ? `Created: ${formatTime(schedule.consensus_timestamp, env.now)}` : undefined,
      expires ? `Expires: ${expires}` : undefined,
      schedule.signatures ? `Signatures: ${schedule.signatures.length}` : undefined,
    ],
    fresh,
    env,
    { target: targetFor('schedule', id, undefined) },
  );
}

const MAX_TRANSFERS_SHOWN = 5;

/** The types whose `entity_id` is the contract called or created. */
const CONTRACT_TYPES = new Set(['CONTRACTCALL', 'CONTRACTCREATEINSTANCE']);

/** `Contract call (`CONTRACTCALL`)`: the type in words, the wire name beside it. */
export function typeText(name: string | undefined): string {
  return name ? `${escapeMarkdown(transactionTypeWords(name), 80)} (${codeSpan(name, 60)})` : 'unknown';
}

/** `✓ Success`, `✕ Failed (CONTRACT_REVERT_EXECUTED)`: a mark and a word, never colour alone; the code kept. */
export function resultText(result: string | undefined): string {
  const state = resultState(result);
  if (!state || result === undefined) return 'unknown';
  return state === 'success' ? `✓ ${resultWord(state)}` : `✕ ${resultWord(state)} (${escapeMarkdown(result, 80)})`;
}

/**
 * A transaction id may name several transactions (the user's, a scheduled one, node-generated
 * children): the hover describes the user's own (nonce 0, not scheduled) and counts the others.
 */
export function transactionHover(
  transactions: readonly Transaction[],
  asked: string,
  fresh: Freshness,
  env: HoverEnv,
): string {
  const main =
    transactions.find(t => (t.nonce === undefined || t.nonce === 0n) && t.scheduled !== true) ?? transactions[0];
  const parsed = main?.transaction_id ? parseTransactionId(main.transaction_id) : undefined;
  const id = parsed ? formatTransactionIdDash(parsed) : asked;
  const target: EntityTarget = { kind: 'transaction', id };
  if (!main) return assemble(title('Transaction', id, env), ['No transaction in the answer.'], fresh, env, { target });
  const transfers = main.transfers ?? [];
  const shown = transfers
    .slice(0, MAX_TRANSFERS_SHOWN)
    .map(t => `${accountLink(t.account)} ${signedHbar(t.amount)}`)
    .join(', ');
  const more = transfers.length > MAX_TRANSFERS_SHOWN ? ` and ${transfers.length - MAX_TRANSFERS_SHOWN} more` : '';
  const tokenCount = main.token_transfers?.length ?? 0;
  const nftCount = main.nft_transfers?.length ?? 0;
  const others = transactions.length - 1;
  const memo = main.memo_base64 ? decodeBase64Text(main.memo_base64) : '';
  return assemble(
    title('Transaction', id, env),
    [
      `Type: ${typeText(main.name)}${SEP}Result: ${resultText(main.result)}`,
      main.consensus_timestamp ? `Consensus: ${formatTime(main.consensus_timestamp, env.now)}` : undefined,
      `Payer: ${parsed ? accountLink(formatEntityId(parsed.payer)) : 'unknown'}${SEP}Fee: ${main.charged_tx_fee !== undefined ? formatTinybarsAsHbar(main.charged_tx_fee) : 'unknown'}`,
      main.entity_id && main.name && CONTRACT_TYPES.has(main.name)
        ? `Contract: ${contractLink(main.entity_id)}`
        : undefined,
      memoLine(memo),
      transfers.length > 0 ? `Transfers: ${shown}${more}` : 'Transfers: none',
      tokenCount + nftCount > 0 ? `Token transfers: ${tokenCount}${SEP}NFT transfers: ${nftCount}` : undefined,
      others > 0 ? `${others} more transaction${others === 1 ? '' : 's'} with this id (scheduled or child)` : undefined,
    ],
    fresh,
    env,
    { target },
  );
}

// ---- hovers without a lookup result ----

export function wrongChecksumHover(text: string, id: EntityId, expected: string, ledger: string): string {
  return (
    `**${escapeMarkdown(text)}**: wrong checksum for ${escapeMarkdown(ledger)}; ` +
    `${codeSpan(formatEntityId(id))} there has checksum ${codeSpan(expected)}. ` +
    `Not looked up: the id may belong to another network or hold a typo.`
  );
}

export function notFoundHover(text: string, what: string, env: HoverEnv): string {
  return `${codeSpan(text)}: not found on ${escapeMarkdown(env.network)} (no ${what}).`;
}

export function failureHover(text: string, message: string, env: HoverEnv): string {
  return `${codeSpan(text)}: ${escapeMarkdown(message, 500)} (${escapeMarkdown(env.network)}). Hover again to retry.`;
}
