// The one lookup flow behind "Lookup transaction" and "Lookup block": refuse malformed input before
// any request, fetch on the selected network with a cancellable progress notification, show the
// result in a detail panel, and put any failure into words (the server's own, shown as plain text).
import * as vscode from 'vscode';
import { MirrorError, MirrorInputError, isAbortError, type MirrorClient } from '../../../mirror';
import type { DetailView } from '../../../../webview/protocol';
import { forNotification } from '../../../present/text';
import { notify } from '../../../app/notifications';
import { failureMessage } from './notify';

/** What a lookup command returns (integration tests read it). */
export type LookupOutcome =
  | { readonly kind: 'shown'; readonly network: string; readonly view: DetailView }
  | { readonly kind: 'invalid'; readonly message: string }
  | { readonly kind: 'not-found'; readonly network: string; readonly message: string }
  /** A fresh transaction not indexed yet: its panel is open and retries in place. */
  | { readonly kind: 'waiting'; readonly network: string; readonly view: DetailView }
  | { readonly kind: 'failed'; readonly message: string; readonly serverMessages: readonly string[] }
  | { readonly kind: 'cancelled' };

export type Parsed<Query> =
  { readonly ok: true; readonly query: Query } | { readonly ok: false; readonly message: string };

/** The network a lookup asks, its client, and why that network. */
export interface LookupNetwork {
  readonly name: string;
  readonly client: MirrorClient;
  /** `mainnet · from Client.forMainnet() at line 12`, `testnet · from settings`. */
  readonly why: string;
}

/** What one kind of lookup supplies to the flow. */
export interface LookupSpec<Query, Result> {
  /** The network to ask (the one the active code means, or the link's), read when the lookup starts. */
  readonly network: () => Promise<LookupNetwork>;
  readonly parse: (text: string) => Parsed<Query>;
  /** The progress notification's title. */
  readonly progressTitle: (query: Query, network: string) => string;
  readonly fetch: (client: MirrorClient, query: Query, signal: AbortSignal) => Promise<Result>;
  /** Shows the result in its panel and returns the view shown. */
  readonly show: (where: LookupNetwork, query: Query, result: Result) => DetailView;
  /** What a 404 on the network asked leads to (the error is that 404). */
  readonly notFound: (query: Query, where: LookupNetwork, error: MirrorError) => Promise<LookupOutcome>;
}

export async function runLookup<Query, Result>(spec: LookupSpec<Query, Result>, text: string): Promise<LookupOutcome> {
  const parsed = spec.parse(text);
  if (!parsed.ok) return refuse(parsed.message);
  const { query } = parsed;
  const where = await spec.network();
  const network = where.name;
  const fetched = await withCancellableProgress(spec.progressTitle(query, network), signal =>
    spec.fetch(where.client, query, signal),
  );
  if (fetched.kind === 'cancelled') return fetched;
  if (fetched.kind === 'result') return { kind: 'shown', network, view: spec.show(where, query, fetched.result) };
  const error = fetched.error;
  if (error instanceof MirrorInputError) return refuse(error.message);
  if (error instanceof MirrorError && error.status === 404) return spec.notFound(query, where, error);
  return failed(error, network);
}

export type Fetched<Result> =
  | { readonly kind: 'result'; readonly result: Result }
  | { readonly kind: 'error'; readonly error: unknown }
  | { readonly kind: 'cancelled' };

/** Runs a request under a cancellable progress notification; cancelling aborts it. */
export function withCancellableProgress<Result>(
  title: string,
  request: (signal: AbortSignal) => Promise<Result>,
): Promise<Fetched<Result>> {
  return Promise.resolve(
    vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (_progress, token): Promise<Fetched<Result>> => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        try {
          return { kind: 'result', result: await request(controller.signal) };
        } catch (error) {
          if (token.isCancellationRequested || isAbortError(error)) return { kind: 'cancelled' };
          return { kind: 'error', error };
        } finally {
          sub.dispose();
        }
      },
    ),
  );
}

/** Refused before any request: the rule the input breaks. */
export function refuse(message: string): LookupOutcome {
  const shown = forNotification(message);
  void notify('error', `Ledger Lens: ${shown}`);
  return { kind: 'invalid', message: shown };
}

export function failed(error: unknown, network: string): LookupOutcome {
  const { message, serverMessages } = failureMessage(error, network);
  void notify('error', `Ledger Lens: ${message}`);
  return { kind: 'failed', message, serverMessages };
}

/** A warning built from text that may hold network words: shown without live links. */
export function warn(message: string): string {
  const shown = forNotification(message);
  void notify('warning', shown);
  return shown;
}
