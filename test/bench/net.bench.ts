// The shared request budget measured at a loopback server treated as a public mirror node
// (10 requests/s, the default for `*.mirrornode.hedera.com`):
// (a) 50 accounts expanded (visible) and 100 hovers (interactive) at once never exceed the budget:
//     the peak count in any one-second window and the sustained rate, both seen by the server;
// (b) a hover's queue wait while 100 background refreshes saturate the budget, against the same
//     run with every request at one priority (the FIFO baseline), and how many background requests
//     reached the server ahead of a hover issued after them.
import * as http from 'http';
import type { AddressInfo } from 'net';
import { Transport } from '../../src/mirror/transport';
import { HttpClient, RequestBudgets, type Priority } from '../../src/net';
import { recorded } from '../unit/mirror/helpers';
import { stats, type BenchRow } from './harness';

const RATE = 10;
const LATENCY_MS = 5;
const BACKGROUND = 60;

interface Arrival {
  readonly path: string;
  readonly at: number;
}

interface Server {
  readonly origin: string;
  readonly arrivals: Arrival[];
  close(): Promise<void>;
}

async function serve(body: string): Promise<Server> {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    arrivals.push({ path: req.url ?? '', at: performance.now() });
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }, LATENCY_MS);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    arrivals,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function transport(): { t: Transport; http: HttpClient } {
  const httpClient = new HttpClient({ budgets: new RequestBudgets({ rateFor: () => RATE }), env: {} });
  const t = new Transport({
    timeoutMs: 60_000,
    maxRequestsPerSecond: RATE,
    maxBodyBytes: 1 << 24,
    retries: 0,
    http: httpClient,
  });
  return { t, http: httpClient };
}

/** The most arrivals in any window of `ms` starting at an arrival. */
function peakIn(arrivals: readonly Arrival[], ms: number): number {
  const times = arrivals.map(a => a.at).sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while (j < times.length && times[j] < times[i] + ms) j++;
    peak = Math.max(peak, j - i);
  }
  return peak;
}

async function budgetHolds(server: Server): Promise<BenchRow[]> {
  server.arrivals.length = 0;
  const { t, http: h } = transport();
  const started = performance.now();
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < 50; i++)
    calls.push(t.get(`${server.origin}/api/v1/accounts/0.0.${1000 + i}`, { priority: 'visible' }));
  for (let i = 0; i < 100; i++)
    calls.push(
      t.get(`${server.origin}/api/v1/accounts/0.0.${5000 + i}?transactions=false`, { priority: 'interactive' }),
    );
  await Promise.all(calls);
  const elapsed = performance.now() - started;
  t.close();
  h.close();
  const arrivals = server.arrivals;
  const peak = peakIn(arrivals, 1000);
  const steadyPeak = peakIn([...arrivals].sort((a, b) => a.at - b.at).slice(RATE), 1000);
  const times = arrivals.map(a => a.at).sort((a, b) => a - b);
  // After the first burst (RATE requests at once) the rest come at the sustained rate.
  const sustained = (times.length - RATE) / ((times[times.length - 1] - times[0]) / 1000);
  // The first RATE callers (accounts, issued first) take the burst; after that no expanded account
  // may reach the server while a hover still waits.
  const lastHover = Math.max(...arrivals.filter(a => a.path.includes('transactions=false')).map(a => a.at));
  const accountsAhead = arrivals
    .slice(RATE)
    .filter(a => !a.path.includes('transactions=false') && a.at < lastHover).length;
  return [
    {
      name: `peak requests in any 1 s at the server (150 at once, budget ${RATE}/s, burst ${RATE})`,
      value: peak,
      unit: 'requests',
      goal: `≤ ${2 * RATE + 1}`,
      pass: peak <= 2 * RATE + 1,
      note: `${arrivals.length} requests in ${(elapsed / 1000).toFixed(1)} s; the bucket grants at most ${2 * RATE} in a second (burst + refill), and one more may land in the same sliding second at the server because a new connection's request arrives later than a kept-alive one's`,
    },
    {
      name: `peak requests in any 1 s at the server after the first burst`,
      value: steadyPeak,
      unit: 'requests',
      goal: `≤ ${RATE + 1}`,
      pass: steadyPeak <= RATE + 1,
      note: `grants are ≥ ${1000 / RATE} ms apart at the client; the +1 is arrival jitter in a sliding window`,
    },
    {
      name: `sustained rate after the burst / budget`,
      value: sustained / RATE,
      unit: '×',
      goal: '≤ 1.02',
      pass: sustained / RATE <= 1.02,
      note: `${sustained.toFixed(2)} requests/s`,
    },
    {
      name: 'expanded accounts sent (after the burst) while a hover still waited',
      value: accountsAhead,
      unit: 'requests',
      goal: '= 0',
      pass: accountsAhead === 0,
    },
  ];
}

