// A loopback mirror node: a real node:http server that answers with the mirror node's own recorded
// responses (../shared/fixtures/mirror-node/responses.jsonl) byte for byte, plus records a test adds
// (builders.ts), and misbehaves on demand so the client's transport can be proven against a socket
// rather than a mock. Dynamic `routes` answer what no record does, POST included (the test world's
// contract calls and storage: contractCallRoutes.ts).
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';
import * as zlib from 'zlib';
import { z } from 'zod';
import { mirrorFixturesFile } from './paths';

// ---------------------------------------------------------------------------------------------
// Records

const recordSchema = z.looseObject({
  source: z.string(),
  endpoint: z.string(),
  url: z.string().startsWith('/'),
  status: z.number().int().min(100).max(599),
  // JSON.parse of the line has already rounded integers above 2^53 here: serve and check bodyText.
  body: z.unknown(),
  bodyText: z.string(),
  hasUnsafeIntegers: z.boolean(),
  testDescription: z.string().optional(),
  requestHeaders: z.record(z.string(), z.string()).optional(),
  responseHeaders: z.record(z.string(), z.unknown()).optional(),
  testConfigOverride: z.unknown().optional(),
  specConfigOverride: z.unknown().optional(),
  specFeatures: z.unknown().optional(),
  specMatrix: z.unknown().optional(),
  bodyMatrix: z.unknown().optional(),
});

/** One recorded exchange of the mirror node's own test suite (SOURCES.md describes the fields). */
export type MirrorRecord = z.infer<typeof recordSchema>;

/** A record the test makes itself (usually from builders.ts), served beside the recorded ones. */
export interface ExtraRecord {
  /** Path and query, e.g. `/api/v1/accounts/0.0.1001?transactions=false`. */
  readonly url: string;
  /** Default 200. */
  readonly status?: number;
  /** Served byte for byte, so int64 values above 2^53 can be written with every digit. */
  readonly bodyText: string;
  /** Shown in pick() callbacks and preferSource(); default `builder`. */
  readonly source?: string;
  /** Extra response headers (e.g. a cache-control the test wants). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A record that can answer a request, with its index in the server's numbering. */
export interface Candidate {
  /** Recorded records are 0..267 (line order); added ones follow in the order they were added. */
  readonly index: number;
  readonly added: boolean;
  readonly record: MirrorRecord;
}

const loaded = new Map<string, MirrorRecord[]>();

/** `GET /api/v1/contracts/results/{id}/opcodes`: the web3 module's path. */
const OPCODES_PATH = /\/contracts\/results\/[^/]+\/opcodes$/;

/**
 * Reads and validates a responses.jsonl file (default: the shared recordings). Cached per file:
 * the returned array is shared, so do not mutate it.
 */
export function loadRecords(file: string = mirrorFixturesFile()): MirrorRecord[] {
  const cached = loaded.get(file);
  if (cached !== undefined) return cached;
  const records = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, i }) => {
      const parsed = recordSchema.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: not a mirror record: ${parsed.error.message}`);
      return parsed.data;
    });
  loaded.set(file, records);
  return records;
}

// ---------------------------------------------------------------------------------------------
// Request matching: path exact, query as a multiset of (lower-cased name, value) pairs, because the
// client may order parameters differently and the recordings spell `transactionType` where the
// client sends `transactiontype`; the server treats names case-insensitively.

export interface QueryPair {
  readonly name: string;
  readonly value: string;
}

function decodePart(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** Splits a request target into its decoded path and query pairs (names lower-cased, in order). */
export function parseRequestTarget(target: string): { path: string; query: QueryPair[] } {
  const q = target.indexOf('?');
  const rawPath = q === -1 ? target : target.slice(0, q);
  const rawQuery = q === -1 ? '' : target.slice(q + 1);
  const query: QueryPair[] = [];
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const name = decodePart(eq === -1 ? part : part.slice(0, eq)).toLowerCase();
    const value = eq === -1 ? '' : decodePart(part.slice(eq + 1));
    query.push({ name, value });
  }
  return { path: decodePart(rawPath), query };
}

/**
 * Like canonicalTarget, but keeps the order of the values of a repeated parameter: the mirror node
 * reads the last of some repeats, so `scheduled=true&scheduled=false` and the reverse differ.
 */
export function orderedTarget(target: string): string {
  const { path, query } = parseRequestTarget(target);
  const names = [...new Set(query.map(p => p.name))].sort();
  const pairs = names.flatMap(n =>
    query.filter(p => p.name === n).map(p => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`),
  );
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

