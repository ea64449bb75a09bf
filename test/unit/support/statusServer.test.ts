import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { statuspageFixturesDir } from '../../support/paths';
import { listScenarios, startStatusServer, STATUS_DOCUMENTS, type StatusServer } from '../../support/statusServer';
import { get, getOk } from './http';

describe('status page server', () => {
  let status: StatusServer;
  const file = (scenario: string, name: string): string =>
    fs.readFileSync(path.join(statuspageFixturesDir(), scenario, name), 'utf8');

  before(async () => {
    status = await startStatusServer({ scenario: 'testnet-degraded' });
  });
  after(async () => {
    await status.close();
  });
  afterEach(async () => {
    await status.setFault(undefined);
    status.setScenario('testnet-degraded');
    status.resetRequests();
  });

  it('knows the four shared scenarios', () => {
    assert.deepStrictEqual(listScenarios(), [
      'all-operational',
      'mainnet-major-outage',
      'previewnet-maintenance',
      'testnet-degraded',
    ]);
  });

  it('serves the four documents of the scenario, as written', async () => {
    assert.match(status.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    for (const [urlPath, name] of Object.entries(STATUS_DOCUMENTS)) {
      const a = await getOk(status.url + urlPath);
      assert.strictEqual(a.status, 200, urlPath);
      assert.strictEqual(a.body, file('testnet-degraded', name), urlPath);
      assert.match(String(a.headers['content-type']), /^application\/json/);
    }
  });

  it('switches scenario at run time', async () => {
    status.setScenario('mainnet-major-outage');
    assert.strictEqual(status.scenario, 'mainnet-major-outage');
    const a = await getOk(`${status.url}/api/v2/summary.json`);
    assert.strictEqual(a.body, file('mainnet-major-outage', 'summary.json'));
    assert.strictEqual((JSON.parse(a.body) as { status: { indicator: string } }).status.indicator, 'critical');
  });

  it('refuses a scenario that does not exist, and keeps the current one', async () => {
    assert.throws(() => status.setScenario('no-such-scenario'), /no status scenario/);
    assert.throws(() => status.setScenario('../mirror-node'), /not a scenario name/);
    assert.strictEqual(status.scenario, 'testnet-degraded');
  });

  it('answers 404 for other paths', async () => {
    assert.strictEqual((await getOk(`${status.url}/api/v2/incidents.json`)).status, 404);
  });

  it('records the requests (query included)', async () => {
    await getOk(`${status.url}/api/v2/summary.json?x=1`);
    assert.deepStrictEqual(
      status.requests.map(r => r.url),
      ['/api/v2/summary.json?x=1'],
    );
  });

  it('fails with 500 for N requests, on the paths named', async () => {
    await status.setFault({ kind: 'serverError', times: 1, path: 'summary' });
    assert.strictEqual((await getOk(`${status.url}/api/v2/scheduled-maintenances.json`)).status, 200);
    assert.strictEqual((await getOk(`${status.url}/api/v2/summary.json`)).status, 500);
    assert.strictEqual((await getOk(`${status.url}/api/v2/summary.json`)).status, 200);
  });

  it('adds latency', async () => {
    await status.setFault({ kind: 'latency', ms: 120 });
    const t0 = Date.now();
    await getOk(`${status.url}/api/v2/summary.json`);
    assert.ok(Date.now() - t0 >= 110);
  });

  it('serves malformed JSON', async () => {
    await status.setFault({ kind: 'malformed' });
    const a = await getOk(`${status.url}/api/v2/summary.json`);
    assert.throws(() => JSON.parse(a.body), SyntaxError);
  });

  it('goes down (connection refused) and comes back on the same port', async () => {
    await status.setFault({ kind: 'down' });
    const o = await get(`${status.url}/api/v2/summary.json`);
    assert.ok(!o.ok);
    assert.strictEqual((o.error as NodeJS.ErrnoException).code, 'ECONNREFUSED');
    await status.setFault(undefined);
    assert.strictEqual((await getOk(`${status.url}/api/v2/summary.json`)).status, 200);
  });
});
