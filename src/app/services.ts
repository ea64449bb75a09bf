// The long-lived services every feature is handed: settings, the mirror node client of the
// selected network (rebuilt when the network or endpoint changes), the status page client, the log.
import * as vscode from 'vscode';
import { ConfigService } from './config';
import type * as Clients from './clients';
import type { MirrorClient, TokenMetadata, TokenMetadataByNetwork } from '../mirror';
import type { ExchangeRates, ExchangeRatesByNetwork } from '../mirror/rates';
import type { StatusClient } from '../status';
import type { SourceIndexApi } from '../source/api';
import type * as Trace from '../trace/session';
import type { WorkspaceSourceFiles } from '../trace/session';
import type { HttpClient, ProxyConfig } from '../net';
import { inferredNetworkOf, isNetwork } from '../ledger';
import { defaultMirrorBaseUrl, mirrorClientChanged, type LedgerLensConfig, type Network } from './settings';
import { CodeNetwork } from './codeNetwork';
import { NetworkRouter } from './networkRouter';
import { Disposable } from '../util/lifecycle';
import { once } from '../util/once';
import { inBrowser, platform } from '../util/platform';
import { TrustNotice } from './trustNotice';

/** The clients' code (src/app/clients.ts), required by the first client built, not at activation. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
const clients = once(() => require('./clients') as typeof Clients);
/** The call trace's session (src/trace/session.ts), required by the first use of `services.trace`. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
const traceSession = once(() => require('../trace/session') as typeof Trace);

/** The last mirror node request that failed for a reason other than the user's input. */
export interface MirrorProblem {
  readonly at: Date;
  readonly message: string;
}

export class Services extends Disposable {
  readonly config: ConfigService;
  /** Tells an untrusted workspace why its endpoint settings are not used. */
  readonly trustNotice: TrustNotice;
  // The clients, the HTTP layer and the caches are built on first use, not at activation.
  private mirrorClientBuilt: MirrorClient | undefined;
  private statusClientBuilt: StatusClient | undefined;
  private readonly clientChanged = this._register(new vscode.EventEmitter<MirrorClient>());
  /** Fires after the mirror client was replaced (network, URL, timeout or rate cap changed). */
  readonly onDidChangeMirrorClient = this.clientChanged.event;
  private readonly statusClientChanged = this._register(new vscode.EventEmitter<StatusClient>());
  readonly onDidChangeStatusClient = this.statusClientChanged.event;
  private problem: MirrorProblem | undefined;
  private readonly problemChanged = this._register(new vscode.EventEmitter<MirrorProblem | undefined>());
  /** Fires when a mirror request fails with a network error or 5xx, and when one succeeds after. */
  readonly onDidChangeMirrorProblem = this.problemChanged.event;

  /**
   * [net] The one HTTP layer: the per-origin request budget shared by every client, VS Code's proxy
   * settings, `User-Agent: LedgerLens/<version>`. Features read `http.budgets` (state, onDidChange)
   * to say "rate limited, retrying in 4 s".
   */
  get http(): HttpClient {
    if (!this.httpBuilt) {
      const { HttpClient, RequestBudgets, defaultRatePolicy, globalFetch } = clients();
      const budgets = new RequestBudgets({ rateFor: defaultRatePolicy(this.config.current.maxRequestsPerSecond) });
      // In a browser every request is the browser's fetch (the platform's transport, HttpClient's
      // default), which applies the browser's own proxy: VS Code's proxy settings and the host's
      // fetch as a fallback have nothing to add there.
      this.httpBuilt = inBrowser()
        ? new HttpClient({ budgets })
        : new HttpClient({
            budgets,
            proxy: readProxyConfig(),
            // VS Code's fetch applies the OS proxy (system settings, PAC) that our own connections cannot see.
            hostFetch: globalFetch,
            onThroughHost: origin =>
              this.log.info(
                `${origin}: a direct connection failed and VS Code's network stack (the system proxy) reached it; requests to it go that way from now on`,
              ),
          });
      this.log.info(httpTransportLine(this.httpBuilt.transport));
    }
    return this.httpBuilt;
  }
  private httpBuilt: HttpClient | undefined;

