// "Lookup transaction": read what the user has (the quick pick, or the command's argument), refuse
// a malformed id before any request, fetch, and show every returned transaction. A miss on the
// selected network offers the other networks. What was found is remembered for the quick pick.
import * as vscode from 'vscode';
import * as z from '../../zod';
import { isNetwork, ledgerOf, networkPlace, networksToTryAfterMiss, type Network } from '../../ledger';
import { MirrorError, type TransactionsResponse } from '../../mirror';
import { runLookup, refuse, warn, type LookupNetwork, type LookupOutcome } from '../common/detailPanel/lookup';
import {
  foundElsewhereWhy,
  networkForArgument,
  type ClientFor,
  type DetailSettings,
  type NetworkChooser,
} from '../../app/panelNetworks';
import { notIndexedYet } from './fresh';
import { targetOf } from '../common/targets';
import { notFoundNotice } from '../common/notices';
import { notify } from '../../app/notifications';
import {
  describeQuery,
  findTransactionIdAt,
  findTransactionIdIn,
  parseTransactionLookup,
  transactionIdsIn,
  type TransactionQuery,
} from '../common/transactionInput';
import type { TransactionPanels } from './panels';
import { pickTransaction } from './pick';
import type { RecentLookups } from './recent';
import { errorMessage } from '../../util/errorMessage';

export type { LookupOutcome } from '../common/detailPanel/lookup';