interface HoverRun {
  readonly waits: number[];
  /** Background requests that reached the server after a hover was issued and before the hover. */
  readonly overtaken: number[];
}

async function hoverUnderLoad(server: Server, hoverPriority: Priority, hovers: number): Promise<HoverRun> {
  server.arrivals.length = 0;
  const { t, http: h } = transport();
  const background: Promise<unknown>[] = [];
  for (let i = 0; i < 100; i++)
    background.push(t.get(`${server.origin}/api/v1/accounts/0.0.${1000 + i}?bg`, { priority: 'background' }));
  const waits: number[] = [];
  const overtaken: number[] = [];
  await new Promise(resolve => setTimeout(resolve, 1500)); // the burst is spent; the queue is long
  for (let k = 0; k < hovers; k++) {
    const path = `/api/v1/accounts/0.0.${9000 + k}?hover`;
    const issued = performance.now();
    await t.get(`${server.origin}${path}`, { priority: hoverPriority });
    const arrival = server.arrivals.find(a => a.path === path);
    if (!arrival) throw new Error('the hover never reached the server');
    waits.push(arrival.at - issued);
    overtaken.push(server.arrivals.filter(a => a.path.endsWith('?bg') && a.at > issued && a.at < arrival.at).length);
    await new Promise(resolve => setTimeout(resolve, 250));
  }
  t.close();
  h.close();
  await Promise.allSettled(background);
  return { waits, overtaken };
}

export async function run(): Promise<BenchRow[]> {
  const account = recorded().find(r => r.endpoint === 'accounts/{id}' && r.status === 200);
  if (!account) throw new Error('no recorded account');
  const server = await serve(account.bodyText);
  try {
    const rows = await budgetHolds(server);
    const prioritized = await hoverUnderLoad(server, 'interactive', 10);
    // Baseline, same run: one hover queued at the background's own priority (plain FIFO).
    const fifo = (await hoverUnderLoad(server, 'background', 1)).waits;
    const p = stats(prioritized.waits);
    const maxOvertaken = Math.max(...prioritized.overtaken);
    rows.push(
      {
        name: `hover queue wait behind ${BACKGROUND} background requests (median, ${RATE}/s)`,
        value: p.median,
        unit: 'ms',
        goal: `≤ ${1000 / RATE + 50} (one token)`,
        pass: p.median <= 1000 / RATE + 50,
        note: `p90 ${p.p90.toFixed(0)} ms over ${p.samples} hovers; FIFO baseline (the hover at background priority) ${stats(fifo).median.toFixed(0)} ms`,
      },
      {
        name: 'hover wait with priorities / FIFO baseline',
        value: p.median / stats(fifo).median,
        unit: '×',
        goal: '≤ 0.1',
        pass: p.median / stats(fifo).median <= 0.1,
      },
      {
        name: 'background requests reaching the server ahead of a hover issued before them',
        value: maxOvertaken,
        unit: 'requests',
        goal: '≤ 1 (one may already be on the wire)',
        pass: maxOvertaken <= 1,
      },
    );
    return rows;
  } finally {
    await server.close();
  }
}
