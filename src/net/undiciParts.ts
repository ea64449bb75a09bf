// The parts of undici src/net uses (see undici.ts), required by their deep paths. A module of its
// own so that the bundle loads it with the first request (build/extension-build.mjs makes it a
// file of its own, dist/lazy-undici.js): undici's modules and the Node built-ins they require
// (http, tls, crypto, zlib…) cost activation time, and the first request comes after it. Reading
// a body from Node's streams (nodeBody.ts) comes with it: the fetch transport (a browser) never
// loads this module, so no Node built-in reaches it.
import type { Agent as AgentClass, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentClass } from 'undici';

type RequestApi = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/* eslint-disable @typescript-eslint/no-require-imports -- deep paths of a CommonJS package */
export const request = require('undici/lib/api/api-request') as RequestApi;
// undici's index gives every dispatcher its API methods; the proxy agent needs `connect` (the
// CONNECT tunnel), so the two we load are attached the same way here.
const DispatcherBase = require('undici/lib/dispatcher/dispatcher') as { prototype: object };
Object.assign(DispatcherBase.prototype, {
  request,
  connect: require('undici/lib/api/api-connect') as unknown,
});
export const Agent = require('undici/lib/dispatcher/agent') as typeof AgentClass;
export const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent') as typeof EnvHttpProxyAgentClass;
/* eslint-enable @typescript-eslint/no-require-imports */
export { readBody } from './nodeBody';
