import * as assert from 'assert';
import { anAccount, recordFor } from '../../support/builders';
import {
  canonicalTarget,
  endpointOf,
  loadRecords,
  startMirrorReplay,
  type MirrorReplay,
} from '../../support/mirrorReplay';
import { get, getOk } from './http';

describe('mirror replay server', () => {
  const records = loadRecords();
  let replay: MirrorReplay;

  before(async () => {
    replay = await startMirrorReplay();
  });
  after(async () => {
    await replay.close();
  });
  afterEach(() => {
    replay.setFault(undefined);
    replay.clearSelections();
    replay.clearAddedRecords();
    replay.resetRequests();
  });

  it('listens on an ephemeral loopback port', () => {
    assert.match(replay.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(replay.port > 0);
  });

  it('loads the 268 records with their exact body text', () => {
    assert.strictEqual(records.length, 268);
    const unsafe = records.filter(r => r.hasUnsafeIntegers);
    assert.ok(unsafe.length > 0);
    for (const r of unsafe) assert.match(r.bodyText, /\d{16,}/);
  });

  it('serves a record byte for byte with its status and content-type', async () => {
    for (const index of [10, 22, 101, 121, 168, 196]) {
      const r = records[index];
      replay.useRecord(index);
      const a = await getOk(replay.url + r.url);
      assert.strictEqual(a.status, r.status, r.url);
      assert.strictEqual(a.body, r.bodyText, r.url);
      assert.strictEqual(a.headers['content-type'], 'application/json');
    }
  });

  it('keeps integers above 2^53 exactly as recorded', async () => {
    const index = records.findIndex(r => r.hasUnsafeIntegers && r.status === 200);
    replay.useRecord(index);
    const a = await getOk(replay.url + records[index].url);
    const digits = records[index].bodyText.match(/\d{16,}/g)!;
    for (const d of digits) assert.ok(a.body.includes(d), d);
  });

  it('sends the cache-control of each endpoint, or the one the record names', async () => {
    const expect: Array<[number, string]> = [
      [10, 'public, max-age=2'],
      [196, 'public, max-age=600'],
      [121, 'public, max-age=600'],
      [168, 'public, max-age=10'],
      [107, 'public, max-age=1'],
      [210, 'public, max-age=5'],
    ];
    for (const [index, cc] of expect) {
      replay.useRecord(index);
      const a = await getOk(replay.url + records[index].url);
      assert.strictEqual(a.headers['cache-control'], cc, records[index].url);
    }
  });

  it('matches query parameters in any order and names in any case, values exactly', async () => {
    // Record 93 was recorded as ?transactionType=cryptotransfer.
    const a = await getOk(`${replay.url}/api/v1/accounts/0.0.8?transactiontype=cryptotransfer`);
    assert.strictEqual(a.status, 200);
    assert.strictEqual(a.body, records[93].bodyText);
    // Record 59: ?timestamp=gte:1234567890.000000008&order=asc, asked the other way round.
    const b = await getOk(`${replay.url}/api/v1/accounts/2001?ORDER=asc&timestamp=gte:1234567890.000000008`);
    assert.strictEqual(b.body, records[59].bodyText);
    // A repeated parameter counts as often as it appears.
    const c = await getOk(
      `${replay.url}/api/v1/transactions/0.0.10-1234567890-000000001?scheduled=true&scheduled=false`,
    );
    assert.strictEqual(c.body, records[253].bodyText);
    // Records 246 and 247 repeat the same values in another order; the server reads the last one,
    // so the order of a repeat picks between them.
    const d = await getOk(
      `${replay.url}/api/v1/transactions/0.0.10-1234567890-000000001?scheduled=true&scheduled=false&scheduled=true`,
    );
    assert.strictEqual(d.body, records[247].bodyText);
    const d2 = await getOk(
      `${replay.url}/api/v1/transactions/0.0.10-1234567890-000000001?scheduled=true&scheduled=true&scheduled=false`,
    );
    assert.strictEqual(d2.body, records[246].bodyText);
    const d3 = await getOk(
      `${replay.url}/api/v1/transactions/0.0.10-1234567890-000000001?scheduled=false&scheduled=true&scheduled=true`,
    );
    assert.strictEqual(d3.status, 200);
    // Values are not folded: FALSE (record 64) and false (record 63) are different recordings.
    const e = await getOk(`${replay.url}/api/v1/accounts/0.0.8?transactions=False`);
    assert.strictEqual(e.status, 404);
  });

  it('answers an unknown URL with a mirror-style 404', async () => {
    const a = await getOk(`${replay.url}/api/v1/accounts/0.0.424242`);
    assert.strictEqual(a.status, 404);
    assert.deepStrictEqual(JSON.parse(a.body), { _status: { messages: [{ message: 'Not found' }] } });
    assert.strictEqual(a.headers['cache-control'], undefined);
  });

  describe('records sharing a URL', () => {
    // The URL with the most distinct recorded bodies.
    const groups = new Map<string, number[]>();
    records.forEach((r, i) => groups.set(canonicalTarget(r.url), [...(groups.get(canonicalTarget(r.url)) ?? []), i]));
    const [url, indices] = [...groups].sort(
      (a, b) => new Set(b[1].map(i => records[i].bodyText)).size - new Set(a[1].map(i => records[i].bodyText)).size,
    )[0];
    const distinct = indices.filter(
      (i, k) => indices.findIndex(j => records[j].bodyText === records[i].bodyText) === k,
    );

    it('the recordings do hold one URL with different bodies', () => {
      assert.ok(distinct.length >= 2, url);
    });

    it('serves the first by default', async () => {
      const a = await getOk(replay.url + records[indices[0]].url);
      assert.strictEqual(a.body, records[indices[0]].bodyText);
    });

    it('serves the one chosen by index, by source, or by a picker', async () => {
      const second = distinct[1];
      replay.useRecord(second);
      assert.strictEqual((await getOk(replay.url + url)).body, records[second].bodyText);
      replay.clearSelections();

      const bySource = distinct.find(i => records[i].source !== records[indices[0]].source);
      if (bySource !== undefined) {
        replay.preferSource(records[bySource].source);
        const got = (await getOk(replay.url + url)).body;
        assert.strictEqual(got, records[indices.find(i => records[i].source === records[bySource].source)!].bodyText);
        replay.clearSelections();
      }

      const seen: number[] = [];
      replay.pick((target, candidates) => {
        seen.push(...candidates.map(c => c.index));
        assert.strictEqual(target, url);
        return candidates.length - 1;
      });
      assert.strictEqual((await getOk(replay.url + url)).body, records[indices[indices.length - 1]].bodyText);
      assert.deepStrictEqual(seen, indices);
    });

    it('pinRecord answers every URL with one record', async () => {
      replay.pinRecord(121);
      const a = await getOk(`${replay.url}/api/v1/whatever?x=1`);
      assert.strictEqual(a.body, records[121].bodyText);
      replay.pinRecord(undefined);
      assert.strictEqual((await getOk(`${replay.url}/api/v1/whatever?x=1`)).status, 404);
    });
  });

  it('serves added records, ahead of recorded ones for the same URL, apart from them', async () => {
    const big = anAccount({
      account: '0.0.8',
      balance: { timestamp: null, balance: 9223372036854775807n, tokens: [] },
    });
    const [i, j] = replay.addRecords([
      recordFor('/api/v1/accounts/0.0.8', big),
      recordFor('/api/v1/accounts/0.0.777777', anAccount({ account: '0.0.777777' }), 200, 'builder:new'),
    ]);
    assert.strictEqual(i, 268);
    assert.strictEqual(j, 269);
    const a = await getOk(`${replay.url}/api/v1/accounts/0.0.8`);
    assert.strictEqual(a.body, big.text);
    assert.ok(a.body.includes('"balance":9223372036854775807'));
    assert.strictEqual(a.headers['cache-control'], 'public, max-age=2');
    assert.strictEqual((await getOk(`${replay.url}/api/v1/accounts/0.0.777777`)).status, 200);
    assert.strictEqual(replay.records().length, 270);
    replay.clearAddedRecords();
    assert.strictEqual((await getOk(`${replay.url}/api/v1/accounts/0.0.8`)).body, records[10].bodyText);
    assert.strictEqual((await getOk(`${replay.url}/api/v1/accounts/0.0.777777`)).status, 404);
  });

  it('records every request and forgets them on reset', async () => {
    await getOk(`${replay.url}/api/v1/blocks?limit=2`);
    await get(`${replay.url}/api/v1/blocks`, { method: 'POST' });
    assert.deepStrictEqual(
      replay.requests.map(r => [r.method, r.url]),
      [
        ['GET', '/api/v1/blocks?limit=2'],
        ['POST', '/api/v1/blocks'],
      ],
    );
    assert.strictEqual(replay.requests[0].headers.host, `127.0.0.1:${replay.port}`);
    replay.resetRequests();
    assert.strictEqual(replay.requests.length, 0);
  });

  it('refuses methods other than GET', async () => {
    const a = await get(`${replay.url}/api/v1/blocks`, { method: 'POST' });
    assert.ok(a.ok);
    assert.strictEqual(a.answer.status, 405);
  });

  describe('faults', () => {
    const url = (): string => `${replay.url}/api/v1/blocks?limit=2`;
    const body = (): string => records[103].bodyText;

    it('latency delays the normal answer', async () => {
      replay.setFault({ kind: 'latency', ms: 150 });
      const t0 = Date.now();
      const a = await getOk(url());
      assert.ok(Date.now() - t0 >= 140, `${Date.now() - t0} ms`);
      assert.strictEqual(a.body, body());
    });

    it('429 carries Retry-After', async () => {
      replay.setFault({ kind: 'tooManyRequests', retryAfter: 3 });
      const a = await getOk(url());
      assert.strictEqual(a.status, 429);
      assert.strictEqual(a.headers['retry-after'], '3');
      assert.deepStrictEqual(JSON.parse(a.body), { _status: { messages: [{ message: 'Too Many Requests' }] } });
    });

    it('5xx N times, then the normal answer', async () => {
      replay.setFault({ kind: 'serverError', status: 502, times: 2 });
      assert.strictEqual((await getOk(url())).status, 502);
      assert.strictEqual((await getOk(url())).status, 502);
      const a = await getOk(url());
      assert.strictEqual(a.status, 200);
      assert.strictEqual(a.body, body());
    });

    it('is scoped to the paths it names', async () => {
      replay.setFault({ kind: 'serverError', path: /\/accounts\//, times: 1 });
      assert.strictEqual((await getOk(url())).status, 200);
      assert.strictEqual((await getOk(`${replay.url}/api/v1/accounts/0.0.8`)).status, 503);
      assert.strictEqual((await getOk(`${replay.url}/api/v1/accounts/0.0.8`)).status, 200);
    });

    it('reset cuts the socket mid-body', async () => {
      replay.setFault({ kind: 'reset' });
      const o = await get(url());
      assert.ok(!o.ok);
      assert.strictEqual(o.status, 200);
      assert.ok(o.partial.length > 0 && o.partial.length < body().length, `${o.partial.length}`);
      assert.ok(body().startsWith(o.partial));
    });

    it('stall sends part of the body and then nothing', async () => {
      replay.setFault({ kind: 'stall', afterBytes: 10 });
      const o = await get(url(), { timeoutMs: 300 });
      assert.ok(!o.ok);
      assert.strictEqual(o.error.message, 'timeout');
      assert.strictEqual(o.partial, body().slice(0, 10));
    });

    it('malformed JSON is a complete 200 that does not parse', async () => {
      replay.setFault({ kind: 'malformed' });
      const a = await getOk(url());
      assert.strictEqual(a.status, 200);
      assert.throws(() => JSON.parse(a.body), SyntaxError);
    });

    it('oversize sends exactly N bytes of valid JSON, with or without a length', async () => {
      replay.setFault({ kind: 'oversize', bytes: 300_000 });
      const a = await getOk(url());
      assert.strictEqual(Buffer.byteLength(a.body), 300_000);
      assert.strictEqual(a.headers['content-length'], '300000');
      assert.strictEqual(typeof (JSON.parse(a.body) as { pad: string }).pad, 'string');
      replay.setFault({ kind: 'oversize', bytes: 200_000, chunked: true });
      const b = await getOk(url());
      assert.strictEqual(Buffer.byteLength(b.body), 200_000);
      assert.strictEqual(b.headers['content-length'], undefined);
      assert.strictEqual(b.headers['transfer-encoding'], 'chunked');
    });

    it('redirects to another origin, with the path when asked', async () => {
      replay.setFault({ kind: 'redirect', status: 301, location: 'http://127.0.0.2:9', appendPath: true });
      const a = await getOk(url());
      assert.strictEqual(a.status, 301);
      assert.strictEqual(a.headers.location, 'http://127.0.0.2:9/api/v1/blocks?limit=2');
      replay.setFault({ kind: 'redirect', location: 'http://localhost:1/elsewhere' });
      const b = await getOk(url());
      assert.strictEqual(b.status, 302);
      assert.strictEqual(b.headers.location, 'http://localhost:1/elsewhere');
    });
  });

  it('close() returns promptly even with a stalled answer open', async () => {
    const other = await startMirrorReplay();
    other.setFault({ kind: 'stall' });
    const pending = get(`${other.url}/api/v1/blocks`, { timeoutMs: 5000 });
    await new Promise(r => setTimeout(r, 50));
    const t0 = Date.now();
    await other.close();
    assert.ok(Date.now() - t0 < 3000, `closed after ${Date.now() - t0} ms (the answer stalls for good)`);
    const o = await pending;
    assert.ok(!o.ok);
    assert.notStrictEqual(o.error.message, 'timeout');
  });

  it('names endpoints as SOURCES.md does', () => {
    assert.strictEqual(endpointOf('/api/v1/accounts/0.0.8'), 'accounts/{id}');
    assert.strictEqual(endpointOf('/api/v1/blocks'), 'blocks');
    assert.strictEqual(endpointOf('/api/v1/blocks/17'), 'blocks/{id}');
    assert.strictEqual(endpointOf('/api/v1/contracts/results'), 'contracts/results');
    assert.strictEqual(endpointOf('/api/v1/transactions/0.0.8-1-2'), 'transactions/{id}');
    assert.strictEqual(endpointOf('/api/v1/tokens/0.0.9/balances'), 'tokens/{id}/balances');
    for (const r of records) assert.strictEqual(endpointOf(r.url.split('?')[0]), r.endpoint, r.url);
  });
});
