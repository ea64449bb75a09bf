// The loopback mirror node and status page as a separate process (out/test/support/serve.js), for
// the e2e tests and `npm start -- --offline`: code-server's extension host reaches them over HTTP.
import * as fs from 'fs';
import * as http from 'http';
import * as path from 'path';
import * as readline from 'readline';
import { NETWORKS } from '../../src/ledger/networks';
import { freePorts, PortBlocks } from './ports';
import { spawnGroup, withTimeout, type GroupProcess } from './proc';
import { projectRoot } from '../support/paths';
import type { ExtraRecord, Fault } from '../support/mirrorReplay';
import type { StatusFault } from '../support/statusServer';

/**
 * `ledgerLens.mirrorNodeUrls` with every network at one replay server: each file, panel and status
 * item then asks the replay while still naming the network it means (a `mirrorNodeUrl` would serve
 * every network as one endpoint, whose status item shows that server's own health).
 */
export function everyNetworkAt(url: string): Record<string, string> {
  return Object.fromEntries(NETWORKS.map(network => [network, url]));
}

export interface ReplayProcess {
  readonly mirrorUrl: string;
  readonly statusUrl: string;
  readonly controlUrl: string;
  readonly control: ReplayControl;
  stop(): Promise<void>;
}

export interface ReplayProcessOptions {
  readonly scenario?: string;
  /** A responses.jsonl to serve instead of the shared recordings (the offline demo's subset). */
  readonly recordsFile?: string;
  readonly portBlock?: readonly [number, number];
  readonly readyTimeoutMs?: number;
}

/**
 * Changes what the replay servers answer, over their control port (the routes of
 * test/support/serve.ts).
 */
export class ReplayControl {
  constructor(private readonly baseUrl: string | undefined) {}

  /** Serves another status page scenario from now on (a folder of ../shared/fixtures/statuspage). */
  async setStatusScenario(name: string): Promise<void> {
    await this.request('POST', `/__control/scenario?name=${encodeURIComponent(name)}`);
  }

  /** One mirror node fault at a time (latency, 429, 5xx, reset, stall...); undefined clears it. */
  async setMirrorFault(fault: Fault | undefined): Promise<void> {
    await this.request('POST', '/__control/fault?target=mirror', fault ?? null);
  }

  /** One status page fault at a time (latency, 5xx, down, malformed); undefined clears it. */
  async setStatusFault(fault: StatusFault | undefined): Promise<void> {
    await this.request('POST', '/__control/fault?target=status', fault ?? null);
  }

  /** The requests a server received since the last reset: `[{ method, url, headers }]`. */
  async requests(target: 'mirror' | 'status'): Promise<{ method: string; url: string }[]> {
    return (await this.request('GET', `/__control/requests?target=${target}`)) as { method: string; url: string }[];
  }

  async resetRequests(): Promise<void> {
    await this.request('POST', '/__control/reset-requests');
  }

  /** Records served beside the replayed ones (they win for their URL); returns their indices. */
  async addRecords(records: readonly ExtraRecord[]): Promise<number[]> {
    return ((await this.request('POST', '/__control/records', records)) as { indices: number[] }).indices;
  }

  async useRecord(index: number): Promise<void> {
    await this.request('POST', `/__control/use-record?index=${index}`);
  }

  async preferSource(source: string | undefined): Promise<void> {
    await this.request('POST', `/__control/prefer-source?source=${encodeURIComponent(source ?? '')}`);
  }

  /** What every scenario starts from: its status scenario, no faults, empty request logs. */
  async reset(statusScenario: string): Promise<void> {
    await this.setStatusScenario(statusScenario);
    await this.setMirrorFault(undefined);
    await this.setStatusFault(undefined);
    await this.preferSource(undefined);
    await this.resetRequests();
  }

  /** Sends one control request; the body is JSON. Resolves with the parsed answer. */
  request(method: 'GET' | 'POST' | 'DELETE', urlPath: string, body?: unknown): Promise<unknown> {
    const base = this.baseUrl;
    if (!base) return Promise.reject(new Error('the replay servers were started without a control port'));
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return withTimeout(
      new Promise<unknown>((resolve, reject) => {
        const req = http.request(
          new URL(urlPath, base),
          {
            method,
            headers: payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {},
          },
          res => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => {
              if ((res.statusCode ?? 500) >= 400)
                reject(new Error(`control ${method} ${urlPath}: ${res.statusCode} ${text}`));
              else {
                try {
                  resolve(text ? (JSON.parse(text) as unknown) : undefined);
                } catch {
                  resolve(text);
                }
              }
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      }),
      10_000,
      `control ${method} ${urlPath}`,
    );
  }
}

export async function startReplayProcess(options: ReplayProcessOptions = {}): Promise<ReplayProcess> {
  const root = projectRoot();
  const serve = path.join(root, 'out', 'test', 'support', 'serve.js');
  if (!fs.existsSync(serve)) throw new Error(`${serve} is missing: run npx tsc -p test/tsconfig.json first`);
  const [mirrorPort, statusPort, controlPort] = await freePorts(options.portBlock ?? PortBlocks.e2e, 3);
  // The control port is always given: serve.js would otherwise take one outside our port range.
  const args = [
    serve,
    '--mirror-port',
    String(mirrorPort),
    '--status-port',
    String(statusPort),
    '--control-port',
    String(controlPort),
    '--scenario',
    options.scenario ?? 'all-operational',
  ];
  if (options.recordsFile) args.push('--records', options.recordsFile);
  const proc: GroupProcess = spawnGroup(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-4000)));
  const lines = readline.createInterface({ input: proc.child.stdout! });
  try {
    const ready = await withTimeout(
      new Promise<{ mirror: string; status: string; control?: string }>((resolve, reject) => {
        lines.on('line', line => {
          try {
            const parsed = JSON.parse(line) as { mirror?: unknown; status?: unknown; control?: unknown };
            if (typeof parsed.mirror === 'string' && typeof parsed.status === 'string') {
              resolve({
                mirror: parsed.mirror,
                status: parsed.status,
                ...(typeof parsed.control === 'string' ? { control: parsed.control } : {}),
              });
            }
          } catch {
            // not the ready line
          }
        });
        proc.child.on('exit', code => reject(new Error(`serve.js exited with ${code}: ${stderr}`)));
      }),
      options.readyTimeoutMs ?? 20_000,
      'the replay servers',
    );
    // Keep draining its output so the pipe never fills.
    proc.child.stdout?.resume();
    const controlUrl = ready.control ?? `http://127.0.0.1:${controlPort}`;
    return {
      mirrorUrl: ready.mirror,
      statusUrl: ready.status,
      controlUrl,
      control: new ReplayControl(controlUrl),
      stop: () => proc.stop(3000),
    };
  } catch (e) {
    await proc.stop(1000);
    throw e;
  }
}
