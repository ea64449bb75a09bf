// The one error type of the HTTP layer. Clients (mirror, status) turn it into their own words and
// error class, keeping this one as `cause`; the classification (kind, reason) is decided here once.
import { errorMessage } from '../util/errorMessage';

/**
 * - `network`: no usable answer (refused, DNS, reset, TLS, body cut off);
 * - `timeout`: no complete answer within the time allowed;
 * - `aborted`: the caller's signal fired, or the layer was closed;
 * - `too-large`: the body (after decompression) passed the size cap;
 * - `redirect`: a redirect to another origin, too many redirects, an unreadable Location, or one
 *   that would turn a POST into a GET;
 * - `decode`: a body we cannot decompress (unknown or corrupt Content-Encoding).
 */
export type NetErrorKind = 'network' | 'timeout' | 'aborted' | 'too-large' | 'redirect' | 'decode';

/**
 * Why a `network` failure happened, for messages; `other` carries the library's own words;
 * `undisclosed`: a browser's fetch failed with one TypeError that does not say which failure it was.
 */
export type ConnectionReason =
  'refused' | 'dns' | 'reset' | 'timed-out' | 'incomplete' | 'tls' | 'undisclosed' | 'other';

/**
 * Why a redirect was refused (`method-change`: a 301/302/303 answer to a POST, which would become a
 * GET; `opaque`: a browser's fetch hides a redirect's status and Location, so it cannot be followed).
 */
export type RedirectReason = 'other-origin' | 'too-many' | 'no-location' | 'bad-location' | 'method-change' | 'opaque';

export interface NetErrorDetails {
  /** The HTTP status received, when a response arrived (redirects, too-large, decode). */
  readonly status?: number;
  readonly reason?: ConnectionReason | RedirectReason;
  /** For `too-large`: the cap, in bytes. */
  readonly limit?: number;
  /** For `redirect`: the Location header as sent (untrusted text). */
  readonly location?: string;
  /** For `redirect` to another origin: that origin. */
  readonly targetOrigin?: string;
  /** For `timeout`: the time allowed, in ms. */
  readonly timeoutMs?: number;
  /** For `aborted`: true when the layer was closed rather than the caller cancelling. */
  readonly closed?: boolean;
  /** For `network`: the proxy (`host:port`) whose connection failed, when it was the proxy's and not the server's. */
  readonly proxy?: string;
  /** For `undisclosed`: what the page itself could tell when the request failed (see `undisclosedHint`). */
  readonly hint?: UndisclosedHint;
  readonly cause?: unknown;
}

export class NetError extends Error {
  override readonly name = 'NetError';
  readonly status: number;
  constructor(
    readonly kind: NetErrorKind,
    /** The URL of the request that failed (after same-origin redirects). */
    readonly url: string,
    message: string,
    readonly details: NetErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status ?? 0;
  }
}

