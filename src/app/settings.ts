// The settings as one typed, validated snapshot. Pure: config.ts reads VS Code and hands the raw
// values here, so the rules (defaults, bounds, the base URL) are unit-tested without VS Code.
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../abi/globs';
import { once } from '../util/once';
import { trimTrailing } from '../util/trim';
import type * as Z from '../zod';
import type * as SettingsSchemas from './settingsSchemas';
import {
  NETWORKS,
  defaultMirrorUrl,
  isNetwork,
  mirrorEndpoints,
  hashscanNetworkFor,
  networkLabel as routeLabel,
  type MirrorEndpoint,
  type Network,
} from '../ledger';

type Schemas = typeof SettingsSchemas.settingsSchemas;

// The network list and its mappings live in the ledger; re-exported for the settings' users.
export { NETWORKS, type MirrorEndpoint, type Network };

/** Every setting read, keyed by the part after `ledgerLens.` (a test checks them against package.json). */
export const SETTING_KEYS = [
  'network',
  'scheme',
  'mirrorNodeUrl',
  'mirrorNodeUrls',
  'statusUrl',
  'accounts',
  'requestTimeoutMs',
  'maxRequestsPerSecond',
  'hover.enabled',
  'hover.anyShardRealm',
  'hover.excludedLanguages',
  'transactions.limit',
  'accountsRefreshIntervalSeconds',
  'status.pollIntervalSeconds',
  'status.notifyOnChange',
  'abi.include',
  'abi.exclude',
  'status.enabled',
  'fiat.enabled',
  'trace.compilerOutput',
  'trace.decorations',
  'debug.maxTraceMb',
  'debug.localReplay',
  'watchedTopics',
  'topicPollIntervalSeconds',
] as const;

/** The default of `ledgerLens.debug.maxTraceMb`. */
export const DEFAULT_MAX_TRACE_MB = 256;

/**
 * The settings an untrusted workspace may not set: every endpoint (where requests go, and how).
 * The one list: config.ts reads only the user's values of these there, trustNotice.ts names them,
 * and package.json's `capabilities.untrustedWorkspaces.restrictedConfigurations` must equal it (a
 * unit test checks, since the manifest cannot import it).
 */
export const RESTRICTED_SETTING_KEYS = ['mirrorNodeUrl', 'mirrorNodeUrls', 'statusUrl', 'scheme'] as const;

export interface AccountSetting {
  readonly id: string;
  readonly label?: string;
}

export interface LedgerLensConfig {
  /** The network requests go to when nothing more specific applies: the setting, or testnet under `auto`. */
  readonly network: Network;
  /** `ledgerLens.network` as set: `auto` lets each document's code pick its network (src/infer). */
  readonly networkSetting: 'auto' | Network;
  readonly scheme: 'https' | 'http';
  /** The mirror node origin requests for `network` go to (no `/api/v1`, no trailing slash). */
  readonly mirrorBaseUrl: string;
  /** True when a URL the user set (`mirrorNodeUrl`, or `mirrorNodeUrls` for `network`) serves `network`. */
  readonly customMirror: boolean;
  /** Where each network's requests go (src/ledger/networks.ts mirrorEndpoints: the one decision). */
  readonly endpoints: Readonly<Record<Network, MirrorEndpoint>>;
  readonly statusUrl: string;
  readonly accounts: readonly AccountSetting[];
  readonly requestTimeoutMs: number;
  readonly maxRequestsPerSecond: number;
  readonly hover: {
    readonly enabled: boolean;
    readonly anyShardRealm: boolean;
    readonly excludedLanguages: readonly string[];
  };
  readonly transactionsLimit: number;
  /** Seconds between automatic refreshes of the Accounts view while it is visible; 0 = off. */
  readonly accountsRefreshIntervalSeconds: number;
  readonly status: {
    readonly pollIntervalSeconds: number;
    readonly notifyOnChange: boolean;
    /** false: no status polling and no status bar item. */
    readonly enabled: boolean;
  };
  /** Where the workspace's ABIs are looked for (globs relative to the workspace folders). */
  readonly abi: {
    readonly include: readonly string[];
    readonly exclude: readonly string[];
  };
  /** Show ℏ amounts in US dollars (`≈ $0.0421`) from the mirror node's exchange rate. */
  readonly fiatEnabled: boolean;
  /** The revert site: where the compiler's full output is (globs), and the editor's revert marks. */
  readonly trace: {
    readonly compilerOutput: readonly string[];
    readonly decorations: boolean;
  };
  /**
   * The transaction debugger: the largest opcode trace read, in MiB (decompressed), and whether a
   * transaction is replayed on a local EVM when the mirror node serves no opcode trace.
   */
  readonly debug: {
    readonly maxTraceMb: number;
    readonly localReplay: boolean;
  };
  /** The consensus topics the Topics view shows (`shard.realm.num`, each once, as set). */
  readonly watchedTopics: readonly string[];
  /** Seconds between reads of an expanded topic's new messages while the Topics view is visible. */
  readonly topicPollIntervalSeconds: number;
}

