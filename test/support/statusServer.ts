// A loopback Statuspage v2: serves one scenario of ../shared/fixtures/statuspage at the four
// documents the extension polls, switchable at run time, with the failures a poller must survive.
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';
import * as path from 'path';
import { statuspageFixturesDir } from './paths';

/** Request path → file name inside a scenario folder. */
export const STATUS_DOCUMENTS: Readonly<Record<string, string>> = {
  '/api/v2/summary.json': 'summary.json',
  '/api/v2/scheduled-maintenances/upcoming.json': 'scheduled-maintenances-upcoming.json',
  '/api/v2/scheduled-maintenances/active.json': 'scheduled-maintenances-active.json',
  '/api/v2/scheduled-maintenances.json': 'scheduled-maintenances.json',
};

export type StatusFault = (
  | { readonly kind: 'latency'; readonly ms: number }
  | { readonly kind: 'serverError'; readonly status?: number }
  /** Stop listening: connections are refused until the fault is cleared (same port again). */
  | { readonly kind: 'down' }
  | { readonly kind: 'malformed'; readonly body?: string }
) & {
  /** Only paths matching (not for `down`); a string is compiled as a RegExp. */
  readonly path?: RegExp | string;
  /** Apply to this many matching requests, then answer normally (not for `down`). */
  readonly times?: number;
};

export interface SeenStatusRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
}

export interface StatusServer {
  /** The value for `ledgerLens.statusUrl`, e.g. `http://127.0.0.1:40124`. */
  readonly url: string;
  readonly port: number;
  readonly scenario: string;
  readonly requests: readonly SeenStatusRequest[];
  resetRequests(): void;
  /** Switches the documents served from now on; throws for a scenario folder that does not exist. */
  setScenario(name: string): void;
  /** Resolves once the fault is in force (for `down`: the port refuses; cleared: it listens again). */
  setFault(fault: StatusFault | undefined): Promise<void>;
  close(): Promise<void>;
}

export interface StatusServerOptions {
  readonly scenario: string;
  readonly port?: number;
  readonly host?: '127.0.0.1';
  /** A folder of scenario folders (default: the shared fixtures). */
  readonly scenariosDir?: string;
  /**
   * Answer a browser's cross-origin requests as the real page does (`Access-Control-Allow-Origin:
   * *`, preflights answered): for an extension running in a web worker, whose origin is the
   * workbench's. Off by default: a Node client never asks.
   */
  readonly cors?: boolean;
}

/**
 * What the real mirror node's REST server sends a browser (its `app.use(cors())`: the cors
 * package's defaults), and what the real status page's API sends too: every answer allows any
 * origin; a preflight (OPTIONS) is answered at once, 204, allowing the usual methods and whatever
 * request headers it asks for. No response header is exposed beyond the CORS-safelisted ones
 * (Cache-Control, Content-Type...): a browser client cannot read Retry-After from the real server
 * either. Returns true when it answered the request (a preflight), false when the caller answers.
 */
export function allowCrossOrigin(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  res.setHeader('access-control-allow-origin', '*');
  if (req.method !== 'OPTIONS') return false;
  res.setHeader('access-control-allow-methods', 'GET,HEAD,PUT,PATCH,POST,DELETE');
  const asked = req.headers['access-control-request-headers'];
  if (asked !== undefined) res.setHeader('access-control-allow-headers', asked);
  res.setHeader('vary', 'Access-Control-Request-Headers');
  res.writeHead(204, { 'content-length': '0' });
  res.end();
  return true;
}

export function listScenarios(scenariosDir: string = statuspageFixturesDir()): string[] {
  return fs
    .readdirSync(scenariosDir, { withFileTypes: true })
    .filter(d => d.isDirectory())
    .map(d => d.name)
    .sort();
}

function readScenario(scenariosDir: string, name: string): Map<string, string> {
  if (!/^[A-Za-z0-9._-]+$/.test(name) || name.startsWith('.')) throw new Error(`not a scenario name: ${name}`);
  const dir = path.join(scenariosDir, name);
  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`no status scenario ${name} in ${scenariosDir}`);
  const docs = new Map<string, string>();
  for (const [urlPath, file] of Object.entries(STATUS_DOCUMENTS)) {
    docs.set(urlPath, fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  return docs;
}

export function startStatusServer(opts: StatusServerOptions): Promise<StatusServer> {
  const scenariosDir = opts.scenariosDir ?? statuspageFixturesDir();
  const host = opts.host ?? '127.0.0.1';
  let scenario = opts.scenario;
  let docs = readScenario(scenariosDir, scenario);
  const requests: SeenStatusRequest[] = [];
  let fault: { fault: StatusFault; path: RegExp | undefined; remaining: number } | undefined;
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const send = (res: http.ServerResponse, status: number, body: string): void => {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    });
    res.end(body);
  };

  const serveNormally = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const urlPath = (req.url ?? '/').split('?')[0];
    const doc = docs.get(urlPath);
    if (doc === undefined) send(res, 404, JSON.stringify({ error: 'Not found' }));
    else send(res, 200, doc);
  };

  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    // A preflight is the browser's question, not the client's request: not logged.
    if (opts.cors === true && allowCrossOrigin(req, res)) return;
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const target = req.url ?? '/';
    let f: StatusFault | undefined;
    if (fault !== undefined && fault.remaining > 0 && (fault.path === undefined || fault.path.test(target))) {
      fault.remaining--;
      f = fault.fault;
    }
    if (f === undefined || f.kind === 'down') {
      serveNormally(req, res);
      return;
    }
    switch (f.kind) {
      case 'latency': {
        const t = setTimeout(() => {
          timers.delete(t);
          if (!res.destroyed && !res.writableEnded) serveNormally(req, res);
        }, f.ms);
        timers.add(t);
        return;
      }
      case 'serverError':
        send(res, f.status ?? 500, JSON.stringify({ error: http.STATUS_CODES[f.status ?? 500] ?? 'Server error' }));
        return;
      case 'malformed':
        send(res, 200, f.body ?? '{"page":{"id":"x"},"status":');
        return;
    }
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  let listening = false;
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        listening = true;
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = (): Promise<void> =>
    new Promise(resolve => {
      if (!listening) {
        resolve();
        return;
      }
      listening = false;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
    });

  return listen(opts.port ?? 0).then(port => {
    const status: StatusServer = {
      url: `http://${host}:${port}`,
      port,
      get scenario() {
        return scenario;
      },
      requests,
      resetRequests: () => {
        requests.length = 0;
      },
      setScenario: name => {
        docs = readScenario(scenariosDir, name);
        scenario = name;
      },
      setFault: async f => {
        fault =
          f === undefined
            ? undefined
            : {
                fault: f,
                path: f.path === undefined ? undefined : typeof f.path === 'string' ? new RegExp(f.path) : f.path,
                remaining: f.times ?? Number.POSITIVE_INFINITY,
              };
        if (f?.kind === 'down') await stop();
        else if (!listening) await listen(port);
      },
      close: stop,
    };
    return status;
  });
}
