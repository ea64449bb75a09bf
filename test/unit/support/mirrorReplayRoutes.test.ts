// The replay's dynamic routes: what no record answers (and POSTs) goes to them; the rest is as it
// always was. POST bodies are read with a cap and kept in the request log; faults apply to POSTs.
import * as assert from 'assert';
import { recordFor, anAccount } from '../../support/builders';
import {
  MAX_ROUTE_BODY_BYTES,
  startMirrorReplay,
  type MirrorReplay,
  type RouteRequest,
  type Routes,
} from '../../support/mirrorReplay';

describe('mirror replay: dynamic routes', () => {
  let replay: MirrorReplay;
  let asked: RouteRequest[];
  const echo: Routes = async req => {
    asked.push(req);
    if (req.path === '/api/v1/echo')
      return { status: 201, body: JSON.stringify({ method: req.method, body: req.body, query: req.query }) };
    if (req.path === '/api/v1/throws') throw new Error('route broke');
    return undefined;
  };

  before(async () => {
    replay = await startMirrorReplay({ routes: echo });
  });
  after(() => replay.close());
  beforeEach(() => {
    asked = [];
    replay.setRoutes(echo);
    replay.setFault(undefined);
    replay.resetRequests();
    replay.clearAddedRecords();
  });

  const post = (path: string, body: string) =>
    fetch(replay.url + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

  it('hands a POST its body, path and query, and logs the body with the request', async () => {
    const res = await post('/api/v1/echo?a=1&B=two', '{"to":"0x00"}');
    assert.strictEqual(res.status, 201);
    assert.strictEqual(res.headers.get('content-type'), 'application/json');
    assert.deepStrictEqual(await res.json(), {
      method: 'POST',
      body: '{"to":"0x00"}',
      query: [
        { name: 'a', value: '1' },
        { name: 'b', value: 'two' },
      ],
    });
    assert.strictEqual(replay.requests[0].method, 'POST');
    assert.strictEqual(replay.requests[0].body, '{"to":"0x00"}');
  });

  it('answers GETs no record answers; a record still wins; unanswered GETs get the 404 and POSTs the 405 as before', async () => {
    assert.strictEqual((await fetch(`${replay.url}/api/v1/echo`)).status, 201);
    replay.addRecords([recordFor('/api/v1/echo', anAccount())]);
    assert.strictEqual((await fetch(`${replay.url}/api/v1/echo`)).status, 200);
    assert.strictEqual(asked.length, 1, 'the record answered: the route was not asked');
    assert.strictEqual((await fetch(`${replay.url}/api/v1/nothing`)).status, 404);
    assert.strictEqual((await post('/api/v1/nothing', '{}')).status, 405);
    replay.setRoutes(undefined);
    const before = await post('/api/v1/echo', '{}');
    assert.strictEqual(before.status, 405);
    assert.strictEqual(before.headers.get('allow'), 'GET');
  });

  it('a route that throws is a 500; a body over the cap a 413, unread', async () => {
    const broke = await post('/api/v1/throws', '{}');
    assert.strictEqual(broke.status, 500);
    assert.match(await broke.text(), /route broke/);
    asked = [];
    const big = await post('/api/v1/echo', 'x'.repeat(MAX_ROUTE_BODY_BYTES + 1));
    assert.strictEqual(big.status, 413);
    assert.strictEqual(asked.length, 0);
  });

  it('faults apply to POSTs as to GETs (429, 5xx, latency)', async () => {
    replay.setFault({ kind: 'tooManyRequests', retryAfter: 2, times: 1 });
    const limited = await post('/api/v1/echo', '{}');
    assert.strictEqual(limited.status, 429);
    assert.strictEqual(limited.headers.get('retry-after'), '2');
    replay.setFault({ kind: 'serverError', status: 503, times: 1 });
    assert.strictEqual((await post('/api/v1/echo', '{}')).status, 503);
    replay.setFault({ kind: 'latency', ms: 150, times: 1 });
    const t0 = performance.now();
    const slow = await post('/api/v1/echo', '{"late":true}');
    assert.strictEqual(slow.status, 201);
    assert.ok(performance.now() - t0 >= 140);
    assert.strictEqual(((await slow.json()) as { body: string }).body, '{"late":true}');
  });
});
