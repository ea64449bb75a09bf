// A deployed contract's History rows: its recent contract results (the call decoded with the
// workspace's ABI, success or the revert decoded, how long ago; clicking opens the transaction,
// its context menu debugs it) and its recent events, decoded. Built from the mirror node's lists
// (`/contracts/{id}/results`, `/contracts/{id}/results/logs`); values are exact plain text here and
// escaped in tooltips. Pure: no vscode.
import {
  formatCallAnswer,
  formatEvent,
  formatResult,
  formatRevert,
  formatValue,
  type AbiIndex,
  type ContractMatch,
  type IndexedContract,
  type NamedValue,
} from '../../abi';
import { formatEntityId, longZeroToEntityId } from '../../ledger';
import type { Network } from '../../ledger/networks';
import { consensusTime, epochMs, hbar, plainText as plain, relativeAge, resultState } from '../../present';
import { escapeMarkdown } from '../common/markdown';
import type { ItemData, TreeNode } from '../common/nodes';
import { OutcomeNode } from './nodes';

/** Results asked per page (Load more asks the next). */
export const HISTORY_PAGE = 10;
/** Events asked per page. */
export const EVENTS_PAGE = 25;
/** Results read for "N failed recently" (one page, newest first). */
export const FAILURES_PAGE = 25;
export const LOAD_MORE_HISTORY = 'ledgerLens.loadMoreDeploymentHistory';
/** Longest value kept in a detail row (a huge revert string or call data is cut, saying so). */
const MAX_DETAIL_CHARS = 20_000;
const SHORT = { maxChars: 120, maxItems: 8 } as const;
const FULL = { maxChars: MAX_DETAIL_CHARS, maxItems: 1000 } as const;

/** The fields of a contract result this reads (as `/contracts/{id}/results` names them). */
export interface HistoryResultInput {
  readonly hash?: string | null;
  readonly timestamp?: string | null;
  readonly from?: string | null;
  readonly to?: string | null;
  readonly function_parameters?: string | null;
  readonly call_result?: string | null;
  readonly error_message?: string | null;
  readonly result?: string | null;
  readonly status?: string | null;
  readonly amount?: bigint | null;
  readonly gas_used?: bigint | null;
}

/** The fields of a log this reads (as `/contracts/{id}/results/logs` names them). */
export interface HistoryLogInput {
  readonly address?: string | null;
  readonly topics?: readonly string[] | null;
  readonly data?: string | null;
  readonly timestamp?: string | null;
  readonly transaction_hash?: string | null;
  readonly index?: number | null;
}

export interface DetailLine {
  readonly label: string;
  readonly value: string;
}

/** One result as the History group says it. */
export interface ResultView {
  /** Unique within the list: the hash and the consensus time. */
  readonly key: string;
  /** `pledge(amount: 250000000000000000000)`, or the selector when the ABI does not know it. */
  readonly call: string;
  /** `0x` + 8 hex of the call data, when it has one. */
  readonly selector?: string;
  readonly failed: boolean;
  /** `success`, `→ 1500`, `reverted: CampaignNotOpen(stage: 1)`, `failed: INSUFFICIENT_GAS`. */
  readonly outcome: string;
  readonly timestamp?: string;
  /** The transaction to open or debug: the result's hash (the list names no transaction id). */
  readonly transaction?: string;
  readonly details: readonly DetailLine[];
}

const HEX = /^0x[0-9a-fA-F]*$/;
const TX_HASH = /^0x(?:[0-9a-fA-F]{64}|[0-9a-fA-F]{96})$/;

/** The match the deployment's own ABI makes (its artifact), else whatever the index recognises. */
function matchOf(
  abi: AbiIndex,
  contract: IndexedContract | undefined,
  address: string | null | undefined,
): ContractMatch | undefined {
  if (contract) return { kind: 'bytecode', contract, others: [] };
  return address ? abi.matchContract({ address }) : undefined;
}

