import * as assert from 'assert';
import { createMirrorClient, type MirrorClient } from '../../../src/mirror';
import { ageSeconds, freshnessSeconds, maxAgeSeconds, type CacheEntry } from '../../../src/mirror/cache';
import { Lru } from '../../../src/util/lru';
import { delay, sendJson, startServer, type TestServer } from './helpers';

const PORT = 18237;
const entry = (n: number) => ({ value: n, fetchedAt: 0, expiresAt: 1 });

describe('mirror/cache: LRU bounded by entries and bytes', () => {
  it('drops the least recently used past the entry bound', () => {
    const c = new Lru<string, CacheEntry<number>>(2);
    c.set('a', entry(1));
    c.set('b', entry(2));
    c.get('a'); // a is now the most recent
    c.set('c', entry(3));
    assert.deepStrictEqual([c.get('a')?.value, c.get('b'), c.get('c')?.value], [1, undefined, 3]);
  });
  it('drops the least recently used until the bytes fit, and counts them exactly', () => {
    const c = new Lru<string, CacheEntry<number>>(100, 1000);
    c.set('a', entry(1), 400);
    c.set('b', entry(2), 400);
    assert.strictEqual(c.weight, 800);
    c.get('a');
    c.set('c', entry(3), 400); // 1200 > 1000: b (least recent) goes
    assert.strictEqual(c.get('b'), undefined);
    assert.strictEqual(c.weight, 800);
    c.set('a', entry(4), 100); // replacing an entry replaces its size
    assert.strictEqual(c.weight, 500);
    c.delete('a');
    assert.strictEqual(c.weight, 400);
    c.clear();
    assert.deepStrictEqual([c.size, c.weight], [0, 0]);
  });
  it('never keeps an entry larger than the whole byte bound', () => {
    const c = new Lru<string, CacheEntry<number>>(100, 1000);
    c.set('small', entry(1), 10);
    c.set('huge', entry(2), 1001);
    assert.strictEqual(c.get('huge'), undefined);
    assert.strictEqual(c.get('small')?.value, 1, 'a refused entry does not evict others');
  });
  it('max-age less Age is the freshness; private is allowed, no-store/no-cache are not', () => {
    assert.strictEqual(maxAgeSeconds('private, max-age=10'), 10);
    assert.strictEqual(maxAgeSeconds('max-age=10, no-cache'), 0);
    assert.strictEqual(ageSeconds('4'), 4);
    assert.strictEqual(ageSeconds('x'), 0);
    assert.strictEqual(ageSeconds(undefined), 0);
    assert.strictEqual(freshnessSeconds({ 'cache-control': 'max-age=10', age: '4' }), 6);
    assert.strictEqual(freshnessSeconds({ 'cache-control': 'max-age=10', age: '15' }), 0);
    assert.strictEqual(freshnessSeconds({ 'cache-control': 'max-age=10' }), 10);
  });
});

describe('mirror/client: the cache bound and Age against a loopback server', function () {
  this.timeout(30_000);
  let server: TestServer;
  let age: string | undefined;
  const clients: MirrorClient[] = [];
  const big = JSON.stringify({ transactions: [], links: { next: null }, pad: 'x'.repeat(256 * 1024) });

  before(async () => {
    server = await startServer(PORT, (req, res) => {
      const headers: Record<string, string> = { 'cache-control': 'public, max-age=600' };
      if (age !== undefined) headers['age'] = age;
      const body =
        !req.url?.includes('0.0.7-') && !req.url?.includes('0.0.8-')
          ? big
          : JSON.stringify({ transactions: [], links: { next: null } });
      sendJson(res, 200, body, headers);
    });
  });
  after(async () => {
    for (const c of clients) c.dispose();
    await server.close();
  });
  beforeEach(() => {
    age = undefined;
    server.requests.length = 0;
  });

  it('600 bodies of 256 KiB keep the cache within its byte bound: the oldest are asked again', async () => {
    const bound = 8 * 1024 * 1024;
    const c = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000, cacheBytes: bound });
    clients.push(c);
    const ids = Array.from({ length: 600 }, (_, i) => `0.0.${i + 1}-1700000000-${i}`);
    for (const id of ids) await c.getTransaction(id, {}, {});
    assert.strictEqual(server.requests.length, 600);
    // The newest fit (8 MiB holds 15 bodies of 512 KiB as UTF-16); the first one was evicted.
    server.requests.length = 0;
    await c.getTransaction(ids[599]);
    assert.strictEqual(server.requests.length, 0, 'the most recent is still cached');
    // Within the 500-entry bound (ids 100..599 would all be held by it alone), yet evicted by bytes.
    await c.getTransaction(ids[200]);
    assert.strictEqual(server.requests.length, 1, 'an older one was evicted by the byte bound');
  });

  it('an answer whose Age uses up its max-age is not reused', async () => {
    const c = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000 });
    clients.push(c);
    age = '600';
    await c.getTransaction('0.0.7-1700000000-1');
    await c.getTransaction('0.0.7-1700000000-1');
    assert.strictEqual(server.requests.length, 2);
    age = '0';
    await c.getTransaction('0.0.8-1700000000-1');
    await delay(5);
    await c.getTransaction('0.0.8-1700000000-1');
    assert.strictEqual(server.requests.length, 3);
  });
});
