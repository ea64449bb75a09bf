// The hover feature: entity ids, EVM addresses and transaction ids in any file resolve against the
// mirror node of the selected network.
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi';
import type { ExchangeRates } from '../../mirror/rates';
import type { MirrorClient, TokenMetadata } from '../../mirror';
import type { LedgerLensConfig, Network } from '../../app/settings';
import { publicDoorOf } from '../../ledger/networks';
import { findElsewhere, foundElsewhereMessage } from '../../mirror/elsewhere';
import { escapeMarkdown } from '../common/markdown';
import type { FeatureHost, Setting } from '../context';
import { HOVER_COMMANDS } from './content';

/** Set once a Ledger Lens hover was shown: the walkthrough's "Hover an id" step completes on it. */
export const HOVER_SHOWN_KEY = 'ledgerLens.hoverShown';

/** Sets HOVER_SHOWN_KEY on its first call (and again after a failed try), then does nothing. */
function hoverShownMarker(): () => void {
  let shown = false;
  return () => {
    if (shown) return;
    shown = true;
    void vscode.commands.executeCommand('setContext', HOVER_SHOWN_KEY, true).then(undefined, () => (shown = false));
  };
}
import { HoverResolver, type HoverSettings } from './resolver';
import type { Reference } from '../../ledger';
import { traceOneLiner } from '../../trace/text';
import type { TraceStoreAccess } from '../common/trace/bundle';

/** What the hover feature uses (see the pattern in ../context.ts). */
export interface HoverInputs {
  readonly mirror: () => MirrorClient;
  /** The hover's settings, and where each network's requests go (what a hover on another network says). */
  readonly settings: Setting<HoverSettings & Pick<LedgerLensConfig, 'endpoints'>>;
  /** What was learnt about ids belongs to one network. */
  readonly onDidChangeMirrorClient: vscode.Event<unknown>;
  /** The ABIs: decoded contract calls and matching artifacts in the hover. */
  readonly abi?: AbiIndex;
  /** The current network's exchange rates (balances in dollars); undefined when dollars are off. */
  readonly rates?: () => ExchangeRates | undefined;
  /**
   * The exchange rates of another network (a hover in a document whose code means it shows dollars
   * at that network's rate); undefined when dollars are off.
   */
  readonly ratesFor?: (network: Network) => ExchangeRates | undefined;
  /** The token metadata of a network (units in decoded ERC-20 calls), the services' shared cache. */
  readonly tokensFor?: (network: Network) => TokenMetadata;
  /**
   * The network a document's code means and why (ledgerLens.network `auto`), with its client;
   * without it every hover uses `mirror` and the settings' network.
   */
  readonly networkFor?: (document: vscode.TextDocument) => Promise<DocumentNetwork>;
  /** The traces a panel already read (undefined while none was): the hover only peeks, never reads. */
  readonly traces?: () => Pick<TraceStoreAccess, 'peek'> | undefined;
}

/** The one-liner of a trace in memory, when it failed: what the transaction hover adds. */
function traceLineOf(
  inputs: HoverInputs,
): ((network: string, transactionId: string) => string | undefined) | undefined {
  const { traces } = inputs;
  if (!traces) return undefined;
  return (network, transactionId) => {
    const kept = traces()?.peek(network, transactionId);
    return kept === undefined || kept instanceof Error ? undefined : traceOneLiner(kept);
  };
}

/** The network a hover in one document uses, and the line that says why. */
export interface DocumentNetwork {
  readonly network: Network;
  /** The network as inferred (`mainnet` for either mainnet door): what "found elsewhere" compares. */
  readonly inferred: Network;
  /** The client of another public network, for "not on testnet; found on mainnet". */
  readonly clientFor: (network: Network) => MirrorClient;
  /** Whether a miss is worth asking the other networks about (not at a mirror node the user set). */
  readonly askElsewhere: boolean;
  readonly client: () => MirrorClient;
  /** `testnet · from Client.forTestnet() at line 12`; may quote workspace text, so escaped when shown. */
  readonly why: string;
}

/** What integration tests reach through `exports.features.hover`. */
export interface HoverFeature {
  readonly provider: vscode.HoverProvider;
  readonly resolver: HoverResolver;
}

