// Runs the replayed mirror node and status page as a process of their own, for the e2e harness and
// `npm start -- --offline`: another process (a browser test, code-server's extension host) talks
// to them over loopback and steers them through a small control server.
//
//   node out/test/support/serve.js [--mirror-port N] [--status-port M] [--control-port K]
//        [--scenario testnet-degraded] [--records file.jsonl] [--extra-records file.json]
//        [--scenarios-dir dir] [--prefer-source text]
//
// Prints one JSON line when ready: {"mirror": url, "status": url, "control": url}, then serves
// until SIGTERM/SIGINT.
//
// Both answer a browser's cross-origin requests as the real servers do (allowCrossOrigin): an
// extension in VS Code's web worker extension host fetches from the workbench's origin. The mirror
// replay is reached through a front that adds those headers and answers preflights; everything
// else (status, headers, body, a connection cut mid-body) passes through as the replay sent it.
//
// Control (JSON in, JSON out), all on the control server:
//   GET  /__control/health
//   POST /__control/scenario?name=mainnet-major-outage
//   POST /__control/fault?target=mirror|status     body: a Fault / StatusFault, or `null` to clear
//   GET  /__control/requests?target=mirror|status  → [{method, url, headers}]
//   POST /__control/reset-requests                 → clears both logs
//   POST /__control/records                        body: ExtraRecord[] → {"indices": [...]}
//   POST /__control/use-record?index=N             serve record N for its URL
//   POST /__control/prefer-source?source=text      (no source: clear)
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo, Socket } from 'net';
import { z } from 'zod';
import { contractCallRoutes } from './contractCallRoutes';
import {
  startMirrorReplay,
  type ExtraRecord,
  type Fault,
  type MirrorReplay,
  type RouteRequest,
  type Routes,
} from './mirrorReplay';
import { replayFixtures, type ReplayFixtures, type ReplayWorld } from './replayFixtures';
import { replayMirrorRoutes } from './replayMirror';
import { allowCrossOrigin, startStatusServer, type StatusFault, type StatusServer } from './statusServer';

const pathField = z.string().optional();
const timesField = z.number().int().positive().optional();

export const mirrorFaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), ms: z.number().int().nonnegative(), path: pathField, times: timesField }),
  z.object({
    kind: z.literal('tooManyRequests'),
    retryAfter: z.union([z.string(), z.number()]).optional(),
    path: pathField,
    times: timesField,
  }),
  z.object({
    kind: z.literal('serverError'),
    status: z.number().int().min(500).max(599).optional(),
    message: z.string().optional(),
    path: pathField,
    times: timesField,
  }),
  z.object({
    kind: z.literal('reset'),
    afterBytes: z.number().int().nonnegative().optional(),
    path: pathField,
    times: timesField,
  }),
  z.object({
    kind: z.literal('stall'),
    afterBytes: z.number().int().nonnegative().optional(),
    path: pathField,
    times: timesField,
  }),
  z.object({ kind: z.literal('malformed'), body: z.string().optional(), path: pathField, times: timesField }),
  z.object({
    kind: z.literal('oversize'),
    bytes: z.number().int().positive(),
    chunked: z.boolean().optional(),
    path: pathField,
    times: timesField,
  }),
  z.object({
    kind: z.literal('redirect'),
    status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]).optional(),
    location: z.string(),
    appendPath: z.boolean().optional(),
    path: pathField,
    times: timesField,
  }),
]);

export const statusFaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('latency'), ms: z.number().int().nonnegative(), path: pathField, times: timesField }),
  z.object({
    kind: z.literal('serverError'),
    status: z.number().int().min(500).max(599).optional(),
    path: pathField,
    times: timesField,
  }),
  z.object({ kind: z.literal('down') }),
  z.object({ kind: z.literal('malformed'), body: z.string().optional(), path: pathField, times: timesField }),
]);