/** The 4-byte selector of call data, lower case; undefined when there are fewer than 4 bytes. */
export function selectorOf(data: string | null | undefined): string | undefined {
  if (!data || data.length < 10 || !HEX.test(data.slice(0, 10))) return undefined;
  return data.slice(0, 10).toLowerCase();
}

/** Whether a result failed: any result code but SUCCESS, or a status of `0x0`. */
export function resultFailed(r: HistoryResultInput): boolean {
  const state = resultState(r.result);
  return state === 'failure' || (state === undefined && r.status === '0x0');
}

/** One contract result decoded with the deployment's ABI (or the index's), as words and detail lines. */
export function resultView(abi: AbiIndex, r: HistoryResultInput, contract?: IndexedContract): ResultView {
  const match = matchOf(abi, contract, r.to);
  const params = r.function_parameters ?? undefined;
  const selector = selectorOf(params);
  const answer = params && params !== '0x' && HEX.test(params) ? abi.decodeCall(params, match) : undefined;
  const single = answer?.kind === 'call' && answer.candidates.length === 1 ? answer.candidates[0] : undefined;
  const call = !answer
    ? 'no call data'
    : answer.kind === 'raw' && selector
      ? `${selector} (not in the ABI)`
      : formatCallAnswer(answer, SHORT);
  const failed = resultFailed(r);
  const error = r.error_message ?? undefined;
  const revert = error && HEX.test(error) && error.length > 2 ? abi.decodeRevert(error, match) : undefined;
  const outputs =
    !failed && single && r.call_result && HEX.test(r.call_result) ? abi.decodeResult(single, r.call_result) : undefined;
  let outcome: string;
  if (failed) {
    const why = revert ? formatRevert(revert, SHORT) : error ? plain(error, 200) : undefined;
    outcome =
      r.result === 'CONTRACT_REVERT_EXECUTED'
        ? `reverted: ${why ?? 'no revert data'}`
        : `failed: ${r.result ?? 'status 0x0'}${why ? `, ${why}` : ''}`;
  } else outcome = outputs && outputs.kind !== 'empty' ? `→ ${formatResult(outputs, SHORT)}` : 'success';
  const details: DetailLine[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value !== undefined && value !== '') details.push({ label, value: cut(value) });
  };
  if (r.timestamp) add('when', `${consensusTime(r.timestamp)} (${r.timestamp})`);
  add('call', answer ? formatCallAnswer(answer, FULL) : undefined);
  add('result', r.result ?? undefined);
  if (failed) add('revert', revert ? formatRevert(revert, FULL) : error);
  else if (outputs && outputs.kind !== 'empty') add('returned', formatResult(outputs, FULL));
  add('from', addressText(r.from));
  if (r.amount !== undefined && r.amount !== null && r.amount !== 0n) add('amount', hbar(r.amount));
  if (r.gas_used !== undefined && r.gas_used !== null) add('gas used', r.gas_used.toLocaleString('en-US'));
  add('transaction hash', r.hash ?? undefined);
  add('call data', params);
  const transaction = r.hash && TX_HASH.test(r.hash) ? r.hash : undefined;
  return {
    key: `${r.hash ?? ''}@${r.timestamp ?? ''}`,
    call,
    ...(selector !== undefined ? { selector } : {}),
    failed,
    outcome,
    ...(r.timestamp ? { timestamp: r.timestamp } : {}),
    ...(transaction !== undefined ? { transaction } : {}),
    details,
  };
}

/** One event decoded: its line, and each argument as a detail line. */
export interface EventView {
  readonly key: string;
  readonly text: string;
  readonly timestamp?: string;
  readonly transaction?: string;
  readonly details: readonly DetailLine[];
}

