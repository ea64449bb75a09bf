// Reading every action of a contract transaction from the mirror node (`/actions`, 100 a page,
// then `links.next`, which pages by `index`), with a cap on how many are kept, and saying so when
// the trace read is not the whole trace: the cap, a next-page link that repeats, a full last page
// without a next link, or records that show the trace ended early. Pure: no vscode.
import { MirrorError } from '../mirror/errors';
import type { Paged, RequestOptions } from '../mirror/api';
import type { ContractActionsParams } from '../mirror/params';
import type { ContractAction, ContractActionsResponse } from '../mirror/schemas';

/** What loadActions needs of a mirror client. */
export interface ActionsClient {
  listContractActions(
    idOrHash: string,
    params?: ContractActionsParams,
    opts?: RequestOptions,
  ): Promise<ContractActionsResponse>;
  next<T extends Paged>(page: T, opts?: RequestOptions): Promise<T | null>;
}

export interface LoadActionsOptions {
  readonly signal?: AbortSignal;
  /** Actions kept at most (default 10,000); a longer trace is cut, and `incomplete` says so. */
  readonly maxActions?: number;
}

export interface LoadedActions {
  /** In the order the server sent them (pages in `index` order). */
  readonly actions: readonly ContractAction[];
  /** Why these are not the whole trace, in words; absent when nothing says so. */
  readonly incomplete?: string;
}

/** Actions per page: the most the server gives. */
export const ACTIONS_PAGE_LIMIT = 100;
export const DEFAULT_MAX_ACTIONS = 10_000;

// A failed transaction that spent this much gas after its last recorded call returned (and at
// least this share of all the gas its top-level call used) looks like a trace that ends early.
const UNSEEN_GAS_MIN = 50_000n;
const UNSEEN_GAS_SHARE = 4n; // one quarter

/** Every action of a transaction (up to `maxActions`), with why the list is not whole when it is not. */
export async function loadActions(
  client: ActionsClient,
  idOrHash: string,
  options: LoadActionsOptions = {},
): Promise<LoadedActions> {
  const { signal } = options;
  const max =
    typeof options.maxActions === 'number' && Number.isSafeInteger(options.maxActions) && options.maxActions > 0
      ? options.maxActions
      : DEFAULT_MAX_ACTIONS;
  const opts: RequestOptions = signal ? { signal } : {};
  let page = await client.listContractActions(idOrHash, { limit: ACTIONS_PAGE_LIMIT, order: 'asc' }, opts);
  const actions: ContractAction[] = [];
  let incomplete: string | undefined;
  for (;;) {
    const room = max - actions.length;
    for (let i = 0; i < page.actions.length && i < room; i++) actions.push(page.actions[i]);
    if (page.actions.length > room) {
      incomplete = `only the first ${max.toLocaleString('en-US')} actions are shown: the trace has more`;
      break;
    }
    const link = page.links?.next;
    if (!link) {
      if (page.actions.length >= ACTIONS_PAGE_LIMIT)
        incomplete = `the last page held ${page.actions.length} actions (a full page) but gave no link to more: the trace may go on`;
      break;
    }
    if (signal?.aborted) throw new MirrorError('aborted', 0, [], link, 'The request was cancelled');
    const next = await client.next(page, opts);
    if (!next) {
      incomplete = `the server's link to the next page repeats one already read: actions after index ${lastIndex(actions)} were not read`;
      break;
    }
    if (next.actions.length === 0 && next.links?.next) {
      incomplete = `the server kept sending empty pages that link further: actions after index ${lastIndex(actions)} were not read`;
      break;
    }
    page = next;
  }
  incomplete ??= endsEarly(actions);
  return incomplete ? { actions, incomplete } : { actions };
}

function lastIndex(actions: readonly ContractAction[]): string {
  const last = actions.length > 0 ? actions[actions.length - 1].index : undefined;
  return typeof last === 'number' ? String(last) : '(none)';
}

const gasOf = (v: unknown): bigint | undefined => (typeof v === 'bigint' ? v : undefined);

/**
 * Whether the records themselves show a trace that ended early: the mirror node can answer with
 * `links.next` null although actions are missing after the last one it has (a failed transaction
 * whose trace stops partway, the revert that failed it never shown). Gas tells: when the last
 * recorded call returned, at least its unused gas (`gas` − `gas_used`) was still in hand, and the
 * top-level call ended with `gas` − `gas_used` left; what lies between was spent after the last
 * recorded action. A failed transaction that spent a large share of its gas there is said to
 * end early, with the figures. A heuristic: a contract may also compute long after its last call.
 */
export function endsEarly(actions: readonly ContractAction[]): string | undefined {
  let root: ContractAction | undefined;
  let last: ContractAction | undefined;
  for (const a of actions) {
    if (typeof a.index !== 'number' || typeof a.call_depth !== 'number') continue;
    if (
      !root ||
      a.call_depth < (root.call_depth ?? 0) ||
      (a.call_depth === root.call_depth && a.index < (root.index ?? 0))
    )
      root = a;
    if (!last || a.index > (last.index ?? 0)) last = a;
  }
  if (!root || !last || root === last) return undefined;
  if (root.result_data_type !== 'REVERT_REASON' && root.result_data_type !== 'ERROR') return undefined;
  const [rootGas, rootUsed, lastGas, lastUsed] = [root.gas, root.gas_used, last.gas, last.gas_used].map(gasOf);
  if (rootGas === undefined || rootUsed === undefined || lastGas === undefined || lastUsed === undefined)
    return undefined;
  const unseen = lastGas - lastUsed - (rootGas - rootUsed);
  if (unseen < UNSEEN_GAS_MIN || unseen * UNSEEN_GAS_SHARE < rootUsed) return undefined;
  return (
    `the trace may end early: the transaction failed, and at least ${unseen.toLocaleString('en-US')} gas was ` +
    `spent after its last recorded call (index ${last.index}) returned; the mirror node may not have the actions after it`
  );
}
