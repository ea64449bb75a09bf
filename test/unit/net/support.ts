// Helpers for the HTTP layer's tests: a manual clock for the budget, a loopback HTTP server on an
// ephemeral port whose behaviour each test scripts, and a loopback proxy (CONNECT and absolute-form
// forwarding) that counts what went through it.
import * as http from 'http';
import * as net from 'net';
import { HttpClient, type BudgetClock } from '../../../src/net';
import { listenOnLoopback } from '../../support/loopback';

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

export class ManualClock implements BudgetClock {
  t = 0;
  private timers: Timer[] = [];
  private nextId = 1;
  now(): number {
    return this.t;
  }
  setTimer(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, at: this.t + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }
  clearTimer(handle: unknown): void {
    this.timers = this.timers.filter(t => t.id !== handle);
  }
  get pendingTimers(): number {
    return this.timers.length;
  }
  /** Moves time forward, firing due timers in order and letting promise callbacks run after each. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      const due = this.timers.filter(t => t.at <= target).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter(t => t !== due);
      this.t = Math.max(this.t, due.at);
      due.fn();
      await flush();
    }
    this.t = target;
    await flush();
  }
}

export async function flush(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise<void>(resolve => setImmediate(resolve));
}

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;

export interface Server {
  readonly origin: string;
  readonly port: number;
  readonly requests: { path: string; headers: http.IncomingHttpHeaders; at: number }[];
  handler: Handler;
  close(): Promise<void>;
}

export async function startServer(handler: Handler): Promise<Server> {
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    state.requests.push({ path: req.url ?? '', headers: req.headers, at: performance.now() });
    state.handler(req, res, state.requests.length);
  });
  const listening = await listenOnLoopback(server, sockets);
  const state: Server = {
    origin: listening.url,
    port: Number(new URL(listening.url).port),
    requests: [],
    handler,
    close: () => listening.close(),
  };
  return state;
}

export interface TestProxy {
  readonly url: string;
  /** `CONNECT host:port` targets and absolute-form request URLs, in order. */
  readonly seen: string[];
  close(): Promise<void>;
}

/**
 * A forward proxy on loopback. Every target host name is sent to 127.0.0.1 (so a test can ask for
 * `http://mirror.test:<port>` and only the proxy can reach it); `seen` records each request.
 */
export async function startProxy(): Promise<TestProxy> {
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    // Absolute-form: GET http://host:port/path
    seen.push(req.url ?? '');
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port || 80, path: target.pathname + target.search, headers: req.headers },
      up => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push(`CONNECT ${req.url ?? ''}`);
    const port = Number((req.url ?? '').split(':').pop());
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    sockets.add(client);
    sockets.add(upstream);
  });
  return { ...(await listenOnLoopback(server, sockets)), seen };
}

export async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

export function delay(ms: number): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, ms));
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>(resolve => srv.listen(0, '127.0.0.1', resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>(resolve => srv.close(() => resolve()));
  return port;
}

/**
 * For a `describe` block: a maker of HttpClients that are all closed after each test. Call it
 * before the block's own afterEach, so the clients close before the servers they talk to.
 */
export function useHttpClients(): (...args: ConstructorParameters<typeof HttpClient>) => HttpClient {
  const clients: HttpClient[] = [];
  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });
  return (...args) => {
    const c = new HttpClient(...args);
    clients.push(c);
    return c;
  };
}
