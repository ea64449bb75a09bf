// The server of the net layer's contract suite (test/unit/net/contract/cases.ts): a loopback
// node:http server whose every behaviour is chosen by the request's PATH, so that a browser page
// drives it exactly as a Node test does, with no side channel. Requests are counted per `key`
// (query parameter) and read back with `GET /__count?key=`. Every answer allows any origin (CORS,
// as the real mirror node does) and exposes every header, and preflights are answered, so that a
// page on another origin reads statuses, bodies and Retry-After.
//
// Routes (query parameters in brackets):
//   /ok [key, id]                      200 `ok`
//   /json                              200 JSON with non-ASCII text, a character split across writes
//   /gzip [bytes]                      200 gzip-encoded: `bytes` of `a` (default a short JSON text)
//   /big [bytes, chunked]              200 `bytes` of `x`, with a Content-Length unless chunked=1
//   /slow-headers [ms]                 the headers after `ms`
//   /slow-body [ms]                    headers and part of the body at once, the rest after `ms`
//   /status/<code> [key, times]        <code> for the key's first `times` requests (default all), then 200
//   /429 [key, times, retry-after]     429 (with Retry-After if given) for the first `times`, then 200
//   /redirect [to, code]               <code> (default 302) with Location: `to`
//   /hang                              never answers
//   /echo                              200 JSON: the method, the request's headers and its body
//   /concurrent [key, id, ms]          answers `id` after `ms`; the key's most requests in flight is counted
//   /__count [key]                     JSON { count, ids, maxInFlight } of that key (not counted itself)
//   /__closed                          JSON { origin }: an origin whose port nothing listens on
import * as http from 'http';
import { listenOnLoopback } from './loopback';
import type * as net from 'net';
import * as zlib from 'zlib';

export interface NetContractServer {
  readonly url: string;
  close(): Promise<void>;
}

interface KeyCount {
  count: number;
  inFlight: number;
  maxInFlight: number;
  readonly ids: string[];
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': '*',
};

export async function startNetContractServer(): Promise<NetContractServer> {
  const keys = new Map<string, KeyCount>();
  const sockets = new Set<net.Socket>();
  const keyOf = (name: string): KeyCount => {
    let k = keys.get(name);
    if (!k) keys.set(name, (k = { count: 0, inFlight: 0, maxInFlight: 0, ids: [] }));
    return k;
  };
  const closedOrigin = await closedPortOrigin();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://contract.test');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...CORS,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': '*',
        'access-control-max-age': '600',
      });
      return void res.end();
    }
    const key = url.searchParams.get('key');
    if (key !== null && url.pathname !== '/__count') {
      const k = keyOf(key);
      k.count++;
      const id = url.searchParams.get('id');
      if (id !== null) k.ids.push(id);
    }
    route(url, key, req, res, { keyOf, closedOrigin });
  });
  return listenOnLoopback(server, sockets);
}

interface RouteContext {
  keyOf(name: string): KeyCount;
  readonly closedOrigin: string;
}

