// Loading an opcode trace from a loopback server that answers as the mirror node's web3 module does:
// gzip bodies made from the real EVM's traces, 406 without gzip, 501, 404, 429 with Retry-After;
// a cut gzip stream, a body over the cap (an endless one, stopped without being buffered), chunk
// boundaries anywhere, and a cancellation mid-body.
import * as assert from 'assert';
import type * as http from 'http';
import * as zlib from 'zlib';
import fc from 'fast-check';
import { NetError } from '../../../../src/net';
import { MirrorInputError } from '../../../../src/mirror/errors';
import { fetchOpcodeTrace, type FetchOpcodesOptions } from '../../../../src/debug/opcodes/fetch';
import { OpcodeTraceError } from '../../../../src/debug/opcodes/parse';
import type { EvmScenario } from '../../../support/evmTraces';
import { until } from '../../../support/wait';
import { rejection, startServer, useHttpClients, type Server } from '../../net/support';
import { assertSameAsSent, bodyOf, parseChunks, plain, scenarios } from './support';

const OPTIONS: FetchOpcodesOptions = { stack: true, memory: false, storage: true, maxBytes: 64 << 20 };

function errorBody(message: string): string {
  return JSON.stringify({ _status: { messages: [{ message }] } });
}

/** Sends `text` gzip-compressed, flushed at each of `cuts`, so the decoded chunks end there. */
function sendGzip(res: http.ServerResponse, text: string, cuts: readonly number[] = []): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  const gzip = zlib.createGzip();
  gzip.pipe(res);
  const points = [...new Set([0, ...cuts, text.length])].filter(p => p <= text.length).sort((a, b) => a - b);
  for (let k = 1; k < points.length; k++) {
    gzip.write(text.slice(points[k - 1], points[k]));
    gzip.flush(zlib.constants.Z_SYNC_FLUSH);
  }
  gzip.end();
}

/** An endless opcode trace, gzip-compressed, made only as fast as the client reads it; counts what it made. */
function sendEndless(res: http.ServerResponse, entry: string, made: { bytes: number }, pauseMs = 0): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
  const gzip = zlib.createGzip();
  gzip.pipe(res);
  res.on('close', () => gzip.destroy());
  const head = '{"address":"0x00","opcodes":[';
  made.bytes += head.length;
  gzip.write(head);
  const batch = Array.from({ length: 200 }, () => entry).join(',') + ',';
  const more = (): void => {
    // Stops by itself at 2 GB: an endless body for the client, a bounded loop for the test.
    while (!gzip.destroyed && made.bytes < 2 ** 31) {
      made.bytes += batch.length;
      if (!gzip.write(batch)) return void gzip.once('drain', more);
      if (pauseMs > 0) return void setTimeout(more, pauseMs);
    }
  };
  more();
}

