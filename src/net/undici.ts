// The parts of undici this layer uses, and only those: the connection pool (Agent), the proxy
// agent that honours HTTP(S)_PROXY / NO_PROXY rules (EnvHttpProxyAgent) and the promise request
// API. undici's index also loads fetch, WebSocket, EventSource, the caches, the mocks and the
// SQLite cache store, which we never use: ~535 KB of the bundle against ~175 KB for these
// (undici has no `exports` map, so these paths are as public as the package's own files; the
// esbuild plugin build/undici-trim.mjs leaves out what they require but we never reach).
//
// Loaded on first use, not when the extension starts (undiciParts.ts, a file of its own in the
// bundle), with the reading of a body from Node's streams (nodeBody.ts), and never by the fetch
// transport. The types are undici's own, from its index; the values come from the deep paths.
import type { Agent as AgentClass, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from 'undici';
import type { readBody as ReadBody } from './nodeBody';
import { once } from '../util/once';

export type { Dispatcher };
export type AgentOptions = AgentClass.Options;
export type EnvHttpProxyAgentOptions = EnvHttpProxyAgentClass.Options;

type RequestApi = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { readonly dispatcher: Dispatcher };

interface Undici {
  readonly Agent: typeof AgentClass;
  readonly EnvHttpProxyAgent: typeof EnvHttpProxyAgentClass;
  readonly request: RequestApi;
  readonly readBody: typeof ReadBody;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use (undiciParts.ts)
const undici = once(() => require('./undiciParts') as Undici);

/** undici's `new Agent(options)`: a keep-alive pool per origin. */
export function createAgent(options: AgentOptions): Dispatcher {
  return new (undici().Agent)(options);
}

/** undici's `new EnvHttpProxyAgent(options)`: proxies per scheme, with NO_PROXY rules. */
export function createEnvHttpProxyAgent(options: EnvHttpProxyAgentOptions): Dispatcher {
  return new (undici().EnvHttpProxyAgent)(options);
}

/**
 * undici's `request(url, { dispatcher, ... })`: the same split of the URL into origin and path
 * (search included) that its index does, then the dispatcher's request API.
 */
export function request(url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const u = new URL(url);
  return undici().request.call(dispatcher, {
    ...rest,
    origin: u.origin,
    path: u.search ? `${u.pathname}${u.search}` : u.pathname,
  });
}

/** nodeBody.ts's `readBody`: an undici response's body, decoded and capped (see there). */
export function readBody(...args: Parameters<typeof ReadBody>): ReturnType<typeof ReadBody> {
  return undici().readBody(...args);
}