/** A key equal for two targets exactly when they match: same path, same query multiset. */
export function canonicalTarget(target: string): string {
  const { path, query } = parseRequestTarget(target);
  const pairs = query.map(p => `${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`).sort();
  return pairs.length === 0 ? path : `${path}?${pairs.join('&')}`;
}

// ---------------------------------------------------------------------------------------------
// Faults

export type FaultKind =
  /** Wait before answering normally. */
  | { readonly kind: 'latency'; readonly ms: number }
  /** 429 with a Retry-After header (seconds or an HTTP date, as given; default "1"). */
  | { readonly kind: 'tooManyRequests'; readonly retryAfter?: string | number }
  /** A 5xx with a mirror-style error body (default 503). */
  | { readonly kind: 'serverError'; readonly status?: number; readonly message?: string }
  /** Headers and part of the body (default half), then the socket is destroyed. */
  | { readonly kind: 'reset'; readonly afterBytes?: number }
  /** Headers and part of the body (default half), then nothing, ever (until close()). */
  | { readonly kind: 'stall'; readonly afterBytes?: number }
  /** A complete 200 whose body is not JSON. */
  | { readonly kind: 'malformed'; readonly body?: string }
  /** A 200 whose body is `bytes` long (valid JSON); `chunked` leaves out the content-length. */
  | { readonly kind: 'oversize'; readonly bytes: number; readonly chunked?: boolean }
  /** A redirect to `location` (absolute), with the request's path and query appended when `appendPath`. */
  | {
      readonly kind: 'redirect';
      readonly status?: 301 | 302 | 307 | 308;
      readonly location: string;
      readonly appendPath?: boolean;
    };

export type Fault = FaultKind & {
  /** Only requests whose target (path and query) matches; a string is compiled as a RegExp. */
  readonly path?: RegExp | string;
  /** Apply to this many matching requests, then answer normally again. Default: until cleared. */
  readonly times?: number;
};

interface ActiveFault {
  readonly fault: Fault;
  readonly path: RegExp | undefined;
  remaining: number;
}

export function activateFault(fault: Fault | undefined): ActiveFault | undefined {
  if (fault === undefined) return undefined;
  const path =
    fault.path === undefined ? undefined : typeof fault.path === 'string' ? new RegExp(fault.path) : fault.path;
  return { fault, path, remaining: fault.times ?? Number.POSITIVE_INFINITY };
}

/** Takes one use of the fault if it applies to `target`. */
export function takeFault(active: ActiveFault | undefined, target: string): Fault | undefined {
  if (active === undefined || active.remaining <= 0) return undefined;
  if (active.path !== undefined) {
    active.path.lastIndex = 0;
    if (!active.path.test(target)) return undefined;
  }
  active.remaining--;
  return active.fault;
}

// ---------------------------------------------------------------------------------------------
// Server

export interface SeenRequest {
  readonly method: string;
  /** The request target exactly as received (path and query). */
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  /** A POST's body as received (UTF-8), once read; absent for GET. */
  readonly body?: string;
}

/** A request as a route sees it (a POST's body read whole, up to MAX_ROUTE_BODY_BYTES). */
export interface RouteRequest {
  readonly method: string;
  /** Decoded path, e.g. `/api/v1/contracts/0.0.1006/state`. */
  readonly path: string;
  /** Decoded query pairs in order (names lower-cased). */
  readonly query: readonly QueryPair[];
  /** The request target exactly as received. */
  readonly target: string;
  readonly headers: http.IncomingHttpHeaders;
  /** The body as UTF-8 text ('' for GET). */
  readonly body: string;
}