  // Token metadata and exchange rates, kept for the session per network and mirror node (a
  // network's tokens are not another's); requests go through whatever client is current.
  private tokenCachesBuilt: TokenMetadataByNetwork | undefined;
  private rateCachesBuilt: ExchangeRatesByNetwork | undefined;
  private get tokenCaches(): TokenMetadataByNetwork {
    return (this.tokenCachesBuilt ??= new (clients().TokenMetadataByNetwork)({ maxInFlight: 4 }));
  }
  private get rateCaches(): ExchangeRatesByNetwork {
    return (this.rateCachesBuilt ??= new (clients().ExchangeRatesByNetwork)());
  }
  /** [network] Which network each document's code means (ledgerLens.network `auto`), and why. */
  readonly codeNetwork: CodeNetwork;
  /** [network] Clients of endpoints other than the configured network's, by URL, built when a document asks. */
  private readonly otherClients = new Map<string, MirrorClient>();

  /**
   * [network] The one router: which network each asker (a hover, a panel or lookup, a command, a
   * terminal link, the status item) asks, at which endpoint, and why. Made on first use.
   */
  get router(): NetworkRouter {
    return (this.routerBuilt ??= new NetworkRouter(this.codeNetwork, this.config, network => this.mirrorFor(network)));
  }
  private routerBuilt: NetworkRouter | undefined;

