// GetOptions.onBodyChunk: a 2xx body streamed to the caller chunk by chunk, decoded, under the same
// cap, not kept; what the caller throws ends the body and the connection (real loopback sockets).
import * as assert from 'assert';
import type * as http from 'http';
import * as zlib from 'zlib';
import { NetError, bodyText, type GetOptions } from '../../../src/net';
import { fetchOnce } from '../../../src/net/hostFetch';
import { rejection, startServer, useHttpClients, type Server } from './support';
import { until } from '../../support/wait';

const BASE: GetOptions = { timeoutMs: 5000, maxBodyBytes: 1 << 20, retryBaseMs: 5 };
const TEXT = JSON.stringify({
  rows: Array.from({ length: 3000 }, (_, i) => ({ i, word: i.toString(16).padStart(64, '0') })),
});

/** Sends `body` gzip-compressed in pieces, so the decoder works across chunks. */
function sendGzip(res: http.ServerResponse, body: string, status = 200): void {
  const packed = zlib.gzipSync(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  for (let i = 0; i < packed.length; i += 999) res.write(packed.subarray(i, i + 999));
  res.end();
}

describe('net/http: streaming a body to onBodyChunk (real loopback sockets)', function () {
  this.timeout(15000);
  let server: Server;
  const client = useHttpClients();
  const closed: number[] = [];

  beforeEach(async () => {
    server = await startServer((_req, res) => sendGzip(res, TEXT));
  });
  afterEach(async () => {
    await server.close();
    closed.length = 0;
  });

  it('hands over the decoded body chunk by chunk and keeps none of it', async () => {
    const chunks: Uint8Array[] = [];
    const r = await client({ env: {} }).get(`${server.origin}/a`, { ...BASE, onBodyChunk: c => chunks.push(c) });
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.body.length, 0);
    assert.ok(chunks.length > 1, `${chunks.length} chunks`);
    assert.strictEqual(Buffer.concat(chunks).toString('utf8'), TEXT);
  });

  it('reads a body that is not 2xx whole, for its words, and streams nothing', async () => {
    server.handler = (_req, res) => sendGzip(res, '{"_status":{"messages":[{"message":"Not found"}]}}', 404);
    const chunks: Uint8Array[] = [];
    const r = await client({ env: {} }).get(`${server.origin}/a`, { ...BASE, onBodyChunk: c => chunks.push(c) });
    assert.strictEqual(r.status, 404);
    assert.strictEqual(chunks.length, 0);
    assert.match(bodyText(r.body), /Not found/);
  });

  it('counts the streamed bytes against the cap: too-large, and no more handed over', async () => {
    let handed = 0;
    const e = await rejection(
      client({ env: {} }).get(`${server.origin}/a`, {
        ...BASE,
        maxBodyBytes: 20_000,
        onBodyChunk: c => (handed += c.length),
      }),
    );
    assert.ok(e instanceof NetError && e.kind === 'too-large', String(e));
    assert.ok(handed <= 20_000, `${handed} bytes handed over`);
  });

  it('rejects with what the handler threw, as it is, and closes the connection', async () => {
    let sent = 0;
    server.handler = (req, res) => {
      req.socket.on('close', () => closed.push(sent));
      res.writeHead(200, { 'content-type': 'application/json' });
      // An endless body, written as fast as the client reads it.
      const more = (): void => {
        while (!res.destroyed && res.write(TEXT)) sent += TEXT.length;
      };
      res.on('drain', more);
      more();
    };
    const mine = new RangeError('the reader had enough');
    const e = await rejection(
      client({ env: {} }).get(`${server.origin}/a`, {
        ...BASE,
        retries: 3,
        onBodyChunk: () => {
          throw mine;
        },
      }),
    );
    assert.strictEqual(e, mine);
    await until(() => closed.length === 1, 'the server sees the connection closed', 3000);
    assert.ok(closed[0] < 16 << 20, `the server wrote ${closed[0]} bytes before the connection closed`);
    assert.strictEqual(server.requests.length, 1, 'not retried');
  });

  it('does not retry a streamed request whose connection broke (its chunks were handed over)', async () => {
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(TEXT.slice(0, 5000));
      setTimeout(() => res.socket?.destroy(), 20);
    };
    let handed = 0;
    const e = await rejection(
      client({ env: {} }).get(`${server.origin}/a`, { ...BASE, retries: 3, onBodyChunk: c => (handed += c.length) }),
    );
    assert.ok(e instanceof NetError && e.kind === 'network', String(e));
    assert.strictEqual(handed, 5000);
    assert.strictEqual(server.requests.length, 1);
  });

  it("streams through the host's fetch too, and stops on what the handler threw", async () => {
    const chunks: Uint8Array[] = [];
    const options = { headers: {}, signal: new AbortController().signal, maxBodyBytes: 1 << 20 };
    const r = await fetchOnce(globalThis.fetch, `${server.origin}/b`, { ...options, onBodyChunk: c => chunks.push(c) });
    assert.strictEqual(r.body.length, 0);
    assert.strictEqual(Buffer.concat(chunks).toString('utf8'), TEXT);
    const mine = new Error('enough');
    const e = await rejection(
      fetchOnce(globalThis.fetch, `${server.origin}/c`, {
        ...options,
        onBodyChunk: () => {
          throw mine;
        },
      }),
    );
    assert.strictEqual(e, mine);
  });
});