export function registerHover(host: FeatureHost, inputs: HoverInputs): vscode.Disposable {
  const { tokensFor } = inputs;
  const traceLine = traceLineOf(inputs);
  const resolver = new HoverResolver({
    client: inputs.mirror,
    config: () => inputs.settings.current,
    abi: inputs.abi,
    ...(traceLine ? { traceLine } : {}),
    ...(inputs.rates ? { rates: inputs.rates } : {}),
    ...(tokensFor ? { tokens: () => tokensFor(inputs.settings.current.network) } : {}),
  });
  // One resolver per other network a document may mean: what it learns about ids is per network.
  const others = new Map<Network, HoverResolver>();
  const resolverFor = (target: Pick<DocumentNetwork, 'network' | 'client'> | undefined): HoverResolver => {
    if (target === undefined || target.network === inputs.settings.current.network) return resolver;
    let r = others.get(target.network);
    if (!r) {
      const network = target.network;
      r = new HoverResolver({
        client: target.client,
        config: settingsOfNetwork(inputs, network),
        // The workspace's ABIs mean the same on every network: calls decode wherever the code points.
        abi: inputs.abi,
        ...(traceLine ? { traceLine } : {}),
        // Dollars at the rate of the network the hover looked at, never the settings' one.
        ...(inputs.ratesFor ? { rates: () => inputs.ratesFor?.(network) } : {}),
        ...(tokensFor ? { tokens: () => tokensFor(network) } : {}),
      });
      others.set(network, r);
    }
    return r;
  };
  /** `Not on testnet; found on mainnet.` and what it is there, or '' (also when cancelled). */
  const foundElsewhere = async (target: DocumentNetwork, ref: Reference, signal: AbortSignal): Promise<string> => {
    try {
      const found = await findElsewhere(
        target.inferred,
        async (n, s) => {
          const network = publicDoorOf(n); // the ledger's free door: mainnet-public for mainnet
          const other = resolverFor({ network, client: () => target.clientFor(network) });
          const o: { notFound?: boolean } = {};
          const md = await other.describe(ref, s, o);
          return md === undefined || o.notFound ? undefined : md;
        },
        signal,
      );
      if (!found) return '';
      return `\n\n---\n\n**${escapeMarkdown(foundElsewhereMessage(target.inferred, found.network))}**\n\n${found.value}`;
    } catch {
      return '';
    }
  };
  const markShown = hoverShownMarker();
  const provider: vscode.HoverProvider = {
    async provideHover(document, position, token) {
      const line = document.lineAt(position.line).text;
      // Cheap and synchronous: most hovers are over text that holds no reference.
      const reference = resolver.find(line, position.character, document.languageId);
      if (!reference) return undefined;
      // Moving the mouse away cancels the token; the request stops when nobody else waits on it.
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        if (token.isCancellationRequested) return undefined;
        const target = inputs.networkFor ? await inputs.networkFor(document) : undefined;
        const chosen = resolverFor(target);
        // Checksums are checked against the network the document means.
        const ref = chosen === resolver ? reference : chosen.find(line, position.character, document.languageId);
        if (!ref || token.isCancellationRequested) return undefined;
        const outcome: { notFound?: boolean } = {};
        const markdown = await chosen.describe(ref, controller.signal, outcome);
        if (markdown === undefined || token.isCancellationRequested) return undefined;
        const elsewhere =
          outcome.notFound && target?.askElsewhere ? await foundElsewhere(target, ref, controller.signal) : '';
        if (token.isCancellationRequested) return undefined;
        const why = target ? `\n\n---\n\n_${escapeMarkdown(target.why)}_` : '';
        markShown();
        return new vscode.Hover(
          trustedMarkdown(markdown + elsewhere + why),
          new vscode.Range(position.line, ref.start, position.line, ref.end),
        );
      } finally {
        sub.dispose();
      }
    },
  };
  const feature: HoverFeature = { provider, resolver };
  host.exports.features['hover'] = feature;
  return vscode.Disposable.from(
    // What was learnt about ids belongs to one network.
    inputs.onDidChangeMirrorClient(() => {
      resolver.reset();
      others.clear();
    }),
  );
}

/**
 * The hover settings of another network than the settings' own, said as the endpoint that answers:
 * one the user set (mirrorNodeUrl, a mirrorNodeUrls entry) is named by its host and has no HashScan
 * links. Made once per settings snapshot.
 */
function settingsOfNetwork(inputs: HoverInputs, network: Network): () => HoverSettings {
  let made: { readonly from: object; readonly config: HoverSettings } | undefined;
  return () => {
    const current = inputs.settings.current;
    if (made?.from !== current) {
      const endpoint = current.endpoints[network];
      made = {
        from: current,
        config: { ...current, network, customMirror: endpoint.setting !== undefined, mirrorBaseUrl: endpoint.url },
      };
    }
    return made.config;
  };
}

/** Markdown whose links may run only our own hover commands; no HTML, no theme icons. */
export function trustedMarkdown(markdown: string): vscode.MarkdownString {
  const md = new vscode.MarkdownString(markdown, false);
  md.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
  md.supportHtml = false;
  return md;
}
