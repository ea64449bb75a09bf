// A tiny loopback Statuspage for the client tests: serves a shared scenario, or misbehaves on
// request. test/support/statusServer.ts serves the extension's tests; this one adds the transport
// faults only the client cares about (redirects, oversize, stalled headers or body, reset).
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';
import { scenarioText, type DocumentName, type Scenario } from './fixtures';

const ROUTES: Record<string, DocumentName> = {
  '/api/v2/summary.json': 'summary',
  '/api/v2/scheduled-maintenances/upcoming.json': 'upcoming',
  '/api/v2/scheduled-maintenances/active.json': 'active',
  '/api/v2/scheduled-maintenances.json': 'all',
};

export type Fault =
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'oversize'; bytes: number; declareLength: boolean }
  | { kind: 'stall-headers' }
  | { kind: 'stall-body' }
  | { kind: 'reset' }
  | { kind: 'malformed' }
  | { kind: 'body'; text: string };

export type ScopedFault = Fault & { /** Only for this path; every path when absent. */ only?: string };

export interface TestStatusServer {
  readonly url: string;
  readonly port: number;
  /** Paths requested so far, in order. */
  readonly requests: string[];
  scenario: Scenario;
  /** Applied to every request while set. */
  fault: ScopedFault | undefined;
  close(): Promise<void>;
}

// This suite's share of the loopback ports.
const FIRST_PORT = 18400;
const LAST_PORT = 18449;
let nextPort = FIRST_PORT;

export async function startTestStatusServer(scenario: Scenario): Promise<TestStatusServer> {
  const state: TestStatusServer = {
    url: '',
    port: 0,
    requests: [],
    scenario,
    fault: undefined,
    close: async () => undefined,
  };
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    state.requests.push(path);
    const fault = state.fault && (!state.fault.only || state.fault.only === path) ? state.fault : undefined;
    if (fault) {
      switch (fault.kind) {
        case 'status':
          res.writeHead(fault.status, { 'content-type': 'text/plain' }).end(fault.body ?? 'nope');
          return;
        case 'redirect':
          res.writeHead(fault.status ?? 302, { location: fault.location }).end();
          return;
        case 'oversize': {
          const chunk = Buffer.alloc(64 * 1024, 0x20);
          const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
          if (fault.declareLength) headers['content-length'] = fault.bytes;
          res.writeHead(200, headers);
          let sent = 0;
          const pump = () => {
            while (sent < fault.bytes) {
              const n = Math.min(chunk.length, fault.bytes - sent);
              sent += n;
              if (!res.write(chunk.subarray(0, n))) return void res.once('drain', pump);
            }
            res.end();
          };
          res.on('error', () => undefined);
          pump();
          return;
        }
        case 'stall-headers':
          return; // never answers
        case 'stall-body':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"page":');
          return;
        case 'reset':
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
          res.write('{"page":', () => req.socket.destroy());
          return;
        case 'malformed':
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"page": {');
          return;
        case 'body':
          res.writeHead(200, { 'content-type': 'application/json' }).end(fault.text);
          return;
      }
    }
    const doc = ROUTES[path];
    if (!doc) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>not found</h1>');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(scenarioText(state.scenario, doc));
  });
  server.on('connection', s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  for (let attempts = 0; ; attempts++) {
    const port = nextPort;
    nextPort = nextPort >= LAST_PORT ? FIRST_PORT : nextPort + 1;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      break;
    } catch (e) {
      if (attempts >= LAST_PORT - FIRST_PORT) throw e;
    }
  }
  const port = (server.address() as AddressInfo).port;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  });
}

/** A port in this suite's range with nothing listening (for "connection refused"). */
export async function unusedPort(): Promise<number> {
  const probe = await startTestStatusServer('all-operational');
  const port = probe.port;
  await probe.close();
  return port;
}
