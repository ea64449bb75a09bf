// The parts of undici this layer uses, and only those: the connection pool (Agent), the proxy
// agent that honours HTTP(S)_PROXY / NO_PROXY rules (EnvHttpProxyAgent) and the promise request
// API. undici's index also loads fetch, WebSocket, EventSource, the caches, the mocks and the
// SQLite cache store, which we never use: ~535 KB of the bundle against ~300 KB for these three
// (undici has no `exports` map, so these paths are as public as the package's own files).
// The types are undici's own, from its index; the values come from the deep paths.
import type { Agent as AgentClass, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from 'undici';

type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { readonly dispatcher: Dispatcher };

/* eslint-disable @typescript-eslint/no-require-imports -- deep paths of a CommonJS package without types */
export const Agent = require('undici/lib/dispatcher/agent') as typeof AgentClass;
export const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent') as typeof EnvHttpProxyAgentClass;
const requestApi = require('undici/lib/api/api-request') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;
// undici's index gives every dispatcher its API methods; the proxy agent needs `connect` (the
// CONNECT tunnel to an https origin), so the two we load are attached the same way here.
const DispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
Object.assign(DispatcherBase.prototype, {
  request: requestApi,
  connect: require('undici/lib/api/api-connect') as unknown,
});
/* eslint-enable @typescript-eslint/no-require-imports */

export type { Dispatcher };
export type AgentOptions = AgentClass.Options;

/**
 * undici's `request(url, { dispatcher, ... })`: the same split of the URL into origin and path
 * (search included) that its index does, then the dispatcher's request API.
 */
export function request(url: string, options: RequestOptions): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = options;
  const u = new URL(url);
  return requestApi.call(dispatcher, {
    ...rest,
    origin: u.origin,
    path: u.search ? `${u.pathname}${u.search}` : u.pathname,
  });
}
