// "Lookup transaction": read what the user has (the input box, or the command's argument), refuse
// a malformed id before any request, fetch, and show every returned transaction. A miss on the
// selected network offers the other networks.
import * as vscode from 'vscode';
import * as z from '../../zod';
import { otherNetworks } from '../../ledger';
import { MirrorError, type MirrorClient, type TransactionsResponse } from '../../mirror';
import { runLookup, refuse, warn, type LookupOutcome } from '../common/detailPanel/lookup';
import { temporaryClient, type DetailSettings, type NetworkUrlResolver } from '../common/detailPanel/networks';
import { targetOf } from '../common/targets';
import {
  LOOKUP_PROMPT,
  describeQuery,
  findTransactionIdAt,
  findTransactionIdIn,
  parseTransactionLookup,
  type TransactionQuery,
} from './input';
import type { TransactionPanels } from './panels';

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

/** What a lookup uses: the selected network's client, the settings in force, the panels. */
export interface LookupDeps {
  readonly client: () => MirrorClient;
  readonly config: () => DetailSettings;
  readonly panels: TransactionPanels;
  readonly resolveUrl: () => NetworkUrlResolver;
}

export async function lookupTransaction(deps: LookupDeps, arg?: unknown): Promise<LookupOutcome> {
  let text: string | undefined;
  let extra: { nonce?: number; scheduled?: boolean } = {};
  let tryOthers: boolean | undefined;
  const target = targetOf(arg);
  if (target?.kind === 'transaction') {
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
  if (text === undefined) {
    text = await askForTransaction();
    if (text === undefined) return { kind: 'cancelled' };
  }

  return runLookup<TransactionQuery, TransactionsResponse>(
    {
      network: () => ({ name: deps.config().network, client: deps.client() }),
      parse: input => {
        const parsed = parseTransactionLookup(input);
        return parsed.ok ? { ok: true, query: { ...parsed.query, ...extra } } : parsed;
      },
      progressTitle: (query, network) => `Looking up ${describeQuery(query)} on ${network}`,
      fetch: async (client, query, signal) => {
        const response = await client.getTransaction(query.idOrHash, paramsOf(query), { signal });
        // Units and dollars come from the selected network's caches: asked before the view is built.
        if (client === deps.client()) await deps.panels.enrich(deps.config().network, response, signal);
        return response;
      },
      show: (network, query, response) => deps.panels.show(network, query, response).view,
      notFound: (query, network) => notFound(deps, query, network, tryOthers),
    },
    text,
  );
}

/** The input box: validates as the user types, pre-filled with an id found at the cursor. */
export async function askForTransaction(): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  box.title = 'Ledger Lens: Lookup transaction';
  box.prompt = LOOKUP_PROMPT;
  box.placeholder = '0.0.1234@1700000000.123456789';
  box.ignoreFocusOut = false;
  const prefill = idFromEditor();
  if (prefill) {
    box.value = prefill;
    box.valueSelection = [0, prefill.length];
  }
  const validate = (value: string) => {
    if (value.trim() === '') {
      box.validationMessage = undefined;
      return false;
    }
    const r = parseTransactionLookup(value);
    box.validationMessage = r.ok
      ? undefined
      : { message: r.message, severity: vscode.InputBoxValidationSeverity.Error };
    return r.ok;
  };
  validate(box.value);
  return new Promise<string | undefined>(resolve => {
    let done = false;
    const finish = (value: string | undefined) => {
      if (done) return;
      done = true;
      resolve(value);
      box.dispose();
    };
    box.onDidChangeValue(validate);
    box.onDidAccept(() => {
      if (validate(box.value)) finish(box.value);
      else if (box.value.trim() === '')
        box.validationMessage = { message: LOOKUP_PROMPT, severity: vscode.InputBoxValidationSeverity.Error };
    });
    box.onDidHide(() => finish(undefined));
    box.show();
  });
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

function paramsOf(query: TransactionQuery): { nonce?: number; scheduled?: boolean } {
  return {
    ...(query.nonce === undefined ? {} : { nonce: query.nonce }),
    ...(query.scheduled === undefined ? {} : { scheduled: query.scheduled }),
  };
}

async function notFound(
  deps: LookupDeps,
  query: TransactionQuery,
  network: string,
  tryOthers: boolean | undefined,
): Promise<LookupOutcome> {
  const config = deps.config();
  const label = describeQuery(query);
  const message = `Transaction ${label} was not found on ${network}.`;
  const others = otherNetworks(config.network, config.customMirror);
  // A HashScan link names its network: try that one first.
  if (query.linkNetwork) others.sort((a, b) => Number(b === query.linkNetwork) - Number(a === query.linkNetwork));
  if (others.length === 0) return { kind: 'not-found', network, message: warn(message) };
  const action = `Try ${others.join(', ')}`;
  const go = tryOthers ?? (await vscode.window.showWarningMessage(message, action).then(pick => pick === action));
  if (!go) return { kind: 'not-found', network, message };

  // Every other network at once, each through a client made for this search and disposed after.
  const results = await vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Looking up ${label} on ${others.join(', ')}`,
      cancellable: true,
    },
    (_p, token) =>
      Promise.all(
        others.map(async other => {
          const lease = temporaryClient(other, config, deps.resolveUrl());
          const controller = new AbortController();
          const sub = token.onCancellationRequested(() => controller.abort());
          try {
            return {
              network: other,
              response: await lease.client.getTransaction(query.idOrHash, paramsOf(query), {
                signal: controller.signal,
              }),
            };
          } catch (error) {
            return { network: other, error };
          } finally {
            sub.dispose();
            lease.release();
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
      const panel = deps.panels.show(f.network, query, f.response);
      first ??= { kind: 'shown', network: f.network, view: panel.view };
    }
    return first!;
  }
  const misses = results.map(r => {
    const e = 'error' in r ? r.error : undefined;
    if (e instanceof MirrorError && e.status === 404) return `not found on ${r.network}`;
    return `${r.network}: ${e instanceof Error ? e.message : String(e)}`;
  });
  const all = `Transaction ${label} was not found on ${network}; ${misses.join('; ')}.`;
  return { kind: 'not-found', network, message: warn(all) };
}