export interface RouteAnswer {
  readonly status: number;
  /** Extra headers; content-type defaults to application/json. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Answers a request no record answers (and every POST), or undefined to leave it as it was: a
 * GET then gets the 404 it always got, a POST the 405. What it throws is a 500.
 */
export type Routes = (req: RouteRequest) => Promise<RouteAnswer | undefined>;

/** The largest request body a route is handed; a larger one is answered 413 unread. */
export const MAX_ROUTE_BODY_BYTES = 1024 * 1024;

export type Picker = (url: string, candidates: readonly Candidate[]) => number;

export interface MirrorReplay {
  /** Origin to give the client as `baseUrl`, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly port: number;
  /** Every request received, in arrival order (faulted ones included). */
  readonly requests: readonly SeenRequest[];
  resetRequests(): void;
  /** One fault at a time; undefined clears it. */
  setFault(fault: Fault | undefined): void;
  /** Adds records served beside the recorded ones (they win over a recorded one for the same URL). Returns their indices. */
  addRecords(records: readonly ExtraRecord[]): number[];
  /** Answers what no record answers (and POSTs) from now on; undefined: none. */
  setRoutes(routes: Routes | undefined): void;
  /** Removes every added record (and any choice that pointed at one). */
  clearAddedRecords(): void;
  /** Chooses among several records for one URL; undefined restores the default (first candidate). */
  pick(picker: Picker | undefined): void;
  /** Prefers the candidates whose `source` contains this text; undefined clears. */
  preferSource(sourceSubstring: string | undefined): void;
  /** Serves record `index` whenever a request matches its URL. */
  useRecord(index: number): void;
  /** Serves record `index` for every request, whatever its URL (undefined: normal matching). */
  pinRecord(index: number | undefined): void;
  /** Forgets useRecord/pinRecord/pick/preferSource choices. */
  clearSelections(): void;
  /** All records in the server's numbering (recorded, then added). */
  records(): readonly Candidate[];
  close(): Promise<void>;
}

export interface MirrorReplayOptions {
  /** 0 (default) for an ephemeral port. */
  readonly port?: number;
  readonly host?: '127.0.0.1';
  /** A responses.jsonl of the same format (the offline demo ships a curated subset). */
  readonly recordsFile?: string;
  /** Same as calling pick() / preferSource() / addRecords() once started. */
  readonly pick?: Picker;
  readonly preferSource?: string;
  readonly extraRecords?: readonly ExtraRecord[];
  /** Same as calling setRoutes() once started. */
  readonly routes?: Routes;
}

/** The spec harness's defaults (SOURCES.md); the mirror node's endpoints each cache differently. */
const CACHE_CONTROL: Readonly<Record<string, string>> = {
  'accounts/{id}': 'public, max-age=2',
  'transactions/{id}': 'public, max-age=600',
  'blocks/{id}': 'public, max-age=600',
  'contracts/results': 'public, max-age=10',
  blocks: 'public, max-age=1',
};
const DEFAULT_CACHE_CONTROL = 'public, max-age=1';

/** `accounts/{id}`, `blocks`, `tokens/{id}/balances`... from a request path (`/api/v1/...`). */
export function endpointOf(path: string): string {
  const rest = path.replace(/^\/api\/v1\//, '').replace(/\/+$/, '');
  const parts = rest.split('/');
  // Every odd segment is an id in the mirror node's REST layout (group/id/sub-resource/id...),
  // except the fixed sub-paths of contracts (`contracts/results`, `contracts/call`).
  if (parts[0] === 'contracts' && (parts[1] === 'results' || parts[1] === 'call')) {
    return [parts[0], parts[1], ...parts.slice(2).map((p, i) => (i % 2 === 0 ? '{id}' : p))].join('/');
  }
  return parts.map((p, i) => (i % 2 === 1 ? '{id}' : p)).join('/');
}

/** A request's body as UTF-8 text, rejecting (the rest unread) past `limit` bytes. */
function readRequestBody(req: http.IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.pause();
        reject(new Error('request body too large'));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function mirrorErrorBody(...messages: string[]): string {
  return JSON.stringify({ _status: { messages: messages.map(message => ({ message })) } });
}

export function startMirrorReplay(opts: MirrorReplayOptions = {}): Promise<MirrorReplay> {
  const recorded = loadRecords(opts.recordsFile);
  const all: Candidate[] = recorded.map((record, index) => ({ index, added: false, record }));
  let added: Candidate[] = [];
  const extraHeaders = new Map<number, Readonly<Record<string, string>>>();
  let byKey = new Map<string, Candidate[]>();

  const rebuildIndex = (): void => {
    byKey = new Map();
    // Added records first: a test that adds one for a recorded URL means it to be served.
    for (const c of [...added, ...all]) {
      const key = canonicalTarget(c.record.url);
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [c]);
      else list.push(c);
    }
  };
  rebuildIndex();

  const requests: SeenRequest[] = [];
  let fault: ActiveFault | undefined;
  let picker: Picker | undefined = opts.pick;
  let preferred: string | undefined = opts.preferSource;
  let pinned: number | undefined;
  let routes: Routes | undefined = opts.routes;
  const chosen = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const byIndex = (index: number): Candidate => {
    const c = index < all.length ? all[index] : added[index - all.length];
    if (c === undefined) throw new RangeError(`no record ${index}`);
    return c;
  };

  const resolve = (target: string): Candidate | undefined => {
    if (pinned !== undefined) return byIndex(pinned);
    const key = canonicalTarget(target);
    const candidates = byKey.get(key);
    if (candidates === undefined || candidates.length === 0) return undefined;
    const choice = chosen.get(key);
    if (choice !== undefined) return byIndex(choice);
    if (picker !== undefined) {
      const i = picker(target, candidates);
      const c = candidates[i];
      if (c === undefined) throw new RangeError(`pick() returned ${i} for ${candidates.length} candidates`);
      return c;
    }
    // Among records of the same multiset, one whose repeated values come in the request's order
    // answers the same question the server was asked.
    const ordered = orderedTarget(target);
    const sameOrder = candidates.filter(c => orderedTarget(c.record.url) === ordered);
    const pool = sameOrder.length > 0 ? sameOrder : candidates;
    if (preferred !== undefined) {
      const hit =
        pool.find(c => c.record.source.includes(preferred!)) ??
        candidates.find(c => c.record.source.includes(preferred!));
      if (hit !== undefined) return hit;
    }
    return pool[0];
  };

  const later = (ms: number, fn: () => void): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  const send = (res: http.ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    });
    res.end(body);
  };