function route(
  url: URL,
  key: string | null,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  ctx: RouteContext,
): void {
  const q = (name: string): string | null => url.searchParams.get(name);
  const num = (name: string, fallback: number): number => {
    const v = Number(q(name));
    return q(name) !== null && Number.isFinite(v) ? v : fallback;
  };
  const nth = key === null ? 1 : ctx.keyOf(key).count;
  const path = url.pathname;
  if (path === '/ok') return send(res, 200, 'ok', 'text/plain');
  if (path === '/json') return sendJsonInParts(res);
  if (path === '/gzip') return sendGzip(res, q('bytes') === null ? undefined : num('bytes', 0));
  if (path === '/big') return sendBig(res, num('bytes', 0), q('chunked') === '1');
  if (path === '/slow-headers') return void setTimeout(() => send(res, 200, 'late', 'text/plain'), num('ms', 1000));
  if (path === '/slow-body') return sendSlowBody(res, num('ms', 1000));
  if (path === '/hang') return;
  if (path === '/echo') return echo(req, res);
  if (path === '/__closed') return send(res, 200, JSON.stringify({ origin: ctx.closedOrigin }), 'application/json');
  if (path === '/__count') {
    const k = ctx.keyOf(q('key') ?? '');
    const body = { count: k.count, ids: k.ids, maxInFlight: k.maxInFlight };
    return send(res, 200, JSON.stringify(body), 'application/json');
  }
  if (path === '/concurrent')
    return concurrent(res, key === null ? undefined : ctx.keyOf(key), q('id'), num('ms', 200));
  if (path === '/redirect') {
    res.writeHead(num('code', 302), { ...CORS, location: q('to') ?? '/ok', 'content-length': '0' });
    return void res.end();
  }
  const status = /^\/status\/(\d{3})$/.exec(path);
  if (status) {
    if (nth > num('times', Infinity)) return answerAfterwards(req, res);
    return send(res, Number(status[1]), `HTTP ${status[1]} as asked`, 'text/plain');
  }
  if (path === '/429') {
    if (nth > num('times', Infinity)) return answerAfterwards(req, res);
    const retryAfter = q('retry-after');
    res.writeHead(429, {
      ...CORS,
      'content-type': 'text/plain',
      ...(retryAfter !== null ? { 'retry-after': retryAfter } : {}),
    });
    return void res.end('Too Many Requests');
  }
  send(res, 404, `no route ${path}`, 'text/plain');
}

function send(res: http.ServerResponse, status: number, body: string | Buffer, type: string): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  res.writeHead(status, { ...CORS, 'content-type': type, 'content-length': String(bytes.length) });
  res.end(bytes);
}

/** What /status and /429 answer once their `times` are spent: `ok`, or a POST's body echoed. */
function answerAfterwards(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (req.method === 'POST') return echo(req, res);
  send(res, 200, 'ok', 'text/plain');
}

/** JSON with `ħ` (two bytes in UTF-8) split between two writes, so decoding must join them. */
function sendJsonInParts(res: http.ServerResponse): void {
  const bytes = Buffer.from(JSON.stringify({ name: 'Ledger Lens ħbar', n: 42 }));
  const split = bytes.indexOf(0xc4) + 1;
  res.writeHead(200, { ...CORS, 'content-type': 'application/json' });
  res.write(bytes.subarray(0, split));
  setTimeout(() => res.end(bytes.subarray(split)), 20);
}

function sendGzip(res: http.ServerResponse, bytes: number | undefined): void {
  const plain = bytes === undefined ? Buffer.from(JSON.stringify({ compressed: true })) : Buffer.alloc(bytes, 'a');
  const packed = zlib.gzipSync(plain);
  res.writeHead(200, {
    ...CORS,
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    'content-length': String(packed.length),
  });
  res.end(packed);
}

function sendBig(res: http.ServerResponse, bytes: number, chunked: boolean): void {
  res.writeHead(200, {
    ...CORS,
    'content-type': 'text/plain',
    ...(chunked ? {} : { 'content-length': String(bytes) }),
  });
  // In pieces, so that a chunked body arrives as several chunks.
  const piece = Buffer.alloc(Math.min(bytes, 16 * 1024), 'x');
  for (let left = bytes; left > 0; left -= piece.length) res.write(piece.subarray(0, Math.min(left, piece.length)));
  res.end();
}

function sendSlowBody(res: http.ServerResponse, ms: number): void {
  res.writeHead(200, { ...CORS, 'content-type': 'text/plain' });
  res.write('first part;');
  const timer = setTimeout(() => res.end('last part'), ms);
  res.on('close', () => clearTimeout(timer));
}

function echo(req: http.IncomingMessage, res: http.ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    send(res, 200, JSON.stringify({ method: req.method, headers: req.headers, body }), 'application/json');
  });
}

function concurrent(res: http.ServerResponse, k: KeyCount | undefined, id: string | null, ms: number): void {
  if (k) {
    k.inFlight++;
    k.maxInFlight = Math.max(k.maxInFlight, k.inFlight);
  }
  setTimeout(() => {
    if (k) k.inFlight--;
    send(res, 200, JSON.stringify({ id }), 'application/json');
  }, ms);
}

/** An origin on 127.0.0.1 whose port was just free and is closed again: a refused connection. */
async function closedPortOrigin(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>(resolve => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>(resolve => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
