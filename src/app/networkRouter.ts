// [network] The one router: for each asker (a hover's document, a panel or lookup, a command with
// no editor, a terminal link, the status item) which network is asked, at which endpoint, and why.
// The decisions are pure (src/app/networkRoutes.ts); this class hands them the code's answer
// (src/app/codeNetwork.ts), the current settings and the shared client of each network. Built on first
// use and holding only references, so it costs nothing at activation.
import * as vscode from 'vscode';
import type { CodeNetwork } from './codeNetwork';
import type { ConfigService } from './config';
import { hostOf } from '../infer/route';
import type { Network } from '../ledger/networks';
import type { MirrorClient } from '../mirror';
import { codeRoute, panelRoute, settingsRoute, type Route } from './networkRoutes';

export type { Route } from './networkRoutes';

/** A route with the clients to ask: the route's network's, and another network's (a miss looked for elsewhere). */
export interface ClientRoute extends Route {
  readonly client: () => MirrorClient;
  readonly clientFor: (network: Network) => MirrorClient;
}

/** The status item's network: the first look, the look for a document, and the events after which to look again. */
export interface StatusRoutes {
  readonly initial: Route;
  readonly resolve: (document: vscode.TextDocument | undefined) => Promise<Route>;
  readonly changed: readonly vscode.Event<unknown>[];
}

/** The mirror node a route with no status page is asked for its own health (a local node's). */
export interface MirrorProbe {
  /** `localhost:5551`. */
  readonly host: (network: Network) => string;
  /** The newest block's end (`sss.nnnnnnnnn`), undefined with no block; throws when it does not answer. */
  readonly newestBlockEnd: (network: Network, signal: AbortSignal) => Promise<string | undefined>;
}

export class NetworkRouter {
  /** Fire when an answer may differ: the evidence in the workspace, or the settings. */
  readonly changed: readonly vscode.Event<unknown>[];

  constructor(
    private readonly code: Pick<CodeNetwork, 'answerFor' | 'onDidChange'>,
    private readonly config: Pick<ConfigService, 'current' | 'onDidChange'>,
    /** The shared client of a network, at the endpoint the settings give it (Services.mirrorFor). */
    private readonly clientOf: (network: Network) => MirrorClient,
  ) {
    this.changed = [code.onDidChange, config.onDidChange];
  }

  /** The hover (and the status item): the network `document`'s code means, with its clients. */
  async forDocument(document: vscode.TextDocument | undefined): Promise<ClientRoute> {
    const answer = await this.code.answerFor(document);
    return this.withClients(codeRoute(answer, this.config.current));
  }

  /**
   * [panels] A panel or lookup: the network a link names (`requested`), else the one the active
   * editor's code means, said as the hover says it.
   */
  async forPanel(requested?: Network): Promise<Route> {
    const answer = await this.code.answerFor(vscode.window.activeTextEditor?.document);
    return panelRoute(answer, requested, this.config.current);
  }

  /** A command that has no editor to read: the network it names, else the settings' answer (or the default). */
  async forCommand(requested?: Network): Promise<Route> {
    const answer = await this.code.answerFor(undefined);
    return panelRoute(answer, requested, this.config.current);
  }

  /** A terminal link: no code is in front of it, so the settings' network (the views' too). */
  forTerminal(): ClientRoute {
    return this.withClients(settingsRoute(this.config.current));
  }

  /** The status item: the settings' network until the active editor's code is read, then that code's. */
  statusRoutes(): StatusRoutes {
    return {
      initial: settingsRoute(this.config.current),
      resolve: document => this.forDocument(document),
      changed: this.changed,
    };
  }

  /** The status item's own look at a mirror node no status page covers (a local node). */
  readonly mirrorProbe: MirrorProbe = {
    host: network => hostOf(this.clientOf(network).baseUrl),
    newestBlockEnd: async (network, signal) => {
      const page = await this.clientOf(network).listBlocks({ limit: 1, order: 'desc' }, { signal });
      const newest = page.blocks[0];
      return newest ? (newest.timestamp.to ?? newest.timestamp.from) : undefined;
    },
  };

  private withClients(route: Route): ClientRoute {
    return { ...route, client: () => this.clientOf(route.network), clientFor: other => this.clientOf(other) };
  }
}