  const serveNormally = (req: http.IncomingMessage, res: http.ServerResponse, body: string): void => {
    const target = req.url ?? '/';
    const c = req.method === 'POST' ? undefined : resolve(target);
    if (c === undefined) {
      serveRoute(req, res, body);
      return;
    }
    const { record } = c;
    const headers: Record<string, string> = {};
    if (record.status >= 200 && record.status < 300) {
      const recordedCc = record.responseHeaders?.['cache-control'];
      headers['cache-control'] =
        typeof recordedCc === 'string' ? recordedCc : (CACHE_CONTROL[record.endpoint] ?? DEFAULT_CACHE_CONTROL);
    }
    Object.assign(headers, extraHeaders.get(c.index) ?? {});
    if (OPCODES_PATH.test(parseRequestTarget(target).path)) {
      serveOpcodes(req, res, record.status, record.bodyText, headers);
      return;
    }
    send(res, record.status, record.bodyText, headers);
  };

  // What no record answers: the routes' answer, else a 404 (a GET) or a 405 (a POST), as before.
  const serveRoute = (req: http.IncomingMessage, res: http.ServerResponse, body: string): void => {
    const target = req.url ?? '/';
    const unanswered = (): void =>
      req.method === 'POST'
        ? send(res, 405, mirrorErrorBody('Method not allowed'), { allow: 'GET' })
        : send(res, 404, mirrorErrorBody('Not found'));
    const current = routes;
    if (current === undefined) {
      unanswered();
      return;
    }
    const { path, query } = parseRequestTarget(target);
    current({ method: req.method ?? 'GET', path, query, target, headers: req.headers, body }).then(
      answer => {
        if (res.destroyed || res.writableEnded) return;
        if (answer === undefined) unanswered();
        else send(res, answer.status, answer.body, { ...(answer.headers ?? {}) });
      },
      (error: unknown) => {
        if (res.destroyed || res.writableEnded) return;
        const why = error instanceof Error ? error.message : String(error);
        send(res, 500, JSON.stringify({ _status: { messages: [{ message: 'Internal Server Error', detail: why }] } }));
      },
    );
  };