export function isNetError(e: unknown, kind?: NetErrorKind): e is NetError {
  return e instanceof NetError && (kind === undefined || e.kind === kind);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The first string `code` on an error or its causes (undici wraps socket errors). */
export function errorCode(e: unknown): string | undefined {
  for (let cur: unknown = e, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Classifies a failure of the socket or the library into a `network` or `timeout` NetError. */
export function fromSocketError(
  error: unknown,
  url: string,
  timeoutMs: number,
  /** The proxy URLs requests may go through (VS Code's http.proxy, HTTPS_PROXY…). */
  proxies: readonly string[] = [],
): NetError {
  const code = errorCode(error);
  const host = hostOf(url);
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new NetError('timeout', url, `${host} did not answer within ${timeoutMs} ms`, { timeoutMs, cause: error });
  }
  const reason: ConnectionReason =
    code === 'ECONNREFUSED'
      ? 'refused'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'dns'
        : code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE'
          ? 'reset'
          : code === 'ETIMEDOUT'
            ? 'timed-out'
            : code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'
              ? 'incomplete'
              : isTlsCode(code)
                ? 'tls'
                : 'other';
  const proxy = reason === 'incomplete' ? undefined : failingProxy(error, proxies, url);
  if (proxy !== undefined) {
    const details = { reason, proxy, cause: error };
    return new NetError('network', url, `cannot reach ${host}: ${proxyWords(reason, proxy)}`, details);
  }
  const detail = errorMessage(error);
  const words: Record<ConnectionReason, string> = {
    refused: `connection refused by ${host}`,
    dns: `host ${host} not found (DNS lookup failed)`,
    reset: `the connection to ${host} was closed before the response was complete`,
    'timed-out': `the connection to ${host} timed out`,
    incomplete: `${host} sent an incomplete response`,
    tls: `the secure connection (TLS) to ${host} failed: ${tlsWhy(detail)}`,
    undisclosed: `cannot reach ${host}: ${undisclosedWhy(url)}`,
    other: `cannot reach ${host}: ${detail}`,
  };
  return new NetError('network', url, words[reason], { reason, cause: error });
}

/**
 * A failure with no usable answer (`network` or `timeout`) in the one sentence form every client
 * uses: `cannot reach <subject> at <host>: <why>`, or `<subject> at <host> did not answer within N ms`.
 * The why is the same words whoever asks; `subject` (`the mirror node`, `status page`) says who.
 */
export function describeNetFailure(e: NetError, subject: string): string {
  const at = `${subject} at ${hostOf(e.url)}`;
  if (e.kind === 'timeout') return `${at} did not answer within ${e.details.timeoutMs ?? '?'} ms`;
  return `cannot reach ${at}: ${failureWhy(e)}`;
}

/** Why no answer came, without the host: the words shared by the mirror and the status page. */
function failureWhy(e: NetError): string {
  const proxy = proxyFailure(e);
  if (proxy !== undefined) return proxy;
  switch (e.details.reason) {
    case 'refused':
      return 'connection refused';
    case 'dns':
      return 'host not found (DNS lookup failed)';
    case 'reset':
      return 'the connection was closed before the response was complete';
    case 'timed-out':
      return 'the connection timed out';
    case 'incomplete':
      return 'the response arrived incomplete';
    case 'tls':
      return `the secure connection (TLS) failed: ${tlsWhy(causeMessage(e))}`;
    case 'undisclosed':
      return undisclosedWhy(e.url, e.details.hint);
    default:
      return causeMessage(e);
  }
}

/**
 * What a page can tell about a fetch that failed without saying why: the browser reports being
 * offline, the page is https and the URL http: (mixed content, which a browser blocks before any
 * connection), or the URL is this machine's and the page is not (private network access, which a
 * browser may block). None is hidden from the page, unlike the failure itself.
 */
export type UndisclosedHint = 'offline' | 'mixed-content' | 'private-network';

/** The page's side of a failed fetch: `navigator.onLine` and `location.protocol` where they exist. */
export interface PageState {
  readonly onLine?: boolean;
  readonly protocol?: string;
  readonly hostname?: string;
}

/** This page's state (a web worker has both globals; Node has neither, or no `onLine`). */
export function currentPage(): PageState {
  const g = globalThis as { navigator?: { onLine?: unknown }; location?: { protocol?: unknown; hostname?: unknown } };
  const onLine = g.navigator?.onLine;
  const protocol = g.location?.protocol;
  const hostname = g.location?.hostname;
  return {
    ...(typeof onLine === 'boolean' ? { onLine } : {}),
    ...(typeof protocol === 'string' ? { protocol } : {}),
    ...(typeof hostname === 'string' ? { hostname } : {}),
  };
}

/** The hint that applies to a failed fetch of `url` from `page`, if any (offline first: it stops every request). */
export function undisclosedHint(url: string, page: PageState): UndisclosedHint | undefined {
  if (page.onLine === false) return 'offline';
  if (page.protocol === 'https:' && url.slice(0, 5).toLowerCase() === 'http:') return 'mixed-content';
  if (page.hostname !== undefined && !isLoopbackHost(page.hostname) && isLoopbackHost(hostnameOf(url)))
    return 'private-network';
  return undefined;
}

/** localhost (and its subdomains), 127.0.0.0/8 and [::1]: this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

const HINT_WORDS: Record<UndisclosedHint, string> = {
  offline: 'the browser is offline',
  'mixed-content': 'an https page may not call an http: mirror node; use https or a local proxy',
  'private-network':
    'a browser may block a page from calling this machine (private network access): use desktop VS Code, or serve the mirror node over https with CORS',
};

/**
 * A browser's fetch rejects with one TypeError for a refused connection, an unknown host, a failed
 * TLS handshake and a CORS refusal alike (what it tells a page must not reveal the network): the
 * words say so, and name the origin whose CORS headers would have to allow the page; then what the
 * page could tell (`hint`), when there is something.
 */
export function undisclosedWhy(url: string, hint?: UndisclosedHint): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // Not a URL: named as it is.
  }
  return (
    'the connection failed, and the browser does not say whether it was refused, the host was not ' +
    `found (DNS), the secure connection (TLS) failed, or ${origin} did not allow this page's origin (CORS)` +
    (hint === undefined ? '' : `; ${HINT_WORDS[hint]}`)
  );
}