export const extraRecordsSchema = z.array(
  z.object({
    url: z.string().startsWith('/'),
    status: z.number().int().min(100).max(599).optional(),
    bodyText: z.string(),
    source: z.string().optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
);

export interface ServeOptions {
  readonly mirrorPort?: number;
  readonly statusPort?: number;
  readonly controlPort?: number;
  readonly scenario?: string;
  readonly recordsFile?: string;
  readonly extraRecords?: readonly ExtraRecord[];
  readonly scenariosDir?: string;
  readonly preferSource?: string;
}

export interface Served {
  readonly mirror: MirrorReplay;
  /** Where clients reach the mirror replay: the cross-origin front, not `mirror.url`. */
  readonly mirrorUrl: string;
  readonly status: StatusServer;
  readonly controlUrl: string;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage, limit = 16 * 1024 * 1024): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new Error('control body too large'));
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/** Hop-by-hop headers: each side of the front has its own connection. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function endToEnd<T extends Record<string, unknown>>(headers: T): T {
  const out = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
}

interface Front {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Listens on `port` and passes every request to `target` (the mirror replay), adding what the real
 * mirror node sends a browser (allowCrossOrigin) and answering preflights itself, so they are not
 * in the replay's request log. A connection the replay cuts mid-body is cut here too.
 */
function crossOriginFront(target: string, port: number): Promise<Front> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    res.on('error', () => undefined);
    req.on('error', () => undefined);
    if (allowCrossOrigin(req, res)) return;
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: endToEnd(req.headers),
        agent,
      },
      answer => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        answer.on('error', () => undefined);
        answer.on('close', () => {
          if (!answer.complete) res.destroy();
        });
      },
    );
    forward.on('error', () => res.destroy());
    // The client gave up (a timeout, a cancelled request): so does the front.
    res.on('close', () => {
      if (!res.writableFinished) forward.destroy();
    });
    req.pipe(forward);
  });
  server.on('connection', socket => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () =>
          new Promise<void>(done => {
            server.close(() => done());
            for (const s of sockets) s.destroy();
            server.closeAllConnections();
            agent.destroy();
          }),
      });
    });
  });
}

const CONTRACT_READ = /^\/api\/v1\/contracts\/([^/]+)(?:\/state)?$/;
const ACCOUNT_READ = /^\/api\/v1\/accounts\/([^/]+)$/;
const TOKEN_READ = /^\/api\/v1\/tokens\/([^/]+)$/;

/** `0.0.n` of `0.0.n`, `n` or a long-zero address; undefined for anything else. */
function entityOf(idOrAddress: string): string | undefined {
  const id = /^(?:0\.0\.)?(\d{1,10})$/.exec(idOrAddress);
  if (id) return `0.0.${BigInt(id[1])}`;
  const longZero = /^(?:0x)?0{24}([0-9a-fA-F]{16})$/.exec(idOrAddress);
  return longZero ? `0.0.${BigInt(`0x${longZero[1]}`)}` : undefined;
}

/**
 * Whether `req` is one of a local replay's reads of an entity of the replay world: a contract's
 * code or storage, an account's balance as of a moment (`timestamp=`), a token. An account read as
 * of now is left alone: the recordings and the scenarios' records answer those.
 */
function readsReplayWorld(world: ReplayWorld, req: RouteRequest): boolean {
  if (req.method !== 'GET') return false;
  let m: RegExpExecArray | null;
  if ((m = CONTRACT_READ.exec(req.path))) {
    const id = entityOf(m[1]);
    return world.contracts.some(c => c.contract_id === id);
  }
  if ((m = ACCOUNT_READ.exec(req.path))) {
    const id = entityOf(m[1]);
    return req.query.some(p => p.name === 'timestamp') && world.accounts.some(a => a.account === id);
  }
  if ((m = TOKEN_READ.exec(req.path))) {
    const id = entityOf(m[1]);
    return world.tokens.some(t => t.token_id === id);
  }
  return false;
}

/**
 * The local replay's state reads answered from the replay world (test/support/replayFixtures.ts,
 * the reference EVM's state before and after each of its transactions, by timestamp) for the
 * entities that world has: the sample's contracts (0.0.1002–0.0.1005), the replay lab's, the payer.
 * Everything else goes to `fallback` as before: Crowdfund (0.0.1006) and its backer (0.0.1007),
 * the calls, results, logs and blocks. The sample's contracts are in both worlds; the replay
 * world answers for them, being the one the replay's own tests hold it to. The fixtures are read on
 * the first request of a replay read's shape; when they cannot be had, `fallback` answers.
 */
export function replayWorldRoutes(fallback: Routes, fixtures: () => Promise<ReplayFixtures> = replayFixtures): Routes {
  let made: Promise<{ readonly world: ReplayWorld; readonly route: Routes } | undefined> | undefined;
  const replay = () =>
    (made ??= fixtures().then(
      f => ({ world: f.world, route: replayMirrorRoutes(f) }),
      (error: unknown) => {
        process.stderr.write(
          `serve: the replay world is not served: ${error instanceof Error ? error.message : String(error)}\n`,
        );
        return undefined;
      },
    ));
  const shaped = (path: string): boolean => [CONTRACT_READ, ACCOUNT_READ, TOKEN_READ].some(r => r.test(path));
  return async req => {
    if (req.method === 'GET' && shaped(req.path)) {
      const known = await replay();
      if (known !== undefined && readsReplayWorld(known.world, req)) {
        const answer = await known.route(req);
        if (answer !== undefined) return answer;
      }
    }
    return fallback(req);
  };
}