  constructor(readonly log: vscode.LogOutputChannel) {
    super();
    this.config = this._register(new ConfigService());
    // [net] one layer for every request (built with the first); rebuilt pieces follow the settings below.
    this._register({ dispose: () => this.httpBuilt?.close() });
    this._register(
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration('http') && !inBrowser()) this.httpBuilt?.setProxy(readProxyConfig());
      }),
    );
    this.codeNetwork = this._register(
      new CodeNetwork(
        uri => networkSettingFor(uri),
        line => log.info(line),
      ),
    );
    this._register({ dispose: () => this.forgetOtherClients() });
    for (const p of this.config.problems) log.warn(`setting ${p.key}: ${p.message}`);
    this.trustNotice = this._register(new TrustNotice(this.config, log));
    this._register(
      this.config.onDidChange(({ previous, current }) => {
        for (const p of this.config.problems) log.warn(`setting ${p.key}: ${p.message}`);
        if (mirrorClientChanged(previous, current)) this.forgetOtherClients();
        if (previous.maxRequestsPerSecond !== current.maxRequestsPerSecond) {
          this.httpBuilt?.budgets.setPolicy(clients().defaultRatePolicy(current.maxRequestsPerSecond)); // [net]
        }
        if (mirrorClientChanged(previous, current)) {
          const old = this.mirrorClientBuilt;
          this.mirrorClientBuilt = undefined;
          old?.dispose(); // cancels the old network's requests
          this.rateCachesBuilt?.clear(); // a new endpoint may offer the rate the old one lacked
          this.setProblem(undefined);
          log.info(`mirror node: ${current.mirrorBaseUrl} (${current.network})`);
          this.clientChanged.fire(this.mirror);
        }
        if (previous.statusUrl !== current.statusUrl || previous.requestTimeoutMs !== current.requestTimeoutMs) {
          const old = this.statusClientBuilt;
          this.statusClientBuilt = undefined;
          old?.dispose();
          this.statusClientChanged.fire(this.status);
        }
      }),
    );
    log.info(`mirror node: ${this.config.current.mirrorBaseUrl} (${this.config.current.network})`);
    // Said once for the three kinds of work that use a worker thread in Node (the features check the
    // platform themselves: makeIndex.ts, the deployments and debug manifests, the replay runner).
    if (!platform().workerThreads) {
      log.info(
        "compiler-output indexing, deployment records and local replays run in time slices on the extension host's thread (no worker threads in a browser)",
      );
    }
  }

  /**
   * [trace] The call trace's session bundle, made on first use: the traces read, each network's
   * contract codes, the workspace's compiler-output index (kept by the sources feature: see
   * keepTraceSources), the revert-site link keys and the revert marks the editor draws.
   */
  get trace(): Trace.TraceSession {
    if (!this.traceBuilt) {
      this.traceBuilt = new (traceSession().TraceSession)({
        contractSource: network => {
          if (!isNetwork(network)) throw new Error(`${network} is not a network Ledger Lens knows`);
          const client = this.mirrorFor(network);
          return { endpoint: client.baseUrl, source: client };
        },
        sources: () => this.traceSources?.(),
        files: () => this.traceFiles,
      });
      this.traceMade.fire(this.traceBuilt);
    }
    return this.traceBuilt;
  }
  private traceBuilt: Trace.TraceSession | undefined;
  private traceSources: (() => SourceIndexApi) | undefined;
  private traceFiles: WorkspaceSourceFiles | undefined;
  private readonly traceMade = this._register(new vscode.EventEmitter<Trace.TraceSession>());
  /** [trace] Fires once, when the trace session is made (whoever draws its marks starts then). */
  readonly onDidMakeTrace = this.traceMade.event;

  /** [trace] The trace session if something has made it; never makes it. */
  get traceIfMade(): Trace.TraceSession | undefined {
    return this.traceBuilt;
  }

  /**
   * [trace] Makes `open` the keeper of the session's compiler-output index: called when the
   * session's `sources` is first read (which starts the workspace scan). One keeper at a time.
   */
  keepTraceSources(open: () => SourceIndexApi, files?: WorkspaceSourceFiles): vscode.Disposable {
    this.traceSources = open;
    this.traceFiles = files;
    return new vscode.Disposable(() => {
      if (this.traceSources === open) {
        this.traceSources = undefined;
        this.traceFiles = undefined;
      }
    });
  }

  get mirror(): MirrorClient {
    return (this.mirrorClientBuilt ??= this.buildMirror(this.config.current));
  }

  /** The token metadata service of the current network (lazy, coalesced, at most 4 in flight). */
  get tokens(): TokenMetadata {
    const c = this.config.current;
    return this.tokenCaches.for(`${c.network} ${c.mirrorBaseUrl}`, {
      getToken: (id, opts) => this.mirror.getToken(id, opts),
    });
  }

  /** The token metadata of `network`, asked through `mirrorFor(network)` (a hover in code that means it). */
  tokensFor(network: Network): TokenMetadata {
    if (network === this.config.current.network) return this.tokens;
    // Keyed by where the client really asks, as ratesFor is.
    return this.tokenCaches.for(`${network} ${this.mirrorFor(network).baseUrl}`, {
      getToken: (id, opts) => this.mirrorFor(network).getToken(id, opts),
    });
  }

  /** The exchange rates of the current network, or undefined when `ledgerLens.fiat.enabled` is off. */
  get rates(): ExchangeRates | undefined {
    return this.ratesFor(this.config.current.network);
  }

  /**
   * The exchange rates of `network`, asked through `mirrorFor(network)` (a hover in code that means
   * another network shows that network's dollars); undefined when `ledgerLens.fiat.enabled` is off.
   */
  ratesFor(network: Network): ExchangeRates | undefined {
    const c = this.config.current;
    if (!c.fiatEnabled) return undefined;
    // Keyed by where the client really asks (a local node may be reached through mirrorNodeUrl).
    const base = this.mirrorFor(network).baseUrl;
    return this.rateCaches.for(`${network} ${base}`, {
      getExchangeRate: (params, opts) => this.mirrorFor(network).getExchangeRate(params, opts),
    });
  }

  get status(): StatusClient {
    return (this.statusClientBuilt ??= this.buildStatus(this.config.current));
  }

  get mirrorProblem(): MirrorProblem | undefined {
    return this.problem;
  }

  override dispose(): void {
    this.traceBuilt?.dispose();
    this.tokenCachesBuilt?.dispose();
    this.rateCachesBuilt?.clear();
    this.mirrorClientBuilt?.dispose();
    this.statusClientBuilt?.dispose();
    super.dispose();
  }

  /**
   * [network] The client for `network`, at the endpoint the settings give it (the settings' one
   * decision, `config.endpoints`): a set `mirrorNodeUrl` for every network, else the network's
   * `mirrorNodeUrls` entry, else its own mirror node (public, or http://localhost:5551 for `local`).
   * One client per URL; every client goes through the one HTTP layer, so the request budget is shared.
   */
  mirrorFor(network: Network): MirrorClient {
    const c = this.config.current;
    const endpoint = c.endpoints[network];
    if (endpoint.url === c.mirrorBaseUrl) return this.mirror;
    // A test's stand-in replaces a network's own mirror node, never a URL the user set.
    const stand = endpoint.setting === undefined ? this.urlOverrides.get(network) : undefined;
    return stand === undefined ? this.clientAt(endpoint.url) : this.clientAt(stand, network);
  }

  /**
   * [panels] For "try the other networks" after a miss, a click away from the user: the network's
   * own mirror node (public, or localhost for `local`) when the endpoint that missed would be asked
   * again (`mirrorNodeUrl`, or the selected network's custom one); else `mirrorFor(network)`.
   */
  publicMirrorFor(network: Network): MirrorClient {
    const c = this.config.current;
    const setting = c.endpoints[network].setting;
    const again = setting === 'mirrorNodeUrl' || (network === c.network && setting !== undefined);
    if (!again) return this.mirrorFor(network);
    const stand = this.urlOverrides.get(network);
    return stand === undefined ? this.clientAt(defaultMirrorBaseUrl(network, c.scheme)) : this.clientAt(stand, network);
  }

  /**
   * The shared client of a mirror node other than the configured network's, made on first use: one
   * per URL (networks a mirrorNodeUrl serves share its cache), or per network for a test's stand-in
   * (one server standing in for several networks is asked as several).
   */
  private clientAt(url: string, standsInFor?: Network): MirrorClient {
    const key = standsInFor === undefined ? url : `${standsInFor} ${url}`;
    let client = this.otherClients.get(key);
    if (!client) {
      client = clients().createMirrorClient({
        baseUrl: url,
        timeoutMs: this.config.current.requestTimeoutMs,
        http: this.http,
      });
      this.otherClients.set(key, client);
    }
    return client;
  }

  private readonly urlOverrides = new Map<Network, string>();

  /**
   * Tests only: where `mirrorFor(network)` sends requests instead of the network's public mirror
   * node (a loopback replay). Not reachable from settings or from a workspace.
   */
  overrideMirrorUrlForTests(network: Network, url: string | undefined): void {
    if (url === undefined) this.urlOverrides.delete(network);
    else this.urlOverrides.set(network, url);
    this.forgetOtherClients();
  }

  private forgetOtherClients(): void {
    for (const c of this.otherClients.values()) c.dispose();
    this.otherClients.clear();
  }

  private setProblem(p: MirrorProblem | undefined): void {
    if (p === this.problem || (!p && !this.problem)) return;
    this.problem = p;
    this.problemChanged.fire(p);
  }

  private buildMirror(config: LedgerLensConfig): MirrorClient {
    return clients().createMirrorClient({
      baseUrl: config.mirrorBaseUrl,
      timeoutMs: config.requestTimeoutMs,
      // One HTTP layer for every client: the per-origin budget (loopback unlimited), proxy, User-Agent.
      http: this.http,
      onOutcome: outcome => {
        if (outcome.kind === 'ok') this.setProblem(undefined);
        else if (outcome.kind === 'network-error' || outcome.kind === 'server-error') {
          this.log.warn(`mirror node ${outcome.url}: ${outcome.message}`);
          this.setProblem({ at: new Date(), message: outcome.message });
        }
      },
    });
  }

  private buildStatus(config: LedgerLensConfig): StatusClient {
    return clients().createStatusClient({
      baseUrl: config.statusUrl,
      timeoutMs: config.requestTimeoutMs,
      http: this.http,
    });
  }
}

