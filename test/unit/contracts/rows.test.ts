// Rows from real and built contract results, and the proof the unit toggle relies on: the panel's
// local tinybar→weibar conversion equals what the service itself returns with hbar=false.
import * as assert from 'assert';
import { toRow } from '../../../src/features/contracts/rows';
import { createMirrorClient, parseLossless, type MirrorClient } from '../../../src/mirror';
import { ContractResultsResponseSchema } from '../../../src/mirror/schemas';
import type { ContractResultRow } from '../../../webview/protocol';
import { convertTinybars } from '../../../webview/contractResults/units';
import { ABOVE_2_53, aContractResult, aContractResultsBody, INT64_MAX, recordFor } from '../../support/builders';
import { canonicalTarget, loadRecords, startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

const MONEY = ['amount', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const;

function rowsOf(bodyText: string): ContractResultRow[] {
  return ContractResultsResponseSchema.parse(parseLossless(bodyText)).results.map((r, i) => toRow(r, `r${i}`));
}

/** Asserts that `weibars` is `tinybars` with every money field converted locally, all else equal. */
function assertLocalConversion(
  tinybars: readonly ContractResultRow[],
  weibars: readonly ContractResultRow[],
  what: string,
): number {
  assert.strictEqual(tinybars.length, weibars.length, `${what}: row count`);
  let compared = 0;
  tinybars.forEach((t, i) => {
    const w = weibars[i];
    for (const field of MONEY) {
      const local = t[field] === null ? null : convertTinybars(BigInt(t[field]), 'weibar').exact;
      assert.strictEqual(local, w[field], `${what} row ${i} ${field}: tinybars ${t[field]}`);
      if (local !== null) compared++;
    }
    const strip = (r: ContractResultRow) => ({
      ...r,
      amount: 0,
      gasPrice: 0,
      maxFeePerGas: 0,
      maxPriorityFeePerGas: 0,
    });
    assert.deepStrictEqual(strip(t), strip(w), `${what} row ${i}: the other fields`);
  });
  return compared;
}

describe('contract result rows', () => {
  it('equal, converted locally, what the recorded service returned with hbar=false', () => {
    const records = loadRecords().filter(r => r.url.startsWith('/api/v1/contracts/results') && r.status === 200);
    const weibarRecords = records.filter(r => /[?&]hbar=false(&|$)/.test(r.url));
    assert.ok(weibarRecords.length > 0, 'the recordings hold hbar=false responses');
    let pairs = 0;
    let values = 0;
    for (const w of weibarRecords) {
      const tinybarUrl = canonicalTarget(w.url.replace('hbar=false', 'hbar=true'));
      const counterparts = records.filter(r => canonicalTarget(r.url) === tinybarUrl);
      for (const t of counterparts) {
        values += assertLocalConversion(rowsOf(t.bodyText), rowsOf(w.bodyText), `${t.url} vs ${w.url}`);
        pairs++;
      }
    }
    assert.ok(pairs > 0, 'at least one hbar=true/hbar=false pair was compared');
    assert.ok(values >= 4, `monetary values compared: ${values}`);
  });

  describe('through the client and a loopback mirror node', () => {
    let replay: MirrorReplay;
    let client: MirrorClient;
    before(async () => {
      replay = await startMirrorReplay();
      client = createMirrorClient({ baseUrl: replay.url, retries: 0 });
    });
    after(async () => {
      client.dispose();
      await replay.close();
    });

    it('gets the same weibars from coin=false as the local ×10^10 of coin=true', async () => {
      const tiny = await client.listContractResults({ coin: true });
      const wei = await client.listContractResults({ coin: false });
      const n = assertLocalConversion(
        tiny.results.map((r, i) => toRow(r, `r${i}`)),
        wei.results.map((r, i) => toRow(r, `r${i}`)),
        'coin=true vs coin=false',
      );
      assert.strictEqual(n, 4);
      assert.deepStrictEqual(
        replay.requests.map(r => r.url),
        ['/api/v1/contracts/results?hbar=true', '/api/v1/contracts/results?hbar=false'],
      );
    });

    it('keeps amounts above 2^53 and int64 max to the last digit', async () => {
      replay.addRecords([
        recordFor(
          '/api/v1/contracts/results?limit=2',
          aContractResultsBody([
            aContractResult({ amount: INT64_MAX, gas_price: '0x7fffffffffffffff' }),
            aContractResult({ amount: ABOVE_2_53, timestamp: '1700000000.000000008' }),
          ]),
        ),
      ]);
      const page = await client.listContractResults({ limit: 2 });
      const [a, b] = page.results.map((r, i) => toRow(r, `r${i}`));
      assert.strictEqual(a.amount, '9223372036854775807');
      assert.strictEqual(a.gasPrice, '9223372036854775807');
      assert.strictEqual(convertTinybars(BigInt(a.amount), 'weibar').exact, '92233720368547758070000000000');
      assert.strictEqual(b.amount, '9007199254740993');
    });
  });

  it('reads a recorded row: long-zero ids, hex quantities, none as null, unknown fields kept', () => {
    const record = loadRecords().find(
      r => r.url === '/api/v1/contracts/results' && r.bodyText.includes('"authorization_list":[{'),
    );
    assert.ok(record, 'the recording with three results');
    const rows = rowsOf(record.bodyText);
    const [first, second, third] = rows;
    assert.strictEqual(first.fromId, '0.0.8001');
    assert.strictEqual(first.toId, '0.0.6001');
    assert.strictEqual(first.gasPrice, '1250000000');
    assert.strictEqual(first.maxFeePerGas, '64');
    assert.deepStrictEqual(first.createdContractIds, ['0.0.7001']);
    assert.strictEqual(second.gasPrice, null);
    assert.strictEqual(second.nonce, null);
    assert.strictEqual(third.errorMessage, 'Not enough gas');
    assert.strictEqual(third.revert, null, 'plain text is not a revert to decode');
    const auth = third.extra.find(e => e.name === 'authorization_list');
    assert.ok(auth, 'authorization_list is kept as an extra field');
    assert.match(auth.json, /0x2222/);
    assert.strictEqual(third.fromId, '0.0.6001');
  });

  it('turns "0x" quantities into none and decodes the call and the revert', () => {
    const selector = '0xa9059cbb';
    const arg = '00'.repeat(31) + '2a';
    const body = aContractResultsBody([
      aContractResult({
        gas_price: '0x',
        max_fee_per_gas: '0x',
        max_priority_fee_per_gas: null,
        function_parameters: selector + arg,
        error_message: '0x4e487b71' + '00'.repeat(31) + '12',
        from: '0xebb9a1be370150759408cd7af48e9eda2b8ead57',
      }),
    ]);
    const [row] = rowsOf(body.text);
    assert.strictEqual(row.gasPrice, null);
    assert.strictEqual(row.maxFeePerGas, null);
    assert.strictEqual(row.maxPriorityFeePerGas, null);
    assert.strictEqual(row.selector, selector);
    assert.deepStrictEqual(row.argumentWords, [arg]);
    assert.deepStrictEqual(row.revert, { kind: 'panic', code: '18', meaning: 'division or modulo by zero' });
    assert.strictEqual(row.fromId, null, 'not a long-zero address');
  });
});
