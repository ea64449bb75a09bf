// The settings as one typed, validated snapshot. Pure: config.ts reads VS Code and hands the raw
// values here, so the rules (defaults, bounds, the base URL) are unit-tested without VS Code.
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from './abi/globs';
import { once } from './util/once';
import * as z from './zod';
import { NETWORKS, defaultMirrorUrl, networkLabelOf, type Network } from './ledger';

// The network list and its mappings live in the ledger; re-exported for the settings' users.
export { NETWORKS, type Network };

/** Every setting read, keyed by the part after `ledgerLens.` (a test checks them against package.json). */
export const SETTING_KEYS = [
  'network',
  'scheme',
  'mirrorNodeUrl',
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
] as const;

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
  /** The mirror node origin requests go to (no `/api/v1`, no trailing slash). */
  readonly mirrorBaseUrl: string;
  /** True when `ledgerLens.mirrorNodeUrl` overrides the network's public mirror node. */
  readonly customMirror: boolean;
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
}

/** One problem found in the settings: the key and what is wrong, for the log and a warning. */
export interface SettingsProblem {
  readonly key: string;
  readonly message: string;
}

// The schemas are made once, on the first parse (not when the module loads), and shared: a
// parse runs at activation and again on each change, and building a schema costs more than using
// it. The account entry's, the largest, only when some account is set.
const schemas = once(() => {
  const httpUrl = z.string().check(
    z.trim(),
    z.refine(s => {
      try {
        const u = new URL(s);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    }, 'must be an http:// or https:// URL without credentials'),
  );
  return {
    network: z.enum(['auto', ...NETWORKS]),
    scheme: z.enum(['https', 'http']),
    httpUrl,
    mirrorUrl: z.union([z.literal(''), httpUrl]),
    bool: z.boolean(),
    /** A whole number; each setting's bounds are checked by `num` below, with the bounds in its message. */
    int: z.int(),
    strings: z.array(z.string()),
    globList: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))).check(z.maxLength(100)),
  };
});

const accountEntry = once(() =>
  z.union([
    z.pipe(
      z.string().check(z.trim(), z.minLength(1)),
      z.transform((id: string) => ({ id })),
    ),
    z.pipe(
      z.object({ id: z.string().check(z.trim(), z.minLength(1)), label: z.optional(z.string().check(z.trim())) }),
      z.transform((o: { id: string; label?: string }) => (o.label ? { id: o.id, label: o.label } : { id: o.id })),
    ),
  ]),
);

/** Raw values as read from the configuration, keyed by the part after `ledgerLens.`. */
export type RawSettings = Readonly<Record<string, unknown>>;

export const DEFAULTS = {
  network: 'testnet' as Network,
  scheme: 'https' as const,
  statusUrl: 'https://status.hedera.com',
  requestTimeoutMs: 10_000,
  maxRequestsPerSecond: 10, // [net] issue 15: the request budget for remote origins
  transactionsLimit: 25,
  pollIntervalSeconds: 60,
};

export function defaultMirrorBaseUrl(network: Network, scheme: 'https' | 'http'): string {
  return defaultMirrorUrl(network, scheme) ?? `${scheme}://${network}.mirrornode.hedera.com`;
}

function stripTrailingSlash(url: string): string {
  const u = new URL(url);
  // Keep a path prefix (a proxy may serve the API below one) but never a trailing slash.
  return (u.origin + u.pathname).replace(/\/+$/, '');
}

/** Validates raw settings: every bad value falls back to its default and is reported. */
export function parseSettings(raw: RawSettings): { config: LedgerLensConfig; problems: SettingsProblem[] } {
  const problems: SettingsProblem[] = [];
  function pick<T>(key: string, schema: z.ZodMiniType<T>, fallback: T): T {
    const value = raw[key];
    if (value === undefined || value === null) return fallback;
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    problems.push({ key: `ledgerLens.${key}`, message: r.error.issues.map(i => i.message).join('; ') });
    return fallback;
  }

  const sc = schemas();
  const networkSetting = pick<'auto' | Network>('network', sc.network, 'auto');
  const network = networkSetting === 'auto' ? DEFAULTS.network : networkSetting;
  const scheme = pick('scheme', sc.scheme, DEFAULTS.scheme);
  const customUrl = pick('mirrorNodeUrl', sc.mirrorUrl, '');
  const statusUrl = stripTrailingSlash(pick('statusUrl', sc.httpUrl, DEFAULTS.statusUrl));

  const accounts: AccountSetting[] = [];
  const rawAccounts = raw['accounts'];
  if (Array.isArray(rawAccounts)) {
    rawAccounts.forEach((entry, i) => {
      const r = accountEntry().safeParse(entry);
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

  const num = (key: string, min: number, max: number, fallback: number) => {
    const v = raw[key];
    if (v === undefined || v === null) return fallback;
    const r = sc.int.safeParse(v);
    if (r.success && r.data >= min && r.data <= max) return r.data;
    problems.push({ key: `ledgerLens.${key}`, message: `must be a whole number from ${min} to ${max}` });
    return fallback;
  };

  const excluded = pick('hover.excludedLanguages', sc.strings, [] as string[]);
  const config: LedgerLensConfig = {
    network,
    networkSetting,
    scheme,
    mirrorBaseUrl: customUrl ? stripTrailingSlash(customUrl) : defaultMirrorBaseUrl(network, scheme),
    customMirror: customUrl !== '',
    statusUrl,
    accounts,
    requestTimeoutMs: num('requestTimeoutMs', 1000, 120_000, DEFAULTS.requestTimeoutMs),
    maxRequestsPerSecond: num('maxRequestsPerSecond', 1, 50, DEFAULTS.maxRequestsPerSecond),
    hover: {
      enabled: pick('hover.enabled', sc.bool, true),
      anyShardRealm: pick('hover.anyShardRealm', sc.bool, false),
      excludedLanguages: excluded,
    },
    transactionsLimit: num('transactions.limit', 1, 100, DEFAULTS.transactionsLimit),
    accountsRefreshIntervalSeconds: num('accountsRefreshIntervalSeconds', 0, 86_400, 0),
    status: {
      pollIntervalSeconds: num('status.pollIntervalSeconds', 10, 3600, DEFAULTS.pollIntervalSeconds),
      notifyOnChange: pick('status.notifyOnChange', sc.bool, false),
      enabled: pick('status.enabled', sc.bool, true),
    },
    abi: {
      include: pick('abi.include', sc.globList, DEFAULT_INCLUDE),
      exclude: pick('abi.exclude', sc.globList, DEFAULT_EXCLUDE),
    },
    fiatEnabled: pick('fiat.enabled', sc.bool, true),
  };
  return { config, problems };
}

/** The keys whose change needs a new mirror client. */
export function mirrorClientChanged(a: LedgerLensConfig, b: LedgerLensConfig): boolean {
  return (
    a.mirrorBaseUrl !== b.mirrorBaseUrl ||
    a.network !== b.network ||
    a.requestTimeoutMs !== b.requestTimeoutMs ||
    a.maxRequestsPerSecond !== b.maxRequestsPerSecond
  );
}

/** A short name for the network in view descriptions: the network, or the custom URL's host. */
export function networkLabel(config: Pick<LedgerLensConfig, 'network' | 'customMirror' | 'mirrorBaseUrl'>): string {
  return networkLabelOf(config.network, config.customMirror ? config.mirrorBaseUrl : undefined);
}