/** [net] The log's one line on how requests are made, for the host this runs in. */
export function httpTransportLine(transport: 'undici' | 'fetch'): string {
  return transport === 'fetch'
    ? `HTTP requests go through the browser's fetch in ${platform().hostName} (the browser applies its own proxy; VS Code's http.proxy settings are not used)`
    : `HTTP requests go through undici's connection pool in ${platform().hostName} (VS Code's http.proxy settings, else HTTPS_PROXY / NO_PROXY)`;
}

/** [net] VS Code's proxy settings (`http.proxy`, `http.noProxy`, `http.proxySupport`, `http.proxyStrictSSL`). */
function readProxyConfig(): ProxyConfig {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.get<unknown>('proxy');
  const noProxy = http.get<unknown>('noProxy');
  const support = http.get<unknown>('proxySupport');
  const strictSSL = http.get<unknown>('proxyStrictSSL');
  return {
    ...(typeof proxy === 'string' ? { proxy } : {}),
    ...(Array.isArray(noProxy) ? { noProxy: noProxy.filter((x): x is string => typeof x === 'string') } : {}),
    ...(support === 'off' || support === 'on' || support === 'fallback' || support === 'override' ? { support } : {}),
    ...(typeof strictSSL === 'boolean' ? { strictSSL } : {}),
  };
}

/**
 * [network] `ledgerLens.network` for a resource (a folder may set its own); `auto` unless a network.
 * A network is answered as inference names it: its ledger (`mainnet` for either mainnet door).
 */
function networkSettingFor(uri: vscode.Uri | undefined): 'auto' | Network {
  const value = vscode.workspace.getConfiguration('ledgerLens', uri).get<unknown>('network');
  return isNetwork(value) ? inferredNetworkOf(value) : 'auto';
}