export function eventView(
  abi: AbiIndex,
  log: HistoryLogInput,
  own?: { contract?: IndexedContract; evmAddress: string },
): EventView {
  const address = log.address?.toLowerCase();
  const mine = own && address === own.evmAddress.toLowerCase();
  const match = mine ? matchOf(abi, own.contract, address) : address ? abi.matchContract({ address }) : undefined;
  const topics = (log.topics ?? []).filter(t => typeof t === 'string');
  const answer = abi.decodeLog({ ...(address ? { address } : {}), topics, data: log.data ?? '0x' }, match);
  const details: DetailLine[] = [];
  if (answer.kind === 'event' && answer.candidates.length === 1) {
    for (const [i, arg] of answer.candidates[0].args.entries()) details.push(argumentLine(arg, i));
  } else if (answer.kind === 'raw-log') {
    topics.forEach((t, i) => details.push({ label: `topic ${i}`, value: t }));
    details.push({ label: 'data', value: cut(log.data ?? '0x') });
  }
  if (!mine && address) details.push({ label: 'emitted by', value: addressText(address) ?? address });
  if (log.timestamp) details.push({ label: 'when', value: `${consensusTime(log.timestamp)} (${log.timestamp})` });
  if (log.transaction_hash) details.push({ label: 'transaction hash', value: log.transaction_hash });
  const transaction = log.transaction_hash && TX_HASH.test(log.transaction_hash) ? log.transaction_hash : undefined;
  return {
    key: `${log.transaction_hash ?? log.timestamp ?? ''}#${log.index ?? ''}`,
    text: formatEvent(answer, SHORT),
    ...(log.timestamp ? { timestamp: log.timestamp } : {}),
    ...(transaction !== undefined ? { transaction } : {}),
    details,
  };
}

function argumentLine(arg: NamedValue, i: number): DetailLine {
  const label = `${arg.name || `argument ${i + 1}`}${arg.indexed ? ' (indexed)' : ''}${arg.hashed ? ' (hash of the value)' : ''}`;
  return { label, value: cut(formatValue(arg.value, FULL)) };
}

/** `0x…03e9 (0.0.1001)`: an EVM address with its entity id when it is long-zero. */
function addressText(address: string | null | undefined): string | undefined {
  if (!address) return undefined;
  const id = longZeroToEntityId(address);
  return id ? `${formatEntityId(id)} (${address})` : address;
}