/** One problem found in the settings: the key and what is wrong, for the log and a warning. */
export interface SettingsProblem {
  readonly key: string;
  readonly message: string;
}

// zod and the settings' schemas (settingsSchemas.ts) are loaded on first use, and each schema made
// on its first use: VS Code hands every unset setting its manifest default, a value equal to that
// default is our own constant (a unit test parses the manifest's defaults through these schemas) and
// is taken as it is. So with default settings activation neither loads zod nor builds a schema; each
// value the user did set is checked.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy seam (lazyFeature.ts)
const schemas = once(() => (require('./settingsSchemas') as typeof SettingsSchemas).settingsSchemas);

/** True when `value` is the default itself: the same primitive, or a list of the same strings. */
function isDefault(value: unknown, fallback: unknown): boolean {
  if (value === fallback) return true;
  if (!Array.isArray(value) || !Array.isArray(fallback) || value.length !== fallback.length) return false;
  return value.every((v, i) => typeof v === 'string' && v === fallback[i]);
}

/** Raw values as read from the configuration, keyed by the part after `ledgerLens.`. */
export type RawSettings = Readonly<Record<string, unknown>>;

/**
 * The default of `ledgerLens.trace.compilerOutput`: Hardhat's build-info, Foundry's out/ (its
 * artifacts with `ast = true`, and its build-info with `--build-info`). node_modules is never searched.
 */
export const DEFAULT_COMPILER_OUTPUT: readonly string[] = [
  '**/artifacts/build-info/*.json',
  '**/out/**/*.json',
  '**/out/build-info/*.json',
];

export const DEFAULTS = {
  network: 'testnet' as Network,
  scheme: 'https' as const,
  statusUrl: 'https://status.hedera.com',
  requestTimeoutMs: 10_000,
  maxRequestsPerSecond: 10, // [net] the request budget for remote origins
  transactionsLimit: 25,
  pollIntervalSeconds: 60,
  topicPollIntervalSeconds: 5,
};

/** The network's own mirror node (public, or the local default), whatever the user's endpoint settings. */
export function defaultMirrorBaseUrl(network: Network, scheme: 'https' | 'http'): string {
  return defaultMirrorUrl(network, scheme) ?? `${scheme}://${network}.mirrornode.hedera.com`;
}

function stripTrailingSlash(url: string): string {
  const u = new URL(url);
  // Keep a path prefix (a proxy may serve the API below one) but never a trailing slash.
  return trimTrailing(u.origin + u.pathname, '/');
}

