// Figures for the hover: (a) finding references in a 1 MB source file, (b) a warm hover
// (cache hit) as extension work, (c) a cold hover against a raw request on a loopback server that
// answers after 20 ms. The hover is driven through HoverResolver, everything the vscode provider
// does apart from wrapping the result in a MarkdownString. Servers on ephemeral loopback ports.
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import * as path from 'path';
import { Agent, request } from 'undici';
import { findReferences } from '../../src/ledger/references';
import { HoverResolver } from '../../src/features/hover/resolver';
import { createMirrorClient, type MirrorClient } from '../../src/mirror';
import { parseSettings } from '../../src/app/settings';
import { projectRoot } from '../support/paths';
import { loadRecords } from '../support/mirrorReplay';
import { fmt, interleaved, now, stats, type BenchRow, type Stats } from './harness';

const MB = 1 << 20;
const LATENCY_MS = 20;

/** Every .ts file under src, repeated to 1 MB, with a reference every ~4 KB (as in a busy script). */
function sourceMegabyte(): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) files.push(fs.readFileSync(p, 'utf8'));
    }
  };
  walk(path.join(projectRoot(), 'src'));
  const corpus = files.join('\n');
  let text = '';
  for (let i = 0; text.length < MB; i++) {
    const at = (i * 4096) % Math.max(1, corpus.length - 4096);
    text +=
      corpus.slice(at, at + 4096) +
      `\nconst ref${i} = ['0.0.${1000 + i}', '0x${(1000 + i).toString(16).padStart(40, '0')}', '0.0.${i}@1700000000.${i}', '10.0.0.${i % 255}', 'v1.2.${i}'];\n`;
  }
  return text.slice(0, MB);
}

/** 1 MB where half the characters are digits: numbers, decimals, IPs and versions, no reference. */
function digitsMegabyte(): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < MB; i++) {
    const line = `x${i} = ${i * 7919} + ${i % 97}.5e3 - ${i % 13}.${i % 7}.${i % 5}.1; // v${i % 10}.${i % 9}.${i % 8}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n').slice(0, MB);
}

/** CPU time (user + system) of this process in ms: unlike the wall clock, not inflated by other processes' load. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function throughput(text: string): { wallMbps: number; cpuMbps: number; refs: number; samples: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let refs = 0;
  for (let i = 0; i < 25; i++) {
    const t0 = now();
    const c0 = cpuMs();
    refs = findReferences(text).length;
    const c = cpuMs() - c0;
    const w = now() - t0;
    if (i >= 5) {
      // the first runs include compilation
      wall.push(w);
      cpu.push(c);
    }
  }
  const mb = text.length / MB;
  return {
    wallMbps: mb / (stats(wall).median / 1000),
    cpuMbps: mb / (stats(cpu).median / 1000),
    refs,
    samples: wall.length,
  };
}

/** Per-call wall and CPU time of an async function, from batches (ms per call, medians). */
async function perCallWallAndCpu(
  fn: () => Promise<unknown>,
  batches = 30,
  batchSize = 1000,
): Promise<{ wall: Stats; cpu: Stats }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let b = 0; b < batches + 3; b++) {
    const t0 = now();
    const c0 = cpuMs();
    for (let i = 0; i < batchSize; i++) await fn();
    const c = (cpuMs() - c0) / batchSize;
    const w = (now() - t0) / batchSize;
    if (b >= 3) {
      wall.push(w);
      cpu.push(c);
    }
  }
  return { wall: stats(wall), cpu: stats(cpu) };
}

interface Server {
  readonly origin: string;
  requests: number;
  close(): Promise<void>;
}

function serve(body: string, headers: http.OutgoingHttpHeaders, latencyMs: number): Promise<Server> {
  const state: Server = { origin: '', requests: 0, close: async () => undefined };
  const server = http.createServer((_req, res) => {
    state.requests++;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
      res.end(body);
    }, latencyMs);
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve(
        Object.assign(state, {
          origin: `http://127.0.0.1:${port}`,
          close: () =>
            new Promise<void>(done => {
              server.closeAllConnections();
              server.close(() => done());
            }),
        }),
      );
    });
  });
}

function accountBody(): string {
  const r = loadRecords().find(
    x => x.url === '/api/v1/accounts/0.0.8' && x.status === 200 && x.source.includes('no-params'),
  );
  if (!r) throw new Error('the recorded account 0.0.8 is missing');
  return r.bodyText;
}

