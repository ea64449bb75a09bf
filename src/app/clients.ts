// The network clients and the one HTTP layer, loaded on first use (dist/lazy-clients.js): the
// services build them lazily (services.ts), so activation loads none of this code, only the first
// request does (the status item's first check, a view's first rows, a hover).
export { HttpClient, RequestBudgets, defaultRatePolicy, globalFetch } from '../net';
export { TokenMetadataByNetwork, createMirrorClient } from '../mirror';
export { ExchangeRatesByNetwork } from '../mirror/rates';
export { createStatusClient } from '../status/client';