// The argument forms: the input text itself, { input, nonce?, scheduled? }, or an EntityTarget.
// Built on first use (z.lazy), not at activation.
const argSchema = z.lazy(() =>
  z.union([
    z.string().check(z.maxLength(2048)),
    z.object({
      input: z.string().check(z.maxLength(2048)),
      nonce: z.optional(z.number().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
      scheduled: z.optional(z.boolean()),
      /** Answer for "try the other networks" without asking (tests). */
      tryOtherNetworks: z.optional(z.boolean()),
    }),
  ]),
);

/** What a lookup uses: which network to ask and why, the shared clients, the settings in force, the panels. */
export interface LookupDeps {
  readonly config: () => DetailSettings;
  readonly panels: TransactionPanels;
  readonly chooseNetwork: NetworkChooser;
  /** The client of the network asked. */
  readonly clientFor: ClientFor;
  /** The client of a network's public mirror node, for "try the other networks". */
  readonly publicClientFor: ClientFor;
  /** Now in ms since the epoch: whether a 404 may mean "not indexed yet". */
  readonly now: () => number;
  /** The lookups the quick pick offers again; each one found is added. */
  readonly recent?: RecentLookups;
}

export async function lookupTransaction(deps: LookupDeps, arg?: unknown): Promise<LookupOutcome> {
  let text: string | undefined;
  let extra: { nonce?: number; scheduled?: boolean } = {};
  let tryOthers: boolean | undefined;
  const target = targetOf(arg);
  if (arg instanceof vscode.Uri) {
    // The editor's context menu passes its document: the id at the cursor or in the selection.
    text = idFromEditor();
  } else if (target?.kind === 'transaction') {
    text = target.id;
  } else if (arg !== undefined && arg !== null && !target) {
    const parsed = argSchema.safeParse(arg);
    if (!parsed.success) return refuse('Lookup transaction takes a transaction id or hash as its argument.');
    if (typeof parsed.data === 'string') text = parsed.data;
    else {
      text = parsed.data.input;
      extra = {
        ...(parsed.data.nonce === undefined ? {} : { nonce: parsed.data.nonce }),
        ...(parsed.data.scheduled === undefined ? {} : { scheduled: parsed.data.scheduled }),
      };
      tryOthers = parsed.data.tryOtherNetworks;
    }
  }
  // A recent lookup picked names the network it was found on: asked again, as a link's would be.
  let networkArg = arg;
  if (text === undefined) {
    const picked = await pickTransaction({
      onScreen: idsOnScreen(),
      recent: deps.recent?.list() ?? [],
      now: deps.now(),
    });
    if (picked === undefined) return { kind: 'cancelled' };
    text = picked.text;
    if (picked.network !== undefined) networkArg = { network: picked.network };
  }

  let asked: Network | undefined;
  let looked: TransactionQuery | undefined;
  const outcome = await runLookup<TransactionQuery, TransactionsResponse>(
    {
      network: async (): Promise<LookupNetwork> => {
        const chosen = await networkForArgument(networkArg, deps.chooseNetwork, deps.config);
        asked = chosen.network;
        return { name: chosen.network, client: deps.clientFor(chosen.network), why: chosen.why };
      },
      parse: input => {
        const parsed = parseTransactionLookup(input);
        if (!parsed.ok) return parsed;
        looked = { ...parsed.query, ...extra };
        return { ok: true, query: looked };
      },
      progressTitle: (query, network) => `Looking up ${describeQuery(query)} on ${network}`,
      fetch: async (client, query, signal) => {
        const response = await client.getTransaction(query.idOrHash, paramsOf(query), { signal });
        // Units and dollars come from the selected network's caches: asked before the view is built.
        if (asked !== undefined) await deps.panels.enrich(asked, response, signal);
        return response;
      },
      show: (where, query, response) => deps.panels.show(where.name, query, response, where.why).view,
      notFound: (query, where, error) => {
        const id = query.transactionId;
        // Seconds old: not on the mirror node yet. The panel waits for it in place.
        if (asked !== undefined && notIndexedYet(id, error, deps.now())) {
          const panel = deps.panels.showWhenIndexed(asked, where.why, { ...query, transactionId: id }, error);
          return Promise.resolve({ kind: 'waiting', network: where.name, view: panel.view });
        }
        return notFound(deps, query, where, tryOthers);
      },
    },
    text,
  );
  await remember(deps, looked, outcome);
  return outcome;
}

/** A lookup whose panel opened goes to the top of the recent list, with the network that had it. */
async function remember(deps: LookupDeps, query: TransactionQuery | undefined, outcome: LookupOutcome): Promise<void> {
  if (!deps.recent || !query || (outcome.kind !== 'shown' && outcome.kind !== 'waiting')) return;
  if (!isNetwork(outcome.network)) return;
  // The list is a convenience: failing to store it never fails the lookup.
  await deps.recent.add(query, outcome.network).then(undefined, () => undefined);
}

function idFromEditor(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const { selection, document } = editor;
  if (!selection.isEmpty) return findTransactionIdIn(document.getText(selection));
  const line = document.lineAt(selection.active.line).text;
  if (line.length > 10_000) return undefined;
  return findTransactionIdAt(line, selection.active.character);
}

/** At most this many ids on screen are offered, and this much of each visible range is read. */
const ON_SCREEN_LIMIT = 20;
const ON_SCREEN_CHARS = 200_000;

/**
 * The transaction ids the user can see: the one at the cursor or in the selection first, then those
 * in the other selections and the visible ranges of the active editor, top to bottom.
 */
function idsOnScreen(): string[] {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return [];
  const { document } = editor;
  const found: string[] = [];
  const atCursor = idFromEditor();
  if (atCursor !== undefined) found.push(atCursor);
  const ranges = [...editor.selections.filter(s => !s.isEmpty), ...editor.visibleRanges];
  for (const range of ranges) {
    const text = document.getText(range).slice(0, ON_SCREEN_CHARS);
    found.push(...transactionIdsIn(text, ON_SCREEN_LIMIT));
    if (found.length >= ON_SCREEN_LIMIT * 2) break;
  }
  return found;
}

function paramsOf(query: TransactionQuery): { nonce?: number; scheduled?: boolean } {
  return {
    ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
    ...(query.scheduled === undefined ? {} : { scheduled: query.scheduled }),
  };
}

async function notFound(
  deps: LookupDeps,
  query: TransactionQuery,
  where: LookupNetwork,
  tryOthers: boolean | undefined,
): Promise<LookupOutcome> {
  const config = deps.config();
  const network = where.name;
  const label = describeQuery(query);
  const route = isNetwork(network) ? { network, endpoint: config.endpoints[network] } : undefined;
  const place = route ? networkPlace(route) : `on ${network}`;
  // Why that network: the user may not know the code in front of them chose it.
  const message = notFoundNotice(`Transaction ${label}`, network, config.endpoints, where.why);
  // Only networks the user could really ask: none when mirrorNodeUrl takes every request.
  const others = route ? networksToTryAfterMiss(route) : [];
  // A HashScan link names its ledger (`mainnet`): try that ledger's door first.
  const linked = query.linkNetwork;
  if (linked)
    others.sort((a, b) => Number(ledgerOf(b) === ledgerOf(linked)) - Number(ledgerOf(a) === ledgerOf(linked)));
  if (others.length === 0) return { kind: 'not-found', network, message: warn(message) };
  const action = `Try ${others.join(', ')}`;
  const go = tryOthers ?? (await notify('warning', message, action).then(pick => pick === action));
  if (!go) return { kind: 'not-found', network, message };

  // Every other network at once, each through its public mirror node's shared client.
  const results = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Looking up ${label} on ${others.join(', ')}`,
      cancellable: true,
    },
    (_p, token) =>
      Promise.all(
        others.map(async other => {
          const client = deps.publicClientFor(other);
          const controller = new AbortController();
          const sub = token.onCancellationRequested(() => controller.abort());
          try {
            return {
              network: other,
              response: await client.getTransaction(query.idOrHash, paramsOf(query), {
                signal: controller.signal,
              }),
            };
          } catch (error) {
            return { network: other, error };
          } finally {
            sub.dispose();
          }
        }),
      ),
  );
  const found = results.filter(
    (r): r is { network: typeof r.network; response: TransactionsResponse } => 'response' in r,
  );
  if (found.length > 0) {
    let first: LookupOutcome | undefined;
    for (const f of found) {
      const panel = deps.panels.show(f.network, query, f.response, foundElsewhereWhy(f.network, network));
      first ??= { kind: 'shown', network: f.network, view: panel.view };
    }
    return first!;
  }
  const misses = results.map(r => {
    const e = 'error' in r ? r.error : undefined;
    if (e instanceof MirrorError && e.status === 404) return `not found on ${r.network}`;
    return `${r.network}: ${errorMessage(e)}`;
  });
  const all = `Transaction ${label} was not found ${place}; ${misses.join('; ')}.`;
  return { kind: 'not-found', network, message: warn(all) };
}