export async function serve(opts: ServeOptions = {}): Promise<Served> {
  // The contract routes answer calls and storage from the EVM world (made on the first such
  // request); a local replay's reads of the replay world's contracts and accounts come first.
  // The replay itself on a port of its own; the front takes the port asked for.
  const mirror = await startMirrorReplay({
    port: 0,
    recordsFile: opts.recordsFile,
    routes: replayWorldRoutes(contractCallRoutes()),
  });
  let front: Front;
  let status: StatusServer;
  try {
    front = await crossOriginFront(mirror.url, opts.mirrorPort ?? 0);
  } catch (e) {
    await mirror.close();
    throw e;
  }
  try {
    status = await startStatusServer({
      scenario: opts.scenario ?? 'all-operational',
      port: opts.statusPort ?? 0,
      scenariosDir: opts.scenariosDir,
      cors: true,
    });
  } catch (e) {
    await Promise.all([front.close(), mirror.close()]);
    throw e;
  }
  if (opts.extraRecords !== undefined) mirror.addRecords(opts.extraRecords);
  if (opts.preferSource !== undefined) mirror.preferSource(opts.preferSource);

  const control = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const target = url.searchParams.get('target') ?? 'mirror';
      const route = `${req.method ?? ''} ${url.pathname}`;
      try {
        switch (route) {
          case 'GET /__control/health':
            return json(res, 200, { mirror: front.url, status: status.url, scenario: status.scenario });
          case 'POST /__control/scenario': {
            const name = url.searchParams.get('name');
            if (name === null) return json(res, 400, { error: 'name is required' });
            status.setScenario(name);
            return json(res, 200, { scenario: status.scenario });
          }
          case 'POST /__control/fault': {
            const text = (await readBody(req)).trim();
            const raw: unknown = text === '' ? null : JSON.parse(text);
            if (target === 'status') {
              const fault = raw === null ? undefined : (statusFaultSchema.parse(raw) as StatusFault);
              await status.setFault(fault);
            } else {
              const fault = raw === null ? undefined : (mirrorFaultSchema.parse(raw) as Fault);
              mirror.setFault(fault);
            }
            return json(res, 200, { target, fault: raw });
          }
          case 'GET /__control/requests':
            return json(res, 200, target === 'status' ? status.requests : mirror.requests);
          case 'POST /__control/reset-requests':
            mirror.resetRequests();
            status.resetRequests();
            return json(res, 200, {});
          case 'POST /__control/records': {
            const records = extraRecordsSchema.parse(JSON.parse(await readBody(req)));
            return json(res, 200, { indices: mirror.addRecords(records) });
          }
          case 'POST /__control/use-record': {
            const index = Number(url.searchParams.get('index'));
            if (!Number.isInteger(index)) return json(res, 400, { error: 'index must be an integer' });
            mirror.useRecord(index);
            return json(res, 200, { index });
          }
          case 'POST /__control/prefer-source': {
            const source = url.searchParams.get('source');
            mirror.preferSource(source === null || source === '' ? undefined : source);
            return json(res, 200, { source });
          }
          default:
            return json(res, 404, { error: `no control route ${route}` });
        }
      } catch (e) {
        return json(res, 400, { error: e instanceof Error ? e.message : String(e) });
      }
    })();
  });
  const controlPort = await new Promise<number>((resolve, reject) => {
    control.once('error', reject);
    control.listen(opts.controlPort ?? 0, '127.0.0.1', () => resolve((control.address() as AddressInfo).port));
  }).catch(async (e: unknown) => {
    await Promise.all([front.close(), mirror.close(), status.close()]);
    throw e;
  });

  return {
    mirror,
    mirrorUrl: front.url,
    status,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    close: async () => {
      await Promise.all([
        front.close(),
        mirror.close(),
        status.close(),
        new Promise<void>(done => {
          control.close(() => done());
          control.closeAllConnections();
        }),
      ]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// CLI

function parseArgs(argv: readonly string[]): ServeOptions {
  const out: { -readonly [K in keyof ServeOptions]: ServeOptions[K] } = {};
  const port = (flag: string, v: string | undefined): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${flag} needs a port number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const need = (): string => {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      i++;
      return value;
    };
    switch (flag) {
      case '--mirror-port':
        out.mirrorPort = port(flag, need());
        break;
      case '--status-port':
        out.statusPort = port(flag, need());
        break;
      case '--control-port':
        out.controlPort = port(flag, need());
        break;
      case '--scenario':
        out.scenario = need();
        break;
      case '--records':
        out.recordsFile = need();
        break;
      case '--extra-records':
        out.extraRecords = extraRecordsSchema.parse(JSON.parse(fs.readFileSync(need(), 'utf8')));
        break;
      case '--scenarios-dir':
        out.scenariosDir = need();
        break;
      case '--prefer-source':
        out.preferSource = need();
        break;
      default:
        throw new Error(`unknown option ${flag}`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const served = await serve(parseArgs(process.argv.slice(2)));
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Bounded: a stuck socket must not keep the harness waiting.
    const force = setTimeout(() => process.exit(0), 3000);
    force.unref();
    void served.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  process.stdout.write(
    `${JSON.stringify({ mirror: served.mirrorUrl, status: served.status.url, control: served.controlUrl })}\n`,
  );
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
