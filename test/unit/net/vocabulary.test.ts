// One vocabulary for network failures: the mirror client and the status client, meeting the same
// real failure on loopback, say why in the same words (src/net describeNetFailure).
import * as assert from 'assert';
import * as net from 'net';
import { createMirrorClient } from '../../../src/mirror';
import { createStatusClient } from '../../../src/status';
import { closedPort, rejection, useHttpClients } from './support';

/** A TCP server that does `onSocket` with each connection; every socket is destroyed on close. */
async function rawServer(onSocket: (s: net.Socket) => void): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const srv = net.createServer(s => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => undefined);
    onSocket(s);
  });
  await new Promise<void>(resolve => srv.listen(0, '127.0.0.1', resolve));
  return {
    port: (srv.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>(resolve => {
        for (const s of sockets) s.destroy();
        srv.close(() => resolve());
      }),
  };
}

describe('net: one vocabulary for network failures (mirror and status page)', function () {
  this.timeout(20_000);
  const client = useHttpClients();
  const closers: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
  });

  /** Both clients' messages for one origin, and the words after their own subject. */
  async function bothSay(origin: string, timeoutMs = 3000): Promise<{ mirror: string; status: string }> {
    const http = client({ env: {} });
    const mirror = createMirrorClient({ baseUrl: origin, http, retries: 0, timeoutMs });
    const status = createStatusClient({ baseUrl: origin, http, timeoutMs });
    closers.push(
      () => mirror.dispose(),
      () => status.dispose(),
    );
    const m = String(((await rejection(mirror.getAccount('0.0.8'))) as Error).message);
    const s = String(((await rejection(status.summary())) as Error).message);
    return { mirror: m, status: s };
  }

  /** Asserts both say `cannot reach <subject> at <host>: <why>` with the same why, and returns it. */
  function sameWhy(said: { mirror: string; status: string }, host: string): string {
    const esc = host.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const m = new RegExp(
      `^Cannot reach the mirror node at ${esc}: (.*?)(?: \\(is the mirror node running\\?\\))?$`,
    ).exec(said.mirror);
    const s = new RegExp(`^cannot reach status page at ${esc}: (.*)$`).exec(said.status);
    assert.ok(m, said.mirror);
    assert.ok(s, said.status);
    assert.strictEqual(m[1], s[1], `mirror: ${said.mirror}\nstatus: ${said.status}`);
    return m[1];
  }

  it('a closed port: connection refused', async () => {
    const port = await closedPort();
    const said = await bothSay(`http://127.0.0.1:${port}`);
    assert.strictEqual(sameWhy(said, `127.0.0.1:${port}`), 'connection refused');
    assert.match(said.mirror, /\(is the mirror node running\?\)$/, 'the mirror keeps its hint');
  });

  it('an unresolvable host: host not found (DNS lookup failed)', async () => {
    const said = await bothSay('http://no-such-host.invalid:8080');
    assert.strictEqual(sameWhy(said, 'no-such-host.invalid:8080'), 'host not found (DNS lookup failed)');
  });

  it('a server that resets the connection: closed before the response was complete', async () => {
    const srv = await rawServer(s => s.once('data', () => s.resetAndDestroy()));
    closers.push(() => srv.close());
    const said = await bothSay(`http://127.0.0.1:${srv.port}`);
    assert.strictEqual(
      sameWhy(said, `127.0.0.1:${srv.port}`),
      'the connection was closed before the response was complete',
    );
  });

  it('a stalled server: did not answer within the time allowed', async () => {
    const srv = await rawServer(() => undefined);
    closers.push(() => srv.close());
    const said = await bothSay(`http://127.0.0.1:${srv.port}`, 300);
    const at = `at 127.0.0.1:${srv.port} did not answer within 300 ms`;
    assert.strictEqual(said.mirror, `The mirror node ${at}`);
    assert.strictEqual(said.status, `status page ${at}`);
  });

  it('TLS to a server that does not speak it: the secure connection (TLS) failed', async () => {
    const srv = await rawServer(s => s.once('data', () => s.end('HTTP/1.1 400 Bad Request\r\n\r\n')));
    closers.push(() => srv.close());
    const said = await bothSay(`https://127.0.0.1:${srv.port}`);
    assert.match(sameWhy(said, `127.0.0.1:${srv.port}`), /^the secure connection \(TLS\) failed: \S/);
  });
});
