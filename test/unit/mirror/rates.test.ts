import * as assert from 'assert';
import { MirrorError, type ExchangeRateParams, type ExchangeRateResponse } from '../../../src/mirror';
import { ExchangeRates, ExchangeRatesByNetwork, rateFor } from '../../../src/mirror/rates';
import { approxUsd } from '../../../src/present';

// A scripted rate source: the rate period is the hour; cents move by 1 each hour from 12 ¢/ℏ.
class FakeRates {
  readonly asked: (string | undefined)[] = [];
  fail: ((p: ExchangeRateParams | undefined) => Error | undefined) | undefined;
  delayMs = 5;
  async getExchangeRate(params?: ExchangeRateParams): Promise<ExchangeRateResponse> {
    this.asked.push(params?.timestamp);
    await new Promise(r => setTimeout(r, this.delayMs));
    const failure = this.fail?.(params);
    if (failure !== undefined) throw failure;
    const seconds = params?.timestamp ? BigInt(params.timestamp.split('.')[0]) : 1_700_003_000n;
    const hour = seconds / 3600n;
    return {
      current_rate: { cent_equivalent: 12n + (hour % 10n), hbar_equivalent: 1n, expiration_time: (hour + 1n) * 3600n },
      next_rate: { cent_equivalent: 99n, hbar_equivalent: 1n, expiration_time: (hour + 2n) * 3600n },
      timestamp: `${seconds}.000000000`,
    };
  }
}

const HOUR = 1_699_999_200n; // 472222 × 3600: the start of a rate period