function cut(text: string): string {
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}… (${text.length} characters)` : text;
}

/** How many of these results failed, by the selector they called (what "N failed recently" counts). */
export function failureCounts(results: readonly HistoryResultInput[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of results) {
    const selector = selectorOf(r.function_parameters);
    if (selector === undefined || !resultFailed(r)) continue;
    counts.set(selector, (counts.get(selector) ?? 0) + 1);
  }
  return counts;
}

/** `3 min ago`, from a consensus timestamp and now (ms); empty when the time is unknown. */
export function ageOf(timestamp: string | undefined, nowMs: number): string {
  const at = timestamp !== undefined ? epochMs(timestamp) : undefined;
  return (at !== undefined && relativeAge(at, nowMs)) || '';
}

/** What the shared transaction commands take: the transaction panel opens it, with its call trace. */
function openArgs(transaction: string, network: Network): { kind: 'transaction'; id: string; network: Network } {
  return { kind: 'transaction', id: transaction, network };
}

/** A contract result: its call and outcome; expanded, its details; click opens the transaction. */
export class HistoryResultNode implements TreeNode {
  readonly kind = 'deploymentResult';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly view: ResultView,
    readonly network: Network,
    private readonly nowMs: number,
  ) {}

  /** The transaction hash: with `network`, the row itself is what `ledgerLens.debugTransaction` takes. */
  get transaction(): string | undefined {
    return this.view.transaction;
  }

  /** The same, as a plain object; undefined without a transaction hash. */
  get debugTarget(): { transaction: string; network: Network } | undefined {
    return this.view.transaction !== undefined
      ? { transaction: this.view.transaction, network: this.network }
      : undefined;
  }

  /** What Copy value copies: the transaction hash. */
  get copyText(): string | undefined {
    return this.view.transaction;
  }

  item(): ItemData {
    const v = this.view;
    const age = ageOf(v.timestamp, this.nowMs);
    return {
      id: this.id,
      label: plain(v.call, 200),
      description: plain(age ? `${v.outcome} · ${age}` : v.outcome, 200),
      icon: v.failed ? 'error' : 'pass',
      ...(v.failed ? { iconColor: 'errorForeground' } : {}),
      contextValue: v.transaction !== undefined ? 'deploymentResult:transaction' : 'deploymentResult',
      collapsible: 'collapsed',
      ...(v.transaction !== undefined
        ? {
            command: {
              id: 'ledgerLens.openTransaction',
              title: 'Open transaction',
              args: [openArgs(v.transaction, this.network)],
            },
          }
        : {}),
      accessibilityLabel: plain(
        `${v.failed ? 'Failed' : 'Succeeded'}: ${v.call}, ${v.outcome}${age ? `, ${age}` : ''}`,
        400,
      ),
    };
  }

  tooltip(): string {
    const lines = this.view.details
      .filter(d => d.label !== 'call data')
      .map(d => `${escapeMarkdown(d.label)}: ${escapeMarkdown(d.value, 400)}`);
    if (this.view.transaction !== undefined)
      lines.push('Click to open the transaction and its call trace; right-click to debug it.');
    return lines.join('\n\n');
  }

  children(): TreeNode[] {
    return this.view.details.map((d, i) => new OutcomeNode(this, `${this.id}:${i}`, d.label, d.value));
  }
}

/** An event: its decoded line; expanded, its arguments exactly; click opens its transaction. */
export class HistoryEventNode implements TreeNode {
  readonly kind = 'deploymentEvent';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    readonly view: EventView,
    readonly network: Network,
    private readonly nowMs: number,
  ) {}

  /** The transaction hash: with `network`, the row itself is what `ledgerLens.debugTransaction` takes. */
  get transaction(): string | undefined {
    return this.view.transaction;
  }

  get debugTarget(): { transaction: string; network: Network } | undefined {
    return this.view.transaction !== undefined
      ? { transaction: this.view.transaction, network: this.network }
      : undefined;
  }

  item(): ItemData {
    const v = this.view;
    return {
      id: this.id,
      label: plain(v.text, 200),
      description: ageOf(v.timestamp, this.nowMs),
      icon: 'symbol-event',
      contextValue: v.transaction !== undefined ? 'deploymentEvent:transaction' : 'deploymentEvent',
      collapsible: this.view.details.length > 0 ? 'collapsed' : 'none',
      ...(v.transaction !== undefined
        ? {
            command: {
              id: 'ledgerLens.openTransaction',
              title: 'Open transaction',
              args: [openArgs(v.transaction, this.network)],
            },
          }
        : {}),
    };
  }

  tooltip(): string {
    return [
      escapeMarkdown(this.view.text, 400),
      ...this.view.details.map(d => `${escapeMarkdown(d.label)}: ${escapeMarkdown(d.value, 400)}`),
    ].join('\n\n');
  }

  children(): TreeNode[] {
    return this.view.details.map((d, i) => new OutcomeNode(this, `${this.id}:${i}`, d.label, d.value));
  }
}

/** The "Events" row of History: its rows are read when it is expanded (`load`). */
export class HistoryEventsNode implements TreeNode {
  readonly kind = 'deploymentEvents';
  constructor(
    readonly parent: TreeNode,
    readonly id: string,
    private readonly load: (node: HistoryEventsNode) => Promise<TreeNode[]>,
    readonly description?: string,
  ) {}

  item(): ItemData {
    return {
      id: this.id,
      label: 'Events',
      ...(this.description !== undefined ? { description: this.description } : {}),
      icon: 'symbol-event',
      contextValue: 'deploymentEvents',
      collapsible: 'collapsed',
    };
  }

  tooltip(): string {
    return 'The events this contract emitted (`/api/v1/contracts/{id}/results/logs`), newest first, decoded with its ABI.';
  }

  children(): Promise<TreeNode[]> {
    return this.load(this);
  }
}