  // The web3 module's opcode traces are served gzipped only: without gzip in Accept-Encoding the
  // server answers 406 (its ContentNegotiation rule), as the real one does.
  const serveOpcodes = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    body: string,
    headers: Record<string, string>,
  ): void => {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (!/\bgzip\b/.test(accepted)) {
      send(res, 406, mirrorErrorBody('Accept-Encoding: gzip is required'));
      return;
    }
    const zipped = zlib.gzipSync(Buffer.from(body, 'utf8'));
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-encoding': 'gzip',
      'content-length': String(zipped.length),
      ...headers,
    });
    res.end(zipped);
  };

  // The body a broken transfer starts to send: the record the URL would get, else a plain one.
  const partialBody = (target: string): string => resolve(target)?.record.bodyText ?? mirrorErrorBody('Not found');

  const applyFault = (f: Fault, req: http.IncomingMessage, res: http.ServerResponse, body: string): void => {
    const target = req.url ?? '/';
    switch (f.kind) {
      case 'latency':
        later(f.ms, () => {
          if (!res.destroyed && !res.writableEnded) serveNormally(req, res, body);
        });
        return;
      case 'tooManyRequests':
        send(res, 429, mirrorErrorBody('Too Many Requests'), { 'retry-after': String(f.retryAfter ?? '1') });
        return;
      case 'serverError': {
        const status = f.status ?? 503;
        send(res, status, mirrorErrorBody(f.message ?? http.STATUS_CODES[status] ?? 'Server error'));
        return;
      }
      case 'reset':
      case 'stall': {
        const body = Buffer.from(partialBody(target));
        const cut = Math.min(f.afterBytes ?? Math.floor(body.length / 2), Math.max(body.length - 1, 0));
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        res.write(body.subarray(0, cut));
        // Let the partial body reach the client before the socket goes, so the failure is
        // mid-body and not a refused connection.
        if (f.kind === 'reset') later(20, () => res.socket?.destroy());
        return;
      }
      case 'malformed':
        send(res, 200, f.body ?? '{"account":"0.0.8","balance":{"balance":12,', { 'cache-control': 'no-store' });
        return;
      case 'oversize': {
        const size = Math.max(f.bytes, 12);
        const body = Buffer.alloc(size, 0x61); // 'a'
        body.write('{"pad":"', 0, 'latin1');
        body.write('"}', size - 2, 'latin1');
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (f.chunked !== true) headers['content-length'] = String(size);
        res.writeHead(200, headers);
        const chunk = 64 * 1024;
        let offset = 0;
        const pump = (): void => {
          while (offset < size && !res.destroyed) {
            const end = Math.min(offset + chunk, size);
            const more = res.write(body.subarray(offset, end));
            offset = end;
            if (!more) {
              res.once('drain', pump);
              return;
            }
          }
          if (!res.destroyed) res.end();
        };
        pump();
        return;
      }
      case 'redirect': {
        const location = f.appendPath === true ? f.location.replace(/\/+$/, '') + target : f.location;
        send(res, f.status ?? 302, '', { location });
        return;
      }
    }
  };

  const server = http.createServer((req, res) => {
    const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body?: string } = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
    };
    requests.push(seen);
    // A client that gives up mid-answer destroys the socket; nothing to report here.
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    const method = req.method ?? '';
    if (method !== 'GET' && method !== 'HEAD' && !(method === 'POST' && routes !== undefined)) {
      send(res, 405, mirrorErrorBody('Method not allowed'), { allow: routes !== undefined ? 'GET, POST' : 'GET' });
      return;
    }
    const take = (body: string): void => {
      const f = takeFault(fault, req.url ?? '/');
      if (f !== undefined) applyFault(f, req, res, body);
      else serveNormally(req, res, body);
    };
    if (method !== 'POST') {
      take('');
      return;
    }
    readRequestBody(req, MAX_ROUTE_BODY_BYTES).then(
      body => {
        seen.body = body;
        take(body);
      },
      () => send(res, 413, mirrorErrorBody('Payload Too Large'), { connection: 'close' }),
    );
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  const host = opts.host ?? '127.0.0.1';
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      const port = (server.address() as AddressInfo).port;
      const replay: MirrorReplay = {
        url: `http://${host}:${port}`,
        port,
        requests,
        resetRequests: () => {
          requests.length = 0;
        },
        setFault: f => {
          fault = activateFault(f);
        },
        addRecords: records => {
          const indices: number[] = [];
          for (const r of records) {
            const index = all.length + added.length;
            const record: MirrorRecord = {
              source: r.source ?? 'builder',
              endpoint: endpointOf(parseRequestTarget(r.url).path),
              url: r.url,
              status: r.status ?? 200,
              body: undefined,
              bodyText: r.bodyText,
              hasUnsafeIntegers: false,
            };
            added.push({ index, added: true, record });
            if (r.headers !== undefined) extraHeaders.set(index, r.headers);
            indices.push(index);
          }
          rebuildIndex();
          return indices;
        },
        setRoutes: r => {
          routes = r;
        },
        clearAddedRecords: () => {
          const first = all.length;
          added = [];
          for (const k of [...extraHeaders.keys()]) if (k >= first) extraHeaders.delete(k);
          for (const [k, v] of [...chosen]) if (v >= first) chosen.delete(k);
          if (pinned !== undefined && pinned >= first) pinned = undefined;
          rebuildIndex();
        },
        pick: p => {
          picker = p;
        },
        preferSource: s => {
          preferred = s;
        },
        useRecord: index => {
          chosen.set(canonicalTarget(byIndex(index).record.url), index);
        },
        pinRecord: index => {
          if (index !== undefined) byIndex(index);
          pinned = index;
        },
        clearSelections: () => {
          chosen.clear();
          picker = undefined;
          preferred = undefined;
          pinned = undefined;
        },
        records: () => [...all, ...added],
        close: () =>
          new Promise<void>(done => {
            for (const t of timers) clearTimeout(t);
            timers.clear();
            server.close(() => done());
            for (const s of sockets) s.destroy();
            server.closeAllConnections();
          }),
      };
      if (opts.extraRecords !== undefined) replay.addRecords(opts.extraRecords);
      resolvePromise(replay);
    });
  });
}
