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
import type { AddressInfo } from 'net';
import { z } from 'zod';
import { contractCallRoutes } from './contractCallRoutes';
import { startMirrorReplay, type ExtraRecord, type Fault, type MirrorReplay } from './mirrorReplay';
import { startStatusServer, type StatusFault, type StatusServer } from './statusServer';

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

export async function serve(opts: ServeOptions = {}): Promise<Served> {
  // The contract routes answer calls and storage from the EVM world (made on the first such request).
  const mirror = await startMirrorReplay({
    port: opts.mirrorPort ?? 0,
    recordsFile: opts.recordsFile,
    routes: contractCallRoutes(),
  });
  let status: StatusServer;
  try {
    status = await startStatusServer({
      scenario: opts.scenario ?? 'all-operational',
      port: opts.statusPort ?? 0,
      scenariosDir: opts.scenariosDir,
    });
  } catch (e) {
    await mirror.close();
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
            return json(res, 200, { mirror: mirror.url, status: status.url, scenario: status.scenario });
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
    await Promise.all([mirror.close(), status.close()]);
    throw e;
  });

  return {
    mirror,
    status,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    close: async () => {
      await Promise.all([
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
    `${JSON.stringify({ mirror: served.mirror.url, status: served.status.url, control: served.controlUrl })}\n`,
  );
}

if (require.main === module) {
  main().catch((e: unknown) => {
    process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
}