/** Validates raw settings: every bad value falls back to its default and is reported. */
export function parseSettings(raw: RawSettings): { config: LedgerLensConfig; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  function pick<T>(key: string, schema: (s: Schemas) => Z.ZodMiniType<T>, fallback: T): T {
    const value = raw[key];
    if (value === undefined || value === null || isDefault(value, fallback)) return fallback;
    const r = schema(schemas()).safeParse(value);
    if (r.success) return r.data;
    problems.push({ key: `ledgerLens.${key}`, message: r.error.issues.map(i => i.message).join('; ') });
    return fallback;
  }

  const networkSetting = pick<'auto' | Network>('network', s => s.network(), 'auto');
  const network = networkSetting === 'auto' ? DEFAULTS.network : networkSetting;
  const scheme = pick('scheme', s => s.scheme(), DEFAULTS.scheme);
  // '' (the default: the network's own mirror node) is taken before any schema; anything else is a URL.
  const customUrl = pick('mirrorNodeUrl', s => s.httpUrl(), '');
  const perNetwork = readMirrorNodeUrls(raw['mirrorNodeUrls'], problems);
  if (customUrl !== '') {
    const all = stripTrailingSlash(customUrl);
    for (const [network, url] of Object.entries(perNetwork)) {
      if (url !== all)
        problems.push({
          key: `ledgerLens.mirrorNodeUrls.${network}`,
          message: `not used: ledgerLens.mirrorNodeUrl (${all}) takes every request`,
        });
    }
  }
  const endpoints = mirrorEndpoints({
    networkSetting,
    scheme,
    mirrorNodeUrl: customUrl ? stripTrailingSlash(customUrl) : undefined,
    mirrorNodeUrls: perNetwork,
  });
  const statusUrl = stripTrailingSlash(pick('statusUrl', s => s.httpUrl(), DEFAULTS.statusUrl));

  const accounts = readAccounts(raw['accounts'], problems);

  const num = (key: string, min: number, max: number, fallback: number) => {
    const v = raw[key];
    if (v === undefined || v === null || v === fallback) return fallback;
    const r = schemas().int().safeParse(v);
    if (r.success && r.data >= min && r.data <= max) return r.data;
    problems.push({ key: `ledgerLens.${key}`, message: `must be a whole number from ${min} to ${max}` });
    return fallback;
  };

  const excluded = pick('hover.excludedLanguages', s => s.strings(), [] as string[]);
  const config: LedgerLensConfig = {
    network,
    networkSetting,
    scheme,
    mirrorBaseUrl: endpoints[network].url,
    customMirror: endpoints[network].setting !== undefined,
    endpoints,
    statusUrl,
    accounts,
    requestTimeoutMs: num('requestTimeoutMs', 1000, 120_000, DEFAULTS.requestTimeoutMs),
    maxRequestsPerSecond: num('maxRequestsPerSecond', 1, 50, DEFAULTS.maxRequestsPerSecond),
    hover: {
      enabled: pick('hover.enabled', s => s.bool(), true),
      anyShardRealm: pick('hover.anyShardRealm', s => s.bool(), false),
      excludedLanguages: excluded,
    },
    transactionsLimit: num('transactions.limit', 1, 100, DEFAULTS.transactionsLimit),
    accountsRefreshIntervalSeconds: num('accountsRefreshIntervalSeconds', 0, 86_400, 0),
    status: {
      pollIntervalSeconds: num('status.pollIntervalSeconds', 10, 3600, DEFAULTS.pollIntervalSeconds),
      notifyOnChange: pick('status.notifyOnChange', s => s.bool(), false),
      enabled: pick('status.enabled', s => s.bool(), true),
    },
    abi: {
      include: pick('abi.include', s => s.globList(), DEFAULT_INCLUDE),
      exclude: pick('abi.exclude', s => s.globList(), DEFAULT_EXCLUDE),
    },
    fiatEnabled: pick('fiat.enabled', s => s.bool(), true),
    trace: {
      compilerOutput: pick('trace.compilerOutput', s => s.globList(), DEFAULT_COMPILER_OUTPUT),
      decorations: pick('trace.decorations', s => s.bool(), true),
    },
    debug: {
      maxTraceMb: num('debug.maxTraceMb', 16, 4096, DEFAULT_MAX_TRACE_MB),
      localReplay: pick('debug.localReplay', s => s.bool(), true),
    },
    watchedTopics: readWatchedTopics(raw['watchedTopics'], problems),
    topicPollIntervalSeconds: num('topicPollIntervalSeconds', 1, 3600, DEFAULTS.topicPollIntervalSeconds),
  };
  return { config, problems };
}

/** `ledgerLens.accounts`: each entry an id or `{ id, label? }`; a bad one is reported and left out. */
function readAccounts(rawAccounts: unknown, problems: SettingsProblem[]): AccountSetting[] {
  const accounts: AccountSetting[] = [];
  if (Array.isArray(rawAccounts)) {
    rawAccounts.forEach((entry: unknown, i) => {
      const r = schemas().accountEntry().safeParse(entry);
      if (r.success) accounts.push(r.data);
      else
        problems.push({
          key: `ledgerLens.accounts[${i}]`,
          message: 'must be an id string or { "id": string, "label"?: string }',
        });
    });
  } else if (rawAccounts !== undefined && rawAccounts !== null) {
    problems.push({ key: 'ledgerLens.accounts', message: 'must be an array' });
  }
  return accounts;
}

