// The form's filters checked by the mirror client's rules: each refusal lands on its field with
// the rule it breaks, and valid filters become the query a user would write.
import * as assert from 'assert';
import { filtersToParams, filtersWith, validateFilters } from '../../../src/features/contracts/filters';
import { contractResultsQuery, encodeQuery } from '../../../src/mirror/params';
import type { ContractResultsFilterInit } from '../../../src/features/contracts/filters';

const BLOCK_HASH = '0x1eaf1abbd64bbcac7f473f0272671c66d3d1d64f584112b11cd4d2063e736305';

function issues(init: ContractResultsFilterInit) {
  const r = validateFilters(filtersWith(init));
  assert.ok(!r.ok, `expected a refusal for ${JSON.stringify(init)}`);
  return r.issues;
}

function url(init: ContractResultsFilterInit): string {
  const r = validateFilters(filtersWith(init));
  assert.ok(r.ok, `expected ${JSON.stringify(init)} to pass: ${JSON.stringify(!r.ok && r.issues)}`);
  return encodeQuery(contractResultsQuery(r.params));
}

describe('contract results filters', () => {
  it('refuses transaction.index without a block filter, naming the rule', () => {
    const [issue, ...rest] = issues({ transactionIndex: '2' });
    assert.strictEqual(rest.length, 0);
    assert.strictEqual(issue.field, 'transaction.index');
    assert.match(issue.message, /requires block\.number or block\.hash/);
  });

  it('refuses block.number together with block.hash', () => {
    const [issue] = issues({ blockNumber: '17', blockHash: BLOCK_HASH });
    assert.strictEqual(issue.field, 'block.hash');
    assert.match(issue.message, /cannot combine block\.number and block\.hash/);
  });

  it('places malformed values on their own fields', () => {
    assert.strictEqual(issues({ from: '0.0.x' })[0].field, 'from');
    assert.strictEqual(issues({ from: '0x1234' })[0].field, 'from');
    assert.strictEqual(issues({ blockNumber: 'gte:10' })[0].field, 'block.number');
    assert.strictEqual(issues({ blockHash: 'abc' })[0].field, 'block.hash');
    assert.strictEqual(issues({ timestamps: [{ operator: 'gt', value: 'yesterday' }] })[0].field, 'timestamp');
    assert.strictEqual(issues({ timestamps: [{ operator: 'eq', value: '1.1234567890' }] })[0].field, 'timestamp');
    assert.strictEqual(issues({ blockNumber: '1', transactionIndex: '-1' })[0].field, 'transaction.index');
    for (const limit of ['0', '101', 'abc', '2.5']) {
      const [issue] = issues({ limit });
      assert.strictEqual(issue.field, 'limit', limit);
      assert.match(issue.message, /1 to 100/);
    }
  });

  it('reports every broken field at once', () => {
    const all = issues({ from: 'nobody', limit: '500' })
      .map(i => i.field)
      .sort();
    assert.deepStrictEqual(all, ['from', 'limit']);
  });

  it('reports how the block filters combine together with the other broken fields', () => {
    const all = issues({ transactionIndex: '2', limit: '500', from: 'nobody' })
      .map(i => i.field)
      .sort();
    assert.deepStrictEqual(all, ['from', 'limit', 'transaction.index']);
    // A malformed block filter is told as malformed, not also as missing.
    const malformed = issues({ transactionIndex: '2', blockNumber: 'x', limit: '500' });
    assert.deepStrictEqual(malformed.map(i => i.field).sort(), ['block.number', 'limit']);
  });

  it('sends only what differs from the defaults', () => {
    assert.strictEqual(url({}), '');
    assert.strictEqual(url({ limit: '25', order: 'desc', internal: false }), '');
    assert.strictEqual(url({ order: 'asc' }), '?order=asc');
    assert.strictEqual(url({ internal: true }), '?internal=true');
    assert.strictEqual(url({ limit: ' 1 ' }), '?limit=1');
  });

  it('accepts every seed parameter in its valid forms', () => {
    assert.strictEqual(url({ from: '0.0.5999' }), '?from=0.0.5999');
    assert.strictEqual(
      url({ from: ' ebb9a1be370150759408cd7af48e9eda2b8ead57 ' }),
      '?from=ebb9a1be370150759408cd7af48e9eda2b8ead57',
    );
    assert.strictEqual(url({ blockNumber: '0xa' }), '?block.number=0xa');
    assert.strictEqual(url({ blockHash: `eq:${BLOCK_HASH}` }), `?block.hash=eq:${BLOCK_HASH}`);
    assert.strictEqual(url({ blockNumber: '17', transactionIndex: 'eq:2' }), '?block.number=17&transaction.index=eq:2');
    assert.strictEqual(
      url({
        timestamps: [
          { operator: 'gt', value: '200000.000123456' },
          { operator: 'lt', value: '999999.000123456' },
          { operator: 'eq', value: ' ' },
        ],
      }),
      '?timestamp=gt:200000.000123456&timestamp=lt:999999.000123456',
    );
    assert.strictEqual(
      url({ timestamps: [{ operator: 'eq', value: '987654.000123456' }] }),
      '?timestamp=987654.000123456',
    );
  });

  it('sends a date as the exact seconds.nanos it means, UTC unless a zone is given', () => {
    assert.strictEqual(
      url({
        timestamps: [
          { operator: 'gte', value: '2023-11-14' },
          { operator: 'lt', value: '2023-11-14 22:13:20.000000001' },
          { operator: 'ne', value: '2023-11-15T00:13:20+02:00' },
        ],
      }),
      '?timestamp=gte:1699920000.000000000&timestamp=lt:1700000000.000000001&timestamp=ne:1700000000.000000000',
    );
  });

  it('refuses each wrong timestamp on its own row, naming the wrong part, with the other fields at once', () => {
    const all = issues({
      from: 'nobody',
      timestamps: [
        { operator: 'gte', value: '2023-02-29' },
        { operator: 'lt', value: '' },
        { operator: 'lt', value: '1700000000' },
        { operator: 'lt', value: '2023-11-14 25:00' },
      ],
    });
    assert.deepStrictEqual(
      all.map(i => [i.field, i.index]),
      [
        ['timestamp', 0],
        ['timestamp', 3],
        ['from', undefined],
      ],
    );
    assert.match(all[0].message, /^Timestamp 1: Day 29 is not in February 2023/);
    assert.match(all[1].message, /^Timestamp 4: Hour 25 is not an hour/);
  });

  it('never asks for weibars: the panel converts tinybars itself', () => {
    assert.strictEqual(filtersToParams(filtersWith({ from: '0.0.1' })).coin, undefined);
  });
});