describe('mirror/rates: the exchange rate at a consensus time', () => {
  it('one request per rate period, shared by transactions of the same hour and by concurrent asks', async () => {
    const source = new FakeRates();
    const rates = new ExchangeRates(source);
    const times = [`${HOUR + 5n}.000000001`, `${HOUR + 1800n}.5`, `${HOUR + 3599n}.999999999`];
    const answers = await Promise.all(times.map(t => rates.at(t)));
    assert.deepStrictEqual(source.asked, [times[0]], 'one request for the hour');
    for (const a of answers) {
      assert.strictEqual(a.status, 'found');
      if (a.status === 'found') assert.strictEqual(a.rate.cent_equivalent, 12n + ((HOUR / 3600n) % 10n));
    }
    // the next hour is another period: another request, another rate
    const next = await rates.at(`${HOUR + 3600n}.000000000`);
    assert.strictEqual(source.asked.length, 2);
    assert.ok(
      next.status === 'found' &&
        next.rate.cent_equivalent !== (answers[0].status === 'found' ? answers[0].rate.cent_equivalent : 0n),
    );
    // remembered: asking again sends nothing
    await rates.at(times[1]);
    assert.strictEqual(rates.stats.requests, 2);
    assert.ok(rates.peekAt(times[2]));
    assert.strictEqual(rates.peekAt(`${HOUR + 7200n}.0`), undefined);
  });

  it('the next rate applies once the current one has expired at that moment', () => {
    const body: ExchangeRateResponse = {
      current_rate: { cent_equivalent: 10n, hbar_equivalent: 1n, expiration_time: 1000n },
      next_rate: { cent_equivalent: 20n, hbar_equivalent: 1n, expiration_time: 4600n },
    };
    assert.strictEqual(rateFor(body, 999n, '999.0').cent_equivalent, 10n);
    const later = rateFor(body, 1000n, '1000.0');
    assert.strictEqual(later.cent_equivalent, 20n);
    assert.strictEqual(later.fromNext, true);
    assert.strictEqual(later.expiresAt, 4600n);
  });

  it('a mirror node without the endpoint: unavailable, remembered, no more requests, no dollar value', async () => {
    const source = new FakeRates();
    source.fail = () => new MirrorError('http', 404, ['Not found'], '/api/v1/network/exchangerate', 'Not found');
    const rates = new ExchangeRates(source);
    const a = await rates.at(`${HOUR}.0`);
    assert.strictEqual(a.status, 'unavailable');
    const b = await rates.at(`${HOUR + 7200n}.0`);
    const c = await rates.latest();
    assert.strictEqual(b.status, 'unavailable');
    assert.strictEqual(c.status, 'unavailable');
    // The moment's 404, then the current rate's (asked once to tell "no endpoint" from "no rate
    // for that moment"), and nothing after.
    assert.deepStrictEqual(source.asked, [`${HOUR}.0`, undefined]);
    assert.strictEqual(rates.isUnavailable, true);
  });

  it('a 404 for one moment while the current rate exists: only that period has no dollars', async () => {
    const source = new FakeRates();
    // Before the network's first rate file (or a testnet since reset): the server has no rate then.
    const early = `${HOUR - 7200n}.5`;
    source.fail = p =>
      p?.timestamp === early ? new MirrorError('http', 404, ['Not found'], '', 'Not found') : undefined;
    const rates = new ExchangeRates(source, { now: () => 1_700_003_000_000 });
    assert.strictEqual((await rates.at(early)).status, 'unavailable');
    assert.strictEqual(rates.isUnavailable, false);
    assert.strictEqual((await rates.at(`${HOUR}.0`)).status, 'found', 'another period still has its rate');
    assert.strictEqual((await rates.latest()).status, 'found', 'and the balance its dollars');
    // The same period again (another transaction of that hour): remembered, not asked again.
    assert.strictEqual((await rates.at(`${HOUR - 7200n + 60n}.0`)).status, 'unavailable');
    assert.deepStrictEqual(source.asked, [early, undefined, `${HOUR}.0`]);
  });

  it('a 404 on the current rate does not hide the rates at consensus times (judged apart)', async () => {
    const source = new FakeRates();
    source.fail = p => (p?.timestamp ? undefined : new MirrorError('http', 404, ['Not found'], '', 'Not found'));
    const rates = new ExchangeRates(source);
    assert.strictEqual((await rates.latest()).status, 'unavailable');
    assert.strictEqual((await rates.at(`${HOUR}.0`)).status, 'found');
    assert.strictEqual((await rates.latest()).status, 'unavailable');
    assert.strictEqual(source.asked.length, 2);
  });

  it('a 503 or a network failure is not remembered: the next ask tries again', async () => {
    const source = new FakeRates();
    source.fail = () => new MirrorError('http', 503, ['busy'], '', 'busy');
    const rates = new ExchangeRates(source);
    assert.strictEqual((await rates.at(`${HOUR}.0`)).status, 'failed');
    source.fail = undefined;
    assert.strictEqual((await rates.at(`${HOUR}.0`)).status, 'found');
    assert.strictEqual(source.asked.length, 2);
  });

  it('hbar_equivalent 0: the rate is kept, no dollar value and no exception', async () => {
    const rates = new ExchangeRates({
      getExchangeRate: () =>
        Promise.resolve({
          current_rate: { cent_equivalent: 12n, hbar_equivalent: 0n, expiration_time: 9_999_999_999n },
        }),
    });
    const r = await rates.at('1700000000.0');
    assert.strictEqual(r.status, 'found');
    if (r.status === 'found') assert.strictEqual(approxUsd(84_650n, r.rate), undefined);
  });

  it('a malformed timestamp fails without a request', async () => {
    const source = new FakeRates();
    const r = await new ExchangeRates(source).at('yesterday');
    assert.strictEqual(r.status, 'failed');
    assert.strictEqual(source.asked.length, 0);
  });

  it('the current rate is kept until it expires, then asked again', async () => {
    const source = new FakeRates();
    let now = 1_700_003_000_000;
    const rates = new ExchangeRates(source, { now: () => now });
    const first = await rates.latest();
    await rates.latest();
    assert.strictEqual(source.asked.length, 1);
    assert.ok(first.status === 'found');
    now = Number(first.status === 'found' ? first.rate.expiresAt : 0n) * 1000 + 1;
    await rates.latest();
    assert.strictEqual(source.asked.length, 2);
    assert.deepStrictEqual(source.asked, [undefined, undefined], 'the current rate is asked without a timestamp');
  });

  it('one service per network', () => {
    const by = new ExchangeRatesByNetwork();
    const s = new FakeRates();
    assert.strictEqual(by.for('testnet', s), by.for('testnet', s));
    assert.notStrictEqual(by.for('testnet', s), by.for('mainnet', s));
  });
});
