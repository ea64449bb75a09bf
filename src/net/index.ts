// The HTTP layer (no vscode here): one client for every request, the shared per-origin budget, the
// proxy decision and the one error type.
export { HttpClient, parseRetryAfter, retryAfterMs, sleep } from './http';
export type { GetOptions, HttpClientOptions, HttpResponse } from './http';
export type { PostOptions } from './post';
export {
  RequestBudgets,
  OriginBudget,
  PRIORITIES,
  DEFAULT_PUBLIC_RATE,
  defaultRatePolicy,
  describeBudgetState,
  isLoopbackHost,
  realClock,
  THROTTLE_BASE_MS,
} from './budget';
export type {
  BudgetClock,
  BudgetState,
  Priority,
  PriorityInput,
  RatePolicy,
  RequestBudgetsOptions,
  Subscription,
} from './budget';
export { NetError, isNetError, errorCode, hostOf, describeNetFailure } from './errors';
export type { NetErrorDetails, NetErrorKind, ConnectionReason, RedirectReason } from './errors';
export { decideProxy, createDispatcher, isProxyUrl } from './proxy';
export type { ProxyConfig, ProxyDecision } from './proxy';
export { ACCEPT_ENCODING, bodyText, formatBytes } from './body';
export { globalFetch } from './hostFetch';
export type { FetchLike, FetchInit, FetchResponse } from './hostFetch';
export { linkSignals, lifetimeController, onAbort } from './signals';
export type { LinkedSignal } from './signals';
export { userAgent, BUILD_VERSION, PRODUCT } from './userAgent';
