import * as assert from 'assert';
import { spawn, type ChildProcess } from 'child_process';
import * as path from 'path';
import * as readline from 'readline';
import { loadRecords } from '../../support/mirrorReplay';
import { projectRoot } from '../../support/paths';
import { get, getOk } from './http';

async function post(url: string, body?: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  return { status: res.status, json: await res.json() };
}

describe('serve CLI (the servers as a process of their own)', function () {
  this.timeout(20_000);
  let child: ChildProcess | undefined;
  let urls: { mirror: string; status: string; control: string };

  before(async () => {
    const script = path.join(projectRoot(), 'out', 'test', 'support', 'serve.js');
    // A process group of its own, so the after() hook can stop it and anything it started.
    child = spawn(process.execPath, [script, '--scenario', 'testnet-degraded'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('serve did not print its URLs within 10 s')), 10_000);
      readline.createInterface({ input: child!.stdout! }).once('line', l => {
        clearTimeout(timer);
        resolve(l);
      });
      child!.once('exit', code => reject(new Error(`serve exited with ${code}`)));
    });
    urls = JSON.parse(line) as typeof urls;
  });

  after(async () => {
    if (child?.pid !== undefined && child.exitCode === null) {
      process.kill(-child.pid, 'SIGKILL');
    }
  });

  it('prints the URLs of the mirror, status and control servers, all on loopback', () => {
    for (const u of [urls.mirror, urls.status, urls.control]) assert.match(u, /^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('replays the mirror node and the status scenario', async () => {
    const r = loadRecords()[121];
    assert.strictEqual((await getOk(urls.mirror + r.url)).body, r.bodyText);
    const s = await getOk(`${urls.status}/api/v2/summary.json`);
    assert.strictEqual((JSON.parse(s.body) as { status: { indicator: string } }).status.indicator, 'minor');
  });

  it('switches scenario, injects faults, adds records and reports requests through the control server', async () => {
    assert.strictEqual((await post(`${urls.control}/__control/reset-requests`)).status, 200);
    assert.strictEqual((await post(`${urls.control}/__control/scenario?name=mainnet-major-outage`)).status, 200);
    const s = await getOk(`${urls.status}/api/v2/summary.json`);
    assert.strictEqual((JSON.parse(s.body) as { status: { indicator: string } }).status.indicator, 'critical');
    assert.strictEqual((await post(`${urls.control}/__control/scenario?name=nope`)).status, 400);

    assert.strictEqual(
      (await post(`${urls.control}/__control/fault?target=mirror`, JSON.stringify({ kind: 'serverError', times: 1 })))
        .status,
      200,
    );
    assert.strictEqual((await getOk(`${urls.mirror}/api/v1/blocks`)).status, 503);
    assert.strictEqual((await getOk(`${urls.mirror}/api/v1/blocks`)).status, 200);
    assert.strictEqual(
      (await post(`${urls.control}/__control/fault?target=mirror`, JSON.stringify({ kind: 'explode' }))).status,
      400,
    );

    assert.strictEqual(
      (await post(`${urls.control}/__control/fault?target=status`, JSON.stringify({ kind: 'down' }))).status,
      200,
    );
    const down = await get(`${urls.status}/api/v2/summary.json`);
    assert.ok(!down.ok);
    assert.strictEqual((await post(`${urls.control}/__control/fault?target=status`, 'null')).status, 200);
    assert.strictEqual((await getOk(`${urls.status}/api/v2/summary.json`)).status, 200);

    const added = await post(
      `${urls.control}/__control/records`,
      JSON.stringify([{ url: '/api/v1/accounts/0.0.31337', bodyText: '{"account":"0.0.31337"}' }]),
    );
    assert.deepStrictEqual(added.json, { indices: [268] });
    assert.strictEqual((await getOk(`${urls.mirror}/api/v1/accounts/0.0.31337`)).body, '{"account":"0.0.31337"}');

    const seen = (await (await fetch(`${urls.control}/__control/requests?target=mirror`)).json()) as { url: string }[];
    assert.deepStrictEqual(
      seen.map(r => r.url),
      ['/api/v1/blocks', '/api/v1/blocks', '/api/v1/accounts/0.0.31337'],
    );
    const statusSeen = (await (await fetch(`${urls.control}/__control/requests?target=status`)).json()) as unknown[];
    assert.strictEqual(statusSeen.length, 2);
  });

  it('stops on SIGTERM', async () => {
    const exited = new Promise<number | null>(resolve => child!.once('exit', code => resolve(code)));
    child!.kill('SIGTERM');
    assert.strictEqual(await exited, 0);
    const o = await get(`${urls.mirror}/api/v1/blocks`);
    assert.ok(!o.ok);
  });
});
