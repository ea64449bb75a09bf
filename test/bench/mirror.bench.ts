// Figures for the mirror client: (a) cold lookup overhead against a raw undici
// request, (b) a warm cache hit, (c) coalescing of concurrent identical lookups, (d) lossless
// parsing against JSON.parse. Loopback servers on ports 18250-18259.
import * as http from 'http';
import { Agent, request } from 'undici';
import { createMirrorClient } from '../../src/mirror';
import { parseLossless } from '../../src/mirror/lossless';
import { AccountResponseSchema } from '../../src/mirror/schemas';
import { recorded } from '../unit/mirror/helpers';
import { fmt, interleaved, perCall, type BenchRow } from './harness';

const PORT = 18250;
const LATENCY_MS = 20;

interface Server {
  readonly origin: string;
  requests: number;
  close(): Promise<void>;
}

function serve(port: number, body: string, headers: http.OutgoingHttpHeaders, latencyMs: number): Promise<Server> {
  const state = { origin: `http://127.0.0.1:${port}`, requests: 0, close: async () => undefined as void };
  const server = http.createServer((_req, res) => {
    state.requests++;
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
      res.end(body);
    }, latencyMs);
  });
  server.keepAliveTimeout = 60_000;
  state.close = () =>
    new Promise<void>(resolve => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(state));
  });
}

function largestAccountBody(): string {
  return recorded()
    .filter(r => r.endpoint === 'accounts/{id}' && r.status === 200)
    .reduce((a, b) => (b.bodyText.length > a.bodyText.length ? b : a)).bodyText;
}

/** A body of about `size` characters whose integers are all above 2^53 (transfer-like records). */
function bigIntegerBody(size: number): string {
  const parts: string[] = [];
  let length = 20;
  for (let i = 0; length < size; i++) {
    const amount = (9007199254740993n + BigInt(i) * 7919n) * (i % 2 === 0 ? 1n : -1n);
    const serial = 9223372036854775807n - BigInt(i);
    const item = `{"account":"0.0.${1000 + i}","amount":${amount},"serial_number":${serial},"is_approval":false}`;
    parts.push(item);
    length += item.length + 1;
  }
  return `{"transfers":[${parts.join(',')}]}`;
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const body = largestAccountBody();

  // (a) cold lookup: the server sends no cache-control, so every call goes to the network.
  {
    const server = await serve(PORT, body, {}, LATENCY_MS);
    const client = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 100_000 });
    const raw = new Agent({ keepAliveTimeout: 30_000 });
    const url = `${server.origin}/api/v1/accounts/0.0.2001`;
    try {
      const r = await interleaved(
        () => client.getAccount('0.0.2001'),
        async () => {
          const res = await request(url, { dispatcher: raw });
          await res.body.text();
        },
        { iterations: 300, warmup: 20 },
      );
      // Pairs are adjacent in time, so the median of their ratios shrugs off the machine's drift.
      const ratio = r.ratios.median;
      rows.push({
        name: `(a) cold getAccount / raw undici.request, ${LATENCY_MS} ms loopback latency`,
        value: ratio,
        unit: '×',
        goal: '≤ 1.05',
        pass: ratio <= 1.05,
        note: `median of ${r.a.samples} interleaved pairs' ratios (p10 ${fmt(r.ratios.p10, 4)}, p90 ${fmt(r.ratios.p90, 4)}); medians: client ${fmt(r.a.median)} ms, raw ${fmt(r.b.median)} ms (ratio ${fmt(r.a.median / r.b.median, 4)}); body ${body.length} B; rate cap lifted`,
      });
    } finally {
      client.dispose();
      await raw.close();
      await server.close();
    }
  }

  // (b) warm cache hit and (c) coalescing.
  {
    const server = await serve(PORT + 1, body, { 'cache-control': 'public, max-age=600' }, LATENCY_MS);
    const client = createMirrorClient({ baseUrl: server.origin });
    try {
      await client.getAccount('0.0.2001');
      const hit = await perCall(() => client.getAccount('0.0.2001'), { batches: 30, batchSize: 2000 });
      const micros = hit.median * 1000;
      rows.push({
        name: '(b) warm getAccount (cache hit)',
        value: micros,
        unit: 'µs',
        goal: '≤ 50 µs',
        pass: micros <= 50,
        note: `median of ${hit.samples} batches of 2000 awaited calls (p90 ${fmt(hit.p90 * 1000)} µs); includes parameter checks and URL building`,
      });
    } finally {
      client.dispose();
    }
    const fresh = createMirrorClient({ baseUrl: server.origin });
    try {
      const before = server.requests;
      const results = await Promise.all(Array.from({ length: 100 }, () => fresh.getAccount('0.0.2001')));
      const made = server.requests - before;
      rows.push({
        name: '(c) 100 concurrent identical lookups → requests made',
        value: made,
        unit: '',
        goal: '1',
        pass: made === 1 && results.every(x => x === results[0]),
      });
    } finally {
      fresh.dispose();
      await server.close();
    }
  }

  // (d) lossless parse against JSON.parse.
  const largest = recorded().reduce((a, b) => (b.bodyText.length > a.bodyText.length ? b : a));
  const bigBody = bigIntegerBody(largest.bodyText.length);
  for (const [label, text] of [
    [`largest fixture body (${largest.bodyText.length} B)`, largest.bodyText],
    [`same size, integers all above 2^53 (${bigBody.length} B)`, bigBody],
  ] as const) {
    const batchSize = 200;
    const r = await interleaved(
      () => {
        for (let i = 0; i < batchSize; i++) parseLossless(text);
      },
      () => {
        for (let i = 0; i < batchSize; i++) JSON.parse(text);
      },
      { iterations: 60, warmup: 5, clock: 'cpu' },
    );
    const ratio = r.a.median / r.b.median;
    rows.push({
      name: `(d) parseLossless / JSON.parse, ${label}`,
      value: ratio,
      unit: '×',
      goal: '≤ 2',
      pass: ratio <= 2,
      note: `CPU time, ${fmt((r.a.median / batchSize) * 1000)} µs vs ${fmt((r.b.median / batchSize) * 1000)} µs per parse (median of ${r.a.samples} interleaved batches of ${batchSize})`,
    });
  }

  // For information: schema validation (bigint conversion included) after the parse.
  {
    const text = largestAccountBody();
    const value = parseLossless(text);
    const s = await perCall(() => AccountResponseSchema.parse(value), { batches: 20, batchSize: 200 });
    const p = await perCall(() => parseLossless(text), { batches: 20, batchSize: 200 });
    rows.push({
      name: `account body (${text.length} B): zod validation + bigint`,
      value: s.median * 1000,
      unit: 'µs',
      note: `the lossless parse of the same body takes ${fmt(p.median * 1000)} µs`,
    });
  }
  return rows;
}
