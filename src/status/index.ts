// The status page surface: a Statuspage v2 client, its schemas, one network's health, and the
// poller that decides when to ask. No vscode here.
export {
  createStatusClient,
  StatusError,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  type StatusClient,
  type StatusClientOptions,
  type StatusErrorKind,
  type RequestOpts,
} from './client';
export * from './schemas';
export * from './health';
export {
  StatusPoller,
  systemClock,
  DEFAULT_MAX_BACKOFF_MS,
  type PollerClock,
  type PollerOptions,
  type PollOutcome,
  type TimerHandle,
} from './poller';
export {
  createLocalPoller,
  localHealth,
  LOCAL_LAG_WARN_SECONDS,
  type LocalHealth,
  type LocalLevel,
  type LocalProbe,
} from './local';