describe('debug/opcodes/fetch: the opcode trace from the mirror node (real loopback sockets)', function () {
  this.timeout(60_000);
  let server: Server;
  let all: readonly EvmScenario[];
  let deposit: EvmScenario;
  let path: string;
  const client = useHttpClients();
  const closed: number[] = [];

  before(async () => {
    all = await scenarios();
    deposit = all.find(s => s.name === 'deposit')!;
    path = `/api/v1/contracts/results/${deposit.transactionId}/opcodes`;
  });
  beforeEach(async () => {
    server = await startServer((req, res) => {
      // The web3 module insists on gzip.
      if (!String(req.headers['accept-encoding']).includes('gzip')) {
        res.writeHead(406, { 'content-type': 'application/json' });
        return res.end(errorBody('Accept-Encoding: gzip is required'));
      }
      sendGzip(res, bodyOf(deposit, { stack: true, memory: false, storage: true }).text);
    });
  });
  afterEach(async () => {
    await server.close();
    closed.length = 0;
  });

  const load = (options: Partial<FetchOpcodesOptions> = {}, id = deposit.transactionId) =>
    fetchOpcodeTrace(client({ env: {} }), server.origin, id, { ...OPTIONS, ...options });

  it('asks with gzip for stack, memory and storage as said, and reads the trace as sent', async () => {
    const progress: [number, number][] = [];
    const answer = await load({ onProgress: (bytes, entries) => progress.push([bytes, entries]) });
    assert.strictEqual(answer.kind, 'trace');
    const sent = bodyOf(deposit, { stack: true, memory: false, storage: true });
    assertSameAsSent(answer.result, sent.value, false);
    assert.strictEqual(server.requests[0].path, `${path}?stack=true&memory=false&storage=true`);
    assert.match(String(server.requests[0].headers['accept-encoding']), /gzip/);
    assert.ok(progress.length > 0);
    assert.deepStrictEqual(progress.at(-1), [sent.text.length, sent.value.opcodes.length]);
    for (let k = 1; k < progress.length; k++) assert.ok(progress[k][0] > progress[k - 1][0]);
  });

  it('puts the transaction in the path as the mirror node spells it; refuses what is no id', async () => {
    await load({}, '0.0.1001@1700000100.5');
    await load({}, `0x${'ab'.repeat(32)}`);
    assert.deepStrictEqual(
      server.requests.map(r => r.path.split('?')[0]),
      [
        '/api/v1/contracts/results/0.0.1001-1700000100-000000005/opcodes',
        `/api/v1/contracts/results/0x${'ab'.repeat(32)}/opcodes`,
      ],
    );
    assert.ok((await rejection(load({}, 'not a transaction'))) instanceof MirrorInputError);
    assert.strictEqual(server.requests.length, 2, 'nothing sent for what is no id');
  });

  it('reads the same trace whatever the chunk boundaries (fast-check)', async () => {
    const { text } = bodyOf(deposit, { stack: true, memory: false, storage: true });
    const whole = plain(parseChunks(text));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: text.length }), { maxLength: 40 }), async cuts => {
        server.handler = (_req, res) => sendGzip(res, text, cuts);
        const answer = await load();
        assert.ok(answer.kind === 'trace');
        assert.deepStrictEqual(plain(answer.result), whole);
      }),
      { numRuns: 15 },
    );
  });

  const refusals: [string, number, string, Record<string, string>][] = [
    ['not-served', 501, 'Opcode tracing is not enabled', {}],
    ['not-found-or-not-served', 404, 'Not found', {}],
    ['our-fault', 406, 'Accept-Encoding: gzip is required', {}],
    ['refused', 400, 'Invalid parameter: transactionIdOrHash', {}],
    ['refused', 503, 'Service unavailable', {}],
  ];
  for (const [kind, status, message, headers] of refusals) {
    it(`answers ${status} as ${kind}, in the server's words`, async () => {
      server.handler = (_req, res) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(errorBody(message));
      };
      assert.deepStrictEqual(await load(), { kind, status, message });
      assert.strictEqual(server.requests.length, 1);
    });
  }

  it('says a status without the error body by its status line', async () => {
    server.handler = (_req, res) => res.writeHead(502).end('<html>bad gateway</html>');
    assert.deepStrictEqual(await load(), {
      kind: 'refused',
      status: 502,
      message: 'The mirror node answered HTTP 502 Bad Gateway',
    });
  });

  it('answers a lasting 429 as rate-limited with its Retry-After, without a long wait', async () => {
    server.handler = (_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '5' });
      res.end(errorBody('Too many requests'));
    };
    const started = Date.now();
    assert.deepStrictEqual(await load(), { kind: 'rate-limited', retryAfterMs: 5000, message: 'Too many requests' });
    // Answered at once: one request, and before the 5 s the server asked for could have passed.
    assert.strictEqual(server.requests.length, 1);
    assert.ok(Date.now() - started < 4500, `${Date.now() - started} ms`);
  });

  it('tries once more after a short 429 (one request a second) and reads the trace', async () => {
    server.handler = (_req, res, n) => {
      if (n > 1) return sendGzip(res, bodyOf(deposit, { stack: true, memory: false, storage: true }).text);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
      res.end(errorBody('Too many requests'));
    };
    const answer = await load();
    assert.strictEqual(answer.kind, 'trace');
    assert.strictEqual(server.requests.length, 2);
    assert.ok(server.requests[1].at - server.requests[0].at >= 900);
  });

  it('rejects a gzip stream cut short with an OpcodeTraceError, and a broken connection with a NetError', async () => {
    const packed = zlib.gzipSync(bodyOf(deposit, { stack: true, memory: false, storage: true }).text);
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(packed.subarray(0, packed.length >> 1));
    };
    const cut = await rejection(load());
    assert.ok(cut instanceof OpcodeTraceError, String(cut));
    assert.match(cut.message, /ends before its value is complete/);
    server.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.write(packed.subarray(0, packed.length >> 1));
      setTimeout(() => res.socket?.destroy(), 20);
    };
    const broken = await rejection(load());
    assert.ok(broken instanceof NetError && broken.kind === 'network', String(broken));
  });

  it('stops an endless body at the cap without buffering it: too-large, connection closed', async () => {
    const entry = JSON.stringify(bodyOf(deposit).value.opcodes[40]);
    const made = { bytes: 0 };
    let written = 0;
    server.handler = (req, res) => {
      req.socket.on('close', () => {
        written = req.socket.bytesWritten;
        closed.push(made.bytes);
      });
      sendEndless(res, entry, made);
    };
    const before = process.memoryUsage().rss;
    const answer = await load({ maxBytes: 8 << 20 });
    assert.deepStrictEqual(answer, {
      kind: 'too-large',
      limitBytes: 8 << 20,
      message: 'the response is larger than 8 MiB',
    });
    await until(() => closed.length === 1, 'the server sees the connection closed', 5000);
    // What went over the wire is bounded by what the client read (and the sockets' buffers), not by
    // the 2 GB the server would send. (Its uncompressed bytes depend on how well the repeats compress.)
    assert.ok(written < 16 << 20, `the server wrote ${written} bytes`);
    assert.ok(closed[0] < 2 ** 31, `the server stopped early: it made ${closed[0]} bytes`);
    assert.ok(process.memoryUsage().rss - before < 256 << 20);
  });

  it('stops at the entry cap with an OpcodeTraceError', async () => {
    const entry = JSON.stringify(bodyOf(deposit).value.opcodes[40]);
    server.handler = (_req, res) => sendEndless(res, entry, { bytes: 0 });
    const e = await rejection(load({ maxEntries: 5000 }));
    assert.ok(e instanceof OpcodeTraceError && /more than 5000 entries/.test(e.message), String(e));
  });

  it('rejects promptly when cancelled mid-body, and closes the connection', async () => {
    const entry = JSON.stringify(bodyOf(deposit).value.opcodes[40]);
    server.handler = (req, res) => {
      req.socket.on('close', () => closed.push(Date.now()));
      sendEndless(res, entry, { bytes: 0 }, 5);
    };
    const controller = new AbortController();
    let abortedAt = 0;
    const e = await rejection(
      load({
        signal: controller.signal,
        onProgress: (_bytes, entries) => {
          if (entries > 1000 && abortedAt === 0) {
            abortedAt = Date.now();
            controller.abort();
          }
        },
      }),
    );
    assert.ok(e instanceof NetError && e.kind === 'aborted', String(e));
    // The body is endless: without the abort nothing would end it. A busy machine may take a while.
    assert.ok(Date.now() - abortedAt < 5000, `${Date.now() - abortedAt} ms after the abort`);
    await until(() => closed.length === 1, 'the server sees the connection closed', 3000);
  });
});
