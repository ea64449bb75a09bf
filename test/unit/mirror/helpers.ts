// Small helpers for the mirror client's unit tests: the recorded bodies, and a real loopback HTTP
// server whose behaviour each test scripts (ports 18200-18249; the bench uses 18250-18299).
import * as fs from 'fs';
import * as http from 'http';
import type { Socket } from 'net';
import { mirrorFixturesFile } from '../../support/paths';

export interface RecordedExchange {
  readonly endpoint: string;
  readonly url: string;
  readonly status: number;
  readonly bodyText: string;
  readonly hasUnsafeIntegers: boolean;
}

let records: RecordedExchange[] | undefined;
export function recorded(): readonly RecordedExchange[] {
  if (!records) {
    const file = mirrorFixturesFile();
    records = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(l => l.trim() !== '')
      .map(l => JSON.parse(l) as RecordedExchange);
  }
  return records;
}

export function recordFor(url: string, pick: (r: RecordedExchange) => boolean = () => true): RecordedExchange {
  const r = recorded().find(x => x.url === url && pick(x));
  if (!r) throw new Error(`no recorded exchange for ${url}`);
  return r;
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

export interface TestServer {
  readonly origin: string;
  /** Paths (with query) of every request received, in order. */
  readonly requests: string[];
  /** Sockets the server saw closed (by either side). */
  closedSockets: number;
  handler: Handler;
  close(): Promise<void>;
}

export async function startServer(port: number, handler: Handler): Promise<TestServer> {
  const sockets = new Set<Socket>();
  const state: TestServer = {
    origin: `http://127.0.0.1:${port}`,
    requests: [],
    closedSockets: 0,
    handler,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    state.requests.push(req.url ?? '');
    state.handler(req, res, state.requests.length);
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      state.closedSockets++;
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return state;
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  text: string,
  headers: http.OutgoingHttpHeaders = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(text);
}

/** Serves the recorded body for each request URL (first matching record), with a cache-control. */
export function replay(cacheControl = 'public, max-age=2'): Handler {
  return (req, res) => {
    const r = recorded().find(x => x.url === req.url);
    if (!r) return sendJson(res, 404, '{"_status":{"messages":[{"message":"Not found"}]}}');
    sendJson(res, r.status, r.bodyText, { 'cache-control': cacheControl });
  };
}

export const delay = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

export async function rejects(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}
