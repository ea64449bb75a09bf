// Contract results asked with hbar=false carry `amount` in weibars (1 tinybar = 10^10 weibars): any
// call that sent more than ~9.22 ℏ is above int64 there. The weibar bound is int64 × 10^10; the
// same amount in a tinybar answer stays bounded by int64. Through the client and a loopback server.
import * as assert from 'assert';
import { createMirrorClient, MirrorError, type MirrorClient } from '../../../src/mirror';
import { ContractResultSchema, ContractResultWeibarSchema, weibar } from '../../../src/mirror/schemas';
import { parseLossless } from '../../../src/mirror/lossless';
import { rejects, sendJson, startServer, type TestServer } from './helpers';

const PORT = 18241;
const INT64_MAX = 2n ** 63n - 1n;
const WEIBAR_MAX = INT64_MAX * 10_000_000_000n;
const WEIBAR_MIN = -(2n ** 63n) * 10_000_000_000n;
/** 12,345,678,901,230,000,000,000 weibars: 1,234,567,890,123 tinybars (~12,346 ℏ). */
const BIG_WEIBARS = '12345678901230000000000';
const TX = '0.0.1001-1700000000-000000001';

function result(amount: string, timestamp = '1700000000.000000001'): string {
  return `{"amount":${amount},"contract_id":"0.0.5001","from":"0x0000000000000000000000000000000000001f41","gas_used":123,"timestamp":"${timestamp}","hash":"0x01"}`;
}

describe('mirror: weibar amounts (hbar=false) beyond int64', function () {
  this.timeout(15000);
  let server: TestServer;
  let client: MirrorClient;
  let amount: string;
  let next: string | null;

  beforeEach(async () => {
    amount = BIG_WEIBARS;
    next = null;
    server = await startServer(PORT, (req, res) => {
      const url = req.url ?? '';
      const links = `{"next":${next === null ? 'null' : JSON.stringify(next)}}`;
      if (url.startsWith('/api/v1/contracts/results/')) return sendJson(res, 200, result(amount));
      sendJson(res, 200, `{"results":[${result(amount)},${result('30', '1700000000.000000002')}],"links":${links}}`);
    });
    client = createMirrorClient({ baseUrl: server.origin, maxRequestsPerSecond: 1000, retries: 0 });
  });
  afterEach(async () => {
    client.dispose();
    await server.close();
  });

  it('listContractResults({ coin: false }) reads 12,345,678,901,230,000,000,000 weibars to the digit', async () => {
    const page = await client.listContractResults({ coin: false });
    assert.strictEqual(page.results[0].amount, 12345678901230000000000n);
    assert.strictEqual(page.results[1].amount, 30n);
    assert.deepStrictEqual(server.requests, ['/api/v1/contracts/results?hbar=false']);
  });

  it('reads int64 max × 10^10 weibars (int64 max tinybars converted), and the negative edge', async () => {
    amount = WEIBAR_MAX.toString();
    assert.strictEqual((await client.listContractResults({ coin: false, limit: 2 })).results[0].amount, WEIBAR_MAX);
    amount = WEIBAR_MIN.toString();
    assert.strictEqual((await client.listContractResults({ coin: false, limit: 1 })).results[0].amount, WEIBAR_MIN);
  });

  it('the next page of a weibar page is read as weibars too', async () => {
    next = '/api/v1/contracts/results?hbar=false&timestamp=lt:1700000000.000000002';
    const first = await client.listContractResults({ coin: false });
    next = null;
    const second = await client.next(first);
    assert.ok(second);
    assert.strictEqual(second.results[0].amount, 12345678901230000000000n);
  });

  it('getContractResult(…, { coin: false }) asks hbar=false and reads the weibars', async () => {
    const detail = await client.getContractResult(TX, { coin: false });
    assert.strictEqual(detail.amount, 12345678901230000000000n);
    assert.deepStrictEqual(server.requests, [`/api/v1/contracts/results/${TX}?hbar=false`]);
  });

  it('refuses weibars beyond int64 × 10^10, saying so', async () => {
    amount = (WEIBAR_MAX + 1n).toString();
    const e = await rejects(client.listContractResults({ coin: false }));
    assert.ok(e instanceof MirrorError);
    assert.match(e.message, /results\.0\.amount: expected a weibar amount within int64 × 10\^10/);
  });

  it('a tinybar answer (the default) keeps amount bounded by int64', async () => {
    const e = await rejects(client.listContractResults());
    assert.ok(e instanceof MirrorError);
    assert.match(e.message, /results\.0\.amount: expected an integer within int64/);
    amount = INT64_MAX.toString();
    assert.strictEqual((await client.listContractResults({ limit: 1 })).results[0].amount, INT64_MAX);
  });

  it('the schemas: weibar up to 29 digits within int64 × 10^10; tinybar within int64', () => {
    const parse = (schema: typeof ContractResultSchema, text: string) => schema.safeParse(parseLossless(text));
    const wei = parse(ContractResultWeibarSchema, result(BIG_WEIBARS));
    assert.ok(wei.success);
    assert.strictEqual(wei.data.amount, 12345678901230000000000n);
    assert.strictEqual(parse(ContractResultSchema, result(BIG_WEIBARS)).success, false);
    for (const bad of [(WEIBAR_MAX + 1n).toString(), (WEIBAR_MIN - 1n).toString(), '1'.repeat(30), '1.5', '"x"'])
      assert.strictEqual(parse(ContractResultWeibarSchema, result(bad)).success, false, bad);
    assert.strictEqual(weibar.parse(5), 5n);
    // The other int64 fields of a weibar answer stay int64: only money is in weibars.
    const gas = ContractResultWeibarSchema.safeParse(
      parseLossless(result('1').replace('"gas_used":123', `"gas_used":${BIG_WEIBARS}`)),
    );
    assert.strictEqual(gas.success, false);
  });
});
