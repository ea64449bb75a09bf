// Which proxy a request goes through. VS Code's `http.proxy` / `http.noProxy` (read by the
// composition root and handed in as a ProxyConfig) win over the environment's HTTPS_PROXY /
// HTTP_PROXY / NO_PROXY; undici's default agent ignores all of them, so the layer builds its
// dispatcher from this decision.
import { createAgent, createEnvHttpProxyAgent, type AgentOptions, type Dispatcher } from './undici';
import { processEnv } from '../util/platform';

export interface ProxyConfig {
  /** VS Code's `http.proxy`: a proxy URL for every request; empty means "use the environment". */
  readonly proxy?: string;
  /** VS Code's `http.noProxy`: hosts (or `host:port`, `.domain`, `*`) never proxied. */
  readonly noProxy?: readonly string[];
  /** VS Code's `http.proxySupport`: `off` sends everything direct. */
  readonly support?: 'off' | 'on' | 'fallback' | 'override';
  /** VS Code's `http.proxyStrictSSL`: false accepts a proxy's self-signed certificate. */
  readonly strictSSL?: boolean;
}

export interface ProxyDecision {
  readonly httpProxy?: string;
  readonly httpsProxy?: string;
  /** Comma-separated, as NO_PROXY is written; loopback is always included. */
  readonly noProxy: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** The proxies to use, or undefined for direct connections. Pure: the environment is passed in. */
export function decideProxy(config: ProxyConfig = {}, env: Env = processEnv()): ProxyDecision | undefined {
  if (config.support === 'off') return undefined;
  const fromSettings = config.proxy?.trim();
  const envNoProxy = (env['no_proxy'] ?? env['NO_PROXY'] ?? '').split(/[,\s]+/).filter(s => s !== '');
  const noProxy = [...LOOPBACK, ...(config.noProxy ?? []).map(s => s.trim()).filter(s => s !== ''), ...envNoProxy];
  if (fromSettings) {
    if (!isProxyUrl(fromSettings)) return undefined;
    return { httpProxy: fromSettings, httpsProxy: fromSettings, noProxy: unique(noProxy).join(',') };
  }
  const http = nonEmpty(env['http_proxy'] ?? env['HTTP_PROXY']);
  const https = nonEmpty(env['https_proxy'] ?? env['HTTPS_PROXY']) ?? http;
  if (!http && !https) return undefined;
  return {
    ...(http && isProxyUrl(http) ? { httpProxy: http } : {}),
    ...(https && isProxyUrl(https) ? { httpsProxy: https } : {}),
    noProxy: unique(noProxy).join(','),
  };
}

/** True for an http(s) proxy URL we can use. */
export function isProxyUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A dispatcher honouring the decision; `agentOptions` are the pool's timeouts and sizes. */
export function createDispatcher(
  config: ProxyConfig | undefined,
  agentOptions: AgentOptions,
  env: Env = processEnv(),
): Dispatcher {
  const decision = decideProxy(config, env);
  if (!decision || (!decision.httpProxy && !decision.httpsProxy)) return createAgent(agentOptions);
  return createEnvHttpProxyAgent({
    ...agentOptions,
    // An explicit empty string stops undici from reading the environment behind our back.
    httpProxy: decision.httpProxy ?? '',
    httpsProxy: decision.httpsProxy ?? '',
    noProxy: decision.noProxy,
    ...(config?.strictSSL === false ? { proxyTls: { rejectUnauthorized: false } } : {}),
  });
}

function nonEmpty(v: string | undefined): string | undefined {
  const t = v?.trim();
  return t ? t : undefined;
}

function unique(xs: readonly string[]): string[] {
  return [...new Set(xs)];
}