function resolverFor(client: MirrorClient, origin: string): HoverResolver {
  const { config } = parseSettings({ mirrorNodeUrl: origin, network: 'testnet', maxRequestsPerSecond: 50 });
  return new HoverResolver({ client: () => client, config: () => config });
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];

  // (a) reference finding: the figure on source code (with a goal), and a worst case of
  // my own making (numbers, decimals, IPs and versions on every line) reported beside it.
  for (const [label, text, goal] of [
    ['1 MB of TypeScript (src/**, a reference line every 4 KB)', sourceMegabyte(), true],
    ['1 MB, half digits, no reference (worst case)', digitsMegabyte(), false],
  ] as const) {
    const r = throughput(text);
    rows.push({
      name: `(a) findReferences, ${label}`,
      value: r.cpuMbps,
      unit: 'MB/s',
      ...(goal ? { goal: '≥ 100 MB/s', pass: r.cpuMbps >= 100 } : {}),
      note: `${r.refs} references found; median of ${r.samples} whole-document passes, on CPU time (wall clock: ${fmt(r.wallMbps)} MB/s)`,
    });
  }

  // The machine's own speed, for reading the figures above on a loaded or slow machine.
  {
    const text = digitsMegabyte();
    const cpu: number[] = [];
    let zeros = 0;
    for (let i = 0; i < 25; i++) {
      const c0 = cpuMs();
      zeros = 0;
      for (let k = 0; k < text.length; k++) if (text.charCodeAt(k) === 48) zeros++;
      if (i >= 5) cpu.push(cpuMs() - c0);
    }
    rows.push({
      name: '(a) reference point: a bare charCodeAt loop over the worst-case MB',
      value: 1 / (stats(cpu).median / 1000),
      unit: 'MB/s',
      note: `counts the ${zeros} zeros; the finder cannot be much faster than reading every character once`,
    });
  }

  const body = accountBody();

  // (b) warm hover: the answer is in the client's cache.
  {
    const server = await serve(body, { 'cache-control': 'public, max-age=600' }, LATENCY_MS);
    const client = createMirrorClient({ baseUrl: server.origin });
    const resolver = resolverFor(client, server.origin);
    const line = "  const treasury = AccountId.fromString('0.0.8'); // fee account";
    const at = line.indexOf('0.0.8') + 2;
    try {
      const first = await resolver.hover(line, at, 'typescript');
      if (!first?.markdown.includes('**Account**')) throw new Error(`unexpected warm-up hover: ${first?.markdown}`);
      const before = server.requests;
      const s = await perCallWallAndCpu(() => resolver.hover(line, at, 'typescript'));
      const ms = s.cpu.median;
      rows.push({
        name: '(b) warm hover (cache hit): find + lookup + Markdown',
        value: ms,
        unit: 'ms',
        goal: '≤ 0.1 ms',
        pass: ms <= 0.1 && server.requests === before,
        note: `CPU time per hover, median of ${s.cpu.samples} batches of 1000 awaited hovers (wall clock ${fmt(s.wall.median * 1000)} µs, p90 ${fmt(s.wall.p90 * 1000)} µs); ${server.requests - before} requests during the batches`,
      });
    } finally {
      client.dispose();
      await server.close();
    }
  }

  // (c) cold hover: every hover is an id the cache has not seen.
  {
    const server = await serve(body, {}, LATENCY_MS);
    const client = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 50 });
    const resolver = resolverFor(client, server.origin);
    const raw = new Agent({ keepAliveTimeout: 30_000 });
    let n = 100_000;
    try {
      const r = await interleaved(
        async () => {
          const id = `0.0.${n++}`;
          const h = await resolver.hover(`payer = ${id};`, 10, 'typescript');
          if (!h?.markdown.includes('**Account**')) throw new Error('a cold hover without an account');
        },
        async () => {
          const res = await request(`${server.origin}/api/v1/accounts/0.0.${n++}`, { dispatcher: raw });
          await res.body.text();
        },
        { iterations: 300, warmup: 10 },
      );
      // Each pair ran back to back, so the per-pair ratio cancels the machine's drifting load.
      const ratio = r.ratios.median;
      rows.push({
        name: `(c) cold hover / raw undici.request, ${LATENCY_MS} ms loopback latency`,
        value: ratio,
        unit: '×',
        goal: '≤ 1.05',
        pass: ratio <= 1.05,
        note: `median of ${r.ratios.samples} interleaved pairs' ratios (p10 ${fmt(r.ratios.p10, 4)}, p90 ${fmt(r.ratios.p90, 4)}); medians: hover ${fmt(r.a.median)} ms, raw ${fmt(r.b.median)} ms (ratio ${fmt(r.a.median / r.b.median, 4)}); body ${body.length} B`,
      });
    } finally {
      client.dispose();
      await raw.close();
      await server.close();
    }
  }
  return rows;
}