const TOPIC_ID = /^\d{1,10}\.\d{1,10}\.\d{1,10}$/;
/** More than this many watched topics are not read (the view lists them all at once). */
export const MAX_WATCHED_TOPICS = 100;

/**
 * `ledgerLens.watchedTopics`: topic ids (`0.0.1234`), each once; a bad entry is reported and left
 * out. Checked here without zod: the default (an empty list) costs nothing.
 */
function readWatchedTopics(value: unknown, problems: SettingsProblem[]): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    problems.push({ key: 'ledgerLens.watchedTopics', message: 'must be an array of topic ids (0.0.1234)' });
    return [];
  }
  const topics: string[] = [];
  value.forEach((entry: unknown, i) => {
    const id = typeof entry === 'string' ? entry.trim() : undefined;
    if (id === undefined || !TOPIC_ID.test(id))
      problems.push({
        key: `ledgerLens.watchedTopics[${i}]`,
        message: 'must be a topic id shard.realm.num (0.0.1234)',
      });
    else if (topics.length >= MAX_WATCHED_TOPICS)
      problems.push({
        key: `ledgerLens.watchedTopics[${i}]`,
        message: `not read: at most ${MAX_WATCHED_TOPICS} topics`,
      });
    else if (!topics.includes(id)) topics.push(id);
  });
  return topics;
}

/**
 * `ledgerLens.mirrorNodeUrls`: `{ "mainnet": "https://…", "testnet": "https://…" }`, one entry per
 * network name; an empty string is no entry. A bad entry is reported and left out (the network
 * keeps its own mirror node); the others stand. With no entry set, no zod is loaded.
 */
function readMirrorNodeUrls(value: unknown, problems: SettingsProblem[]): Partial<Record<Network, string>> {
  const urls: Partial<Record<Network, string>> = {};
  if (value === undefined || value === null) return urls;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ key: 'ledgerLens.mirrorNodeUrls', message: `must be an object keyed by ${NETWORKS.join(', ')}` });
    return urls;
  }
  for (const [key, url] of Object.entries(value)) {
    if (url === '' || url === undefined || url === null) continue;
    if (!isNetwork(key)) {
      problems.push({ key: `ledgerLens.mirrorNodeUrls.${key}`, message: `not a network (${NETWORKS.join(', ')})` });
      continue;
    }
    const r = schemas().httpUrl().safeParse(url);
    if (r.success) urls[key] = stripTrailingSlash(r.data);
    else
      problems.push({
        key: `ledgerLens.mirrorNodeUrls.${key}`,
        message: r.error.issues.map(i => i.message).join('; '),
      });
  }
  return urls;
}

/** True when some network's requests go to another URL in `b` than in `a`. */
function endpointsChanged(a: LedgerLensConfig, b: LedgerLensConfig): boolean {
  return NETWORKS.some(
    n => a.endpoints[n].url !== b.endpoints[n].url || a.endpoints[n].serves !== b.endpoints[n].serves,
  );
}

/** The keys whose change needs a new mirror client. */
export function mirrorClientChanged(a: LedgerLensConfig, b: LedgerLensConfig): boolean {
  return (
    a.mirrorBaseUrl !== b.mirrorBaseUrl ||
    endpointsChanged(a, b) ||
    a.network !== b.network ||
    a.requestTimeoutMs !== b.requestTimeoutMs ||
    a.maxRequestsPerSecond !== b.maxRequestsPerSecond
  );
}

/**
 * The settings' network as every surface names it (the views' descriptions, the contract results):
 * the ledger's one label rule (src/ledger/networks.ts networkLabel) for where its requests go.
 */
export function networkLabel(config: Pick<LedgerLensConfig, 'network' | 'endpoints'>): string {
  return routeLabel({ network: config.network, endpoint: config.endpoints[config.network] });
}

/** HashScan can have the settings' network's pages (src/ledger/networks.ts hashscanNetworkFor). */
export function hashscanAvailable(config: Pick<LedgerLensConfig, 'network' | 'endpoints'>): boolean {
  return hashscanNetworkFor({ network: config.network, endpoint: config.endpoints[config.network] }) !== undefined;
}
