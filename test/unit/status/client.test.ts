import * as assert from 'assert';
import { createStatusClient, networkHealth, StatusError, type StatusClient } from '../../../src/status';
import { summaryDoc } from './builders';
import { SCENARIOS, scenarioJson } from './fixtures';
import { startTestStatusServer, unusedPort, type TestStatusServer } from './server';

async function rejectsWith(p: Promise<unknown>, kind: StatusError['kind'], message: RegExp): Promise<StatusError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof StatusError, `expected StatusError, got ${String(e)}`);
    assert.strictEqual(e.kind, kind, e.message);
    assert.match(e.message, message);
    return e;
  }
  assert.fail('expected a rejection');
}

describe('status: client against a loopback status page', function () {
  let server: TestStatusServer;
  let client: StatusClient;

  beforeEach(async () => {
    server = await startTestStatusServer('all-operational');
    client = createStatusClient({ baseUrl: server.url, timeoutMs: 1500 });
  });
  afterEach(async () => {
    client.dispose();
    await server.close();
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario}: the four documents, as served`, async () => {
      server.scenario = scenario;
      const [summary, upcoming, active, all] = await Promise.all([
        client.summary(),
        client.upcoming(),
        client.active(),
        client.allMaintenances(),
      ]);
      assert.deepStrictEqual(server.requests.sort(), [
        '/api/v2/scheduled-maintenances.json',
        '/api/v2/scheduled-maintenances/active.json',
        '/api/v2/scheduled-maintenances/upcoming.json',
        '/api/v2/summary.json',
      ]);
      const raw = scenarioJson(scenario, 'summary') as {
        components: { id: string; status: string }[];
        status: { indicator: string };
      };
      assert.deepStrictEqual(
        summary.components.map(c => [c.id, c.status]),
        raw.components.map(c => [c.id, c.status]),
      );
      assert.strictEqual(summary.status.indicator, raw.status.indicator);
      for (const [doc, got] of [
        ['upcoming', upcoming],
        ['active', active],
        ['all', all],
      ] as const) {
        const rawDoc = scenarioJson(scenario, doc) as { scheduled_maintenances: { id: string }[] };
        assert.deepStrictEqual(
          got.scheduled_maintenances.map(m => m.id),
          rawDoc.scheduled_maintenances.map(m => m.id),
          doc,
        );
      }
      // The client's output is what health reads.
      assert.ok(networkHealth(summary, 'testnet').matchedGroup);
    });
  }

  it('keeps a path prefix of the base URL and drops a trailing slash', async () => {
    const prefixed = createStatusClient({ baseUrl: `${server.url}/mirror/`, timeoutMs: 1500 });
    try {
      await assert.rejects(prefixed.summary(), StatusError);
      assert.deepStrictEqual(server.requests, ['/mirror/api/v2/summary.json']);
    } finally {
      prefixed.dispose();
    }
  });

  it('HTTP errors name the status', async () => {
    server.fault = { kind: 'status', status: 503 };
    const e = await rejectsWith(client.summary(), 'http', /HTTP 503 \(Service Unavailable\)/);
    assert.strictEqual(e.status, 503);
    server.fault = { kind: 'status', status: 429, body: '{"error":"slow down"}' };
    await rejectsWith(client.summary(), 'http', /HTTP 429: slow down/);
  });

  it('an unreachable page says so', async () => {
    const port = await unusedPort();
    const c = createStatusClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1500 });
    try {
      await rejectsWith(c.summary(), 'network', /^cannot reach status page at 127\.0\.0\.1:\d+: connection refused$/);
    } finally {
      c.dispose();
    }
  });

  it('a connection reset mid-body says so', async () => {
    server.fault = { kind: 'reset' };
    await rejectsWith(client.summary(), 'network', /^cannot reach status page/);
  });

  it('malformed JSON and a document of the wrong shape are refused with the reason', async () => {
    server.fault = { kind: 'malformed' };
    await rejectsWith(client.summary(), 'invalid', /not JSON/);
    server.fault = { kind: 'body', text: JSON.stringify({ ...summaryDoc({}), status: { description: 'x' } }) };
    await rejectsWith(client.summary(), 'invalid', /unexpected summary document \(status\.indicator: /);
  });

  it('refuses a body over the cap, declared or not', async () => {
    const small = createStatusClient({ baseUrl: server.url, timeoutMs: 3000, maxBodyBytes: 100_000 });
    try {
      server.fault = { kind: 'oversize', bytes: 1_000_000, declareLength: true };
      await rejectsWith(small.summary(), 'too-large', /more than 100000 bytes/);
      server.fault = { kind: 'oversize', bytes: 1_000_000, declareLength: false };
      await rejectsWith(small.summary(), 'too-large', /more than 100000 bytes/);
    } finally {
      small.dispose();
    }
  });

  it('follows a same-origin redirect, refuses one to another origin', async () => {
    const moved = createStatusClient({ baseUrl: `${server.url}/old`, timeoutMs: 1500 });
    try {
      server.fault = {
        kind: 'redirect',
        location: '/api/v2/summary.json',
        status: 308,
        only: '/old/api/v2/summary.json',
      };
      const summary = await moved.summary();
      assert.strictEqual(summary.page.name, 'Hedera');
      assert.deepStrictEqual(server.requests, ['/old/api/v2/summary.json', '/api/v2/summary.json']);
    } finally {
      moved.dispose();
    }

    server.requests.length = 0;
    server.fault = { kind: 'redirect', location: '/moved' };
    // The target answers with the same redirect, so the hop limit ends it.
    await rejectsWith(client.summary(), 'redirect', /too many/);
    assert.deepStrictEqual(server.requests, ['/api/v2/summary.json', '/moved', '/moved', '/moved']);

    const other = await startTestStatusServer('all-operational');
    try {
      server.requests.length = 0;
      server.fault = { kind: 'redirect', location: `${other.url}/api/v2/summary.json`, status: 301 };
      await rejectsWith(client.summary(), 'redirect', /another origin \(http:\/\/127\.0\.0\.1:\d+\); not followed/);
      assert.strictEqual(other.requests.length, 0, 'nothing was sent to the other origin');
    } finally {
      await other.close();
    }
  });

  it('times out a page that never answers, or stalls mid-body', async () => {
    const quick = createStatusClient({ baseUrl: server.url, timeoutMs: 300 });
    try {
      server.fault = { kind: 'stall-headers' };
      let t0 = Date.now();
      await rejectsWith(quick.summary(), 'timeout', /did not answer within 300 ms|timed out/);
      assert.ok(Date.now() - t0 < 2000);
      server.fault = { kind: 'stall-body' };
      t0 = Date.now();
      await rejectsWith(quick.summary(), 'timeout', /did not answer within 300 ms|timed out/);
      assert.ok(Date.now() - t0 < 2000);
    } finally {
      quick.dispose();
    }
  });

  it('honours the caller’s AbortSignal, before and during the request', async () => {
    const before = new AbortController();
    before.abort();
    await rejectsWith(client.summary({ signal: before.signal }), 'aborted', /cancelled/);
    assert.strictEqual(server.requests.length, 0, 'nothing sent for an aborted signal');

    server.fault = { kind: 'stall-body' };
    const during = new AbortController();
    const p = client.summary({ signal: during.signal });
    setTimeout(() => during.abort(), 100);
    const t0 = Date.now();
    await rejectsWith(p, 'aborted', /cancelled/);
    // 'aborted', not the client's own timeout, already shows the signal ended it; the bound leaves
    // room for a loaded machine.
    assert.ok(Date.now() - t0 < 3000, `aborted after ${Date.now() - t0} ms`);
  });

  it('dispose cancels what is in flight and refuses later calls', async () => {
    server.fault = { kind: 'stall-headers' };
    const p = client.summary();
    setTimeout(() => client.dispose(), 50);
    await rejectsWith(p, 'aborted', /cancelled/);
    server.fault = undefined;
    await rejectsWith(client.summary(), 'aborted', /cancelled/);
  });
});
