import * as assert from 'assert';
import { createMirrorClient, TokenMetadata, TokenMetadataByNetwork, type MirrorClient } from '../../../src/mirror';
import { MirrorInputError } from '../../../src/mirror/errors';
import { delay, sendJson, startServer, type TestServer } from './helpers';

const PORT = 18238;

function tokenBody(id: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    token_id: id,
    name: `Token ${id}`,
    symbol: 'USDC',
    decimals: '6',
    type: 'FUNGIBLE_COMMON',
    total_supply: '1000000000',
    treasury_account_id: '0.0.2',
    ...extra,
  });
}

describe('mirror: NFTs, exchange rate and token metadata against a loopback server', function () {
  this.timeout(30_000);
  let server: TestServer;
  let live = 0;
  let peak = 0;
  let latency = 20;
  let bodies: (url: string) => { status: number; text: string };
  const clients: MirrorClient[] = [];
  function client(): MirrorClient {
    const c = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000, retries: 0 });
    clients.push(c);
    return c;
  }

  before(async () => {
    server = await startServer(PORT, (req, res) => {
      live++;
      peak = Math.max(peak, live);
      setTimeout(() => {
        live--;
        const { status, text } = bodies(req.url ?? '');
        sendJson(res, status, text, { 'cache-control': 'max-age=60' });
      }, latency);
    });
  });
  after(async () => {
    for (const c of clients) c.dispose();
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
    live = 0;
    peak = 0;
    latency = 20;
  });

  describe("client: an account's NFTs and the exchange rate", () => {
    it("pages an account's NFTs through links.next", async () => {
      bodies = url =>
        url.includes('next=2')
          ? {
              status: 200,
              text: '{"nfts":[{"token_id":"0.0.222","serial_number":9223372036854775807,"metadata":"aXBmczovL3g="}],"links":{"next":null}}',
            }
          : {
              status: 200,
              text: '{"nfts":[{"token_id":"0.0.222","serial_number":124,"metadata":"VGhpcyBpcyBhIHRlc3QgTkZU","account_id":"0.0.5"}],"links":{"next":"/api/v1/accounts/0.0.5/nfts?limit=1&next=2"}}',
            };
      const c = client();
      const first = await c.listAccountNfts('0.0.5', { limit: 1, order: 'asc' });
      assert.strictEqual(first.nfts[0].serial_number, 124n);
      const second = await c.next(first);
      assert.ok(second);
      assert.strictEqual(second.nfts[0].serial_number, 9223372036854775807n);
      assert.strictEqual(await c.next(second), null);
      assert.deepStrictEqual(server.requests, [
        '/api/v1/accounts/0.0.5/nfts?limit=1&order=asc',
        '/api/v1/accounts/0.0.5/nfts?limit=1&next=2',
      ]);
    });
    it('refuses bad NFT parameters before sending', async () => {
      const c = client();
      await assert.rejects(
        c.listAccountNfts('0.0.5', { 'token.id': 'x' }),
        (e: unknown) => e instanceof MirrorInputError && e.parameter === 'token.id',
      );
      await assert.rejects(c.listAccountNfts('0.0.5', { limit: 0 }), MirrorInputError);
      assert.strictEqual(server.requests.length, 0);
    });
    it('asks for the rate at a consensus time and parses the openapi example', async () => {
      bodies = () => ({
        status: 200,
        text: '{"current_rate":{"cent_equivalent":596987,"expiration_time":1649689200,"hbar_equivalent":30000},"next_rate":{"cent_equivalent":596987,"expiration_time":1649689200,"hbar_equivalent":30000},"timestamp":"1586567700.453054000"}',
      });
      const c = client();
      const r = await c.getExchangeRate({ timestamp: '1700000000.000000001' });
      assert.strictEqual(r.current_rate.cent_equivalent, 596987n);
      assert.strictEqual(r.current_rate.hbar_equivalent, 30000n);
      assert.deepStrictEqual(server.requests, ['/api/v1/network/exchangerate?timestamp=1700000000.000000001']);
      await assert.rejects(c.getExchangeRate({ timestamp: 'gt:1' }), MirrorInputError);
    });
  });

  describe('TokenMetadata', () => {
    it('1,000 tokens: each asked once, never more than 4 in flight, visible ones first', async () => {
      bodies = url => ({ status: 200, text: tokenBody(url.split('/').pop() ?? '') });
      const tokens = new TokenMetadata(client());
      const ids = Array.from({ length: 1000 }, (_, i) => `0.0.${1000 + i}`);
      // everything asked at priority 0, then the 20 visible rows (the last ones) at priority 1
      const all = ids.map(id => tokens.get(id));
      const visible = ids.slice(980).map(id => tokens.get(id, { priority: 1 }));
      const twice = ids.slice(0, 10).map(id => tokens.get(id));
      const first = await Promise.race(visible.map(async (p, i) => (await p, i)));
      assert.ok(first >= 0);
      await Promise.all([...all, ...visible, ...twice]);
      assert.strictEqual(tokens.stats.requests, 1000, 'one request per token');
      assert.strictEqual(server.requests.length, 1000);
      assert.ok(tokens.stats.peakInFlight <= 4, `peak ${tokens.stats.peakInFlight}`);
      assert.ok(peak <= 4, `server saw ${peak} at once`);
      // the visible rows were sent among the first requests
      const order = server.requests.map(u => u.split('/').pop());
      for (const id of ids.slice(980)) assert.ok(order.indexOf(id) < 24, `${id} sent at ${order.indexOf(id)}`);
      // cached for the session
      await tokens.get(ids[5]);
      assert.strictEqual(server.requests.length, 1000);
    });
    it('only what is asked: 20 visible of 1,000 balances make 20 requests', async () => {
      bodies = url => ({ status: 200, text: tokenBody(url.split('/').pop() ?? '') });
      const tokens = new TokenMetadata(client(), { maxInFlight: 2 });
      await Promise.all(Array.from({ length: 20 }, (_, i) => tokens.get(`0.0.${5000 + i}`, { priority: 1 })));
      assert.strictEqual(server.requests.length, 20);
      assert.ok(peak <= 2);
    });
    it('a 404 is remembered as not found; a 500 is not remembered', async () => {
      bodies = url =>
        url.endsWith('0.0.404')
          ? { status: 404, text: '{"_status":{"messages":[{"message":"Not found"}]}}' }
          : { status: 500, text: '{"_status":{"messages":[{"message":"boom"}]}}' };
      const tokens = new TokenMetadata(client());
      const a = await tokens.get('0.0.404');
      assert.strictEqual(a.status, 'not-found');
      assert.strictEqual((await tokens.get('0.0.404')).status, 'not-found');
      assert.strictEqual(tokens.peek('0.0.404')?.status, 'not-found');
      const b = await tokens.get('0.0.500');
      assert.strictEqual(b.status, 'failed');
      assert.strictEqual(tokens.peek('0.0.500'), undefined);
      await tokens.get('0.0.500');
      assert.deepStrictEqual(server.requests, [
        '/api/v1/tokens/0.0.404',
        '/api/v1/tokens/0.0.500',
        '/api/v1/tokens/0.0.500',
      ]);
    });
    it('hostile metadata: decimals out of range, negative, non-integer; HTML, bidi and 10 KB symbols', async () => {
      const weird: Record<string, Record<string, unknown>> = {
        '0.0.1': { decimals: '256' },
        '0.0.2': { decimals: '-1' },
        '0.0.3': { decimals: '1.5' },
        '0.0.4': { symbol: '<img src=x onerror=alert(1)>' },
        '0.0.5': { symbol: 'US\u202EDC', name: 'a\nb' },
        '0.0.6': { symbol: 'S'.repeat(10_240), total_supply: 'lots' },
      };
      bodies = url => {
        const id = url.split('/').pop() ?? '';
        return { status: 200, text: tokenBody(id, weird[id]) };
      };
      const tokens = new TokenMetadata(client());
      const meta = async (id: string) => {
        const r = await tokens.get(id);
        assert.strictEqual(r.status, 'found');
        return r.meta;
      };
      for (const id of ['0.0.1', '0.0.2', '0.0.3']) {
        const m = await meta(id);
        assert.strictEqual(m.decimals, undefined, id);
        assert.strictEqual(m.rawDecimals, weird[id].decimals);
      }
      assert.strictEqual((await meta('0.0.4')).symbol.length <= 25, true);
      const bidi = await meta('0.0.5');
      assert.strictEqual(bidi.symbol, 'US⟨U+202E⟩DC');
      assert.strictEqual(bidi.name, 'a b');
      const long = await meta('0.0.6');
      assert.ok(long.symbol.length <= 25);
      assert.strictEqual(long.totalSupply, undefined);
      assert.strictEqual((await meta('0.0.4')).totalSupply, 1_000_000_000n);
    });
    it('a caller that leaves before its turn drops the queued request', async () => {
      latency = 100;
      bodies = url => ({ status: 200, text: tokenBody(url.split('/').pop() ?? '') });
      const tokens = new TokenMetadata(client(), { maxInFlight: 1 });
      const first = tokens.get('0.0.1');
      const controller = new AbortController();
      const second = tokens.get('0.0.2', { signal: controller.signal });
      controller.abort();
      assert.strictEqual((await second).status, 'failed');
      await first;
      await delay(150);
      assert.deepStrictEqual(server.requests, ['/api/v1/tokens/0.0.1']);
    });
    it('one service per network', () => {
      const c = client();
      const reg = new TokenMetadataByNetwork();
      assert.strictEqual(reg.for('testnet', c), reg.for('testnet', c));
      assert.notStrictEqual(reg.for('testnet', c), reg.for('mainnet', c));
      reg.dispose();
    });
  });
});