/** The library's own words for a failure: the socket error's message when there is one. */
function causeMessage(e: NetError): string {
  return e.cause instanceof Error ? e.cause.message : e.message;
}

/** OpenSSL's reason (`wrong version number`) out of its one-line error dump; other messages as they are. */
function tlsWhy(message: string): string {
  const openssl = /SSL routines:[^:]*:([^:]+):/.exec(message);
  return (openssl ? openssl[1] : message).trim();
}

/** Certificate and handshake failures (Node's and OpenSSL's codes). */
function isTlsCode(code: string | undefined): boolean {
  if (code === undefined) return false;
  return (
    code === 'EPROTO' ||
    code.startsWith('ERR_TLS_') ||
    code.startsWith('ERR_SSL_') ||
    code.startsWith('CERT_') ||
    /^(?:DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(?:GET|VERIFY)_\w+|HOSTNAME_MISMATCH)$/.test(
      code,
    )
  );
}

/** What went wrong with the proxy, for a NetError that has `details.proxy`; undefined otherwise. */
function proxyFailure(e: NetError): string | undefined {
  const { proxy, reason } = e.details;
  return proxy === undefined ? undefined : proxyWords(reason, proxy);
}

function proxyWords(reason: NetErrorDetails['reason'], proxy: string): string {
  const fix = "(VS Code's http.proxy setting, or the HTTPS_PROXY / HTTP_PROXY variables)";
  switch (reason) {
    case 'refused':
      return `the proxy ${proxy} refused the connection ${fix}`;
    case 'dns':
      return `the proxy's host ${proxy} was not found (DNS lookup failed) ${fix}`;
    case 'timed-out':
      return `the connection to the proxy ${proxy} timed out ${fix}`;
    case 'reset':
      return `the proxy ${proxy} closed the connection ${fix}`;
    default:
      return `the proxy ${proxy} failed ${fix}`;
  }
}

/**
 * The proxy (`host:port`) a socket error came from: the error (or a cause) names the address and
 * port it could not connect to, or the host name it could not resolve, and one of `proxies` is there.
 */
function failingProxy(error: unknown, proxies: readonly string[], url: string): string | undefined {
  if (proxies.length === 0) return undefined;
  let address: string | undefined;
  let port: number | undefined;
  let hostname: string | undefined;
  for (let cur: unknown = error, depth = 0; cur && typeof cur === 'object' && depth < 4; depth++) {
    const c = cur as { address?: unknown; port?: unknown; hostname?: unknown; cause?: unknown };
    if (typeof c.address === 'string') address ??= c.address;
    if (typeof c.port === 'number') port ??= c.port;
    if (typeof c.hostname === 'string') hostname ??= c.hostname;
    cur = c.cause;
  }
  for (const p of proxies) {
    let u: URL;
    try {
      u = new URL(p);
    } catch {
      continue;
    }
    const name = u.hostname.replace(/^\[|\]$/g, '');
    const proxyPort = portOf(p);
    if (hostname !== undefined && hostname === name) return u.host;
    if (address === undefined || (port !== undefined && port !== proxyPort)) continue;
    if (address === name) return u.host;
    // A proxy named by host name: the error holds the address it resolved to. The port alone
    // decides then, when the server's port is another.
    if (!isIpLiteral(name) && port !== undefined && port !== portOf(url)) return u.host;
  }
  return undefined;
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/** The port a URL connects to (its default when none is written). */
function portOf(url: string): number | undefined {
  try {
    const u = new URL(url);
    return Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  } catch {
    return undefined;
  }
}
