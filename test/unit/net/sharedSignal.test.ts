// One caller AbortSignal shared by many requests (an expanded tree asks its rows with the view's
// signal): no MaxListenersExceededWarning, the listeners are gone once the requests end, and an
// abort still reaches every request. Through the HTTP layer and the mirror client, on loopback.
import * as assert from 'assert';
import { HttpClient, NetError, RequestBudgets, type GetOptions } from '../../../src/net';
import { createMirrorClient, MirrorError } from '../../../src/mirror';
import { until } from '../../support/wait';
import { flush, rejection, startServer, type Server } from './support';

const BASE: GetOptions = { timeoutMs: 5000, maxBodyBytes: 1 << 20 };
const REQUESTS = 50;

/** The process warnings emitted while `work` runs (and the ticks after it). */
async function warningsDuring(work: () => Promise<void>): Promise<Error[]> {
  const seen: Error[] = [];
  const onWarning = (w: Error) => seen.push(w);
  process.on('warning', onWarning);
  try {
    await work();
    await flush();
  } finally {
    process.off('warning', onWarning);
  }
  return seen;
}

describe('net: many requests sharing one caller signal', function () {
  this.timeout(20000);
  let server: Server;
  /** When set, the server holds its answers until released. */
  let holding: (() => void)[] | undefined;
  beforeEach(async () => {
    holding = undefined;
    server = await startServer((req, res) => {
      const send = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"token_id":"0.0.${(req.url ?? '').split('.').pop()}","name":"T","symbol":"T"}`);
      };
      if (holding) holding.push(send);
      else send();
    });
  });
  afterEach(async () => {
    for (const release of holding ?? []) release();
    await server.close();
  });

  it(`${REQUESTS} HTTP requests with one signal log no warning, and the abort reaches them all`, async () => {
    const c = new HttpClient({
      budgets: new RequestBudgets({ rateFor: () => Infinity }),
      connections: REQUESTS,
      env: {},
    });
    try {
      const ctl = new AbortController();
      const warnings = await warningsDuring(async () => {
        const all = Array.from({ length: REQUESTS }, (_, i) =>
          c.get(`${server.origin}/tokens/0.0.${i}`, { ...BASE, signal: ctl.signal }),
        );
        const answers = await Promise.all(all);
        assert.ok(answers.every(r => r.status === 200));
      });
      assert.deepStrictEqual(
        warnings.map(w => `${w.name}: ${w.message}`),
        [],
      );
      // Still cancellable together: held answers, then one abort.
      holding = [];
      const pending = Array.from({ length: REQUESTS }, (_, i) =>
        rejection(c.get(`${server.origin}/held/0.0.${i}`, { ...BASE, signal: ctl.signal })),
      );
      await until(() => (holding?.length ?? 0) === REQUESTS, 'every request reached the server');
      ctl.abort();
      for (const e of await Promise.all(pending)) assert.ok(e instanceof NetError && e.kind === 'aborted', String(e));
    } finally {
      c.close();
    }
  });

  it(`${REQUESTS} mirror lookups with one signal log no warning, and the abort reaches them all`, async () => {
    const client = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000, retries: 0 });
    try {
      const ctl = new AbortController();
      const warnings = await warningsDuring(async () => {
        const all = Array.from({ length: REQUESTS }, (_, i) => client.getToken(`0.0.${i}`, { signal: ctl.signal }));
        const tokens = await Promise.all(all);
        assert.strictEqual(tokens[REQUESTS - 1].token_id, `0.0.${REQUESTS - 1}`);
      });
      assert.deepStrictEqual(
        warnings.map(w => `${w.name}: ${w.message}`),
        [],
      );
      holding = [];
      const pending = Array.from({ length: REQUESTS }, (_, i) =>
        rejection(client.getToken(`0.0.${1000 + i}`, { signal: ctl.signal })),
      );
      // The client's pool holds 16 connections: the others wait in it, and leave on the abort too.
      await until(() => (holding?.length ?? 0) === 16, 'a pool of lookups reached the server');
      ctl.abort();
      for (const e of await Promise.all(pending))
        assert.ok(e instanceof MirrorError && e.kind === 'aborted', String(e));
    } finally {
      client.dispose();
    }
  });
});
