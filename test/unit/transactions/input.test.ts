import * as assert from 'assert';
import {
  MALFORMED_TRANSACTION_ID,
  describeQuery,
  findTransactionIdAt,
  findTransactionIdIn,
  parseTransactionLookup,
  queryToText,
  type TransactionQuery,
} from '../../../src/features/transactions/input';
import { loadRecords } from '../../support/mirrorReplay';

function ok(text: string): TransactionQuery {
  const r = parseTransactionLookup(text);
  assert.ok(r.ok, `expected ${JSON.stringify(text)} to be accepted, got: ${r.ok ? '' : r.message}`);
  return r.query;
}

function refused(text: string): string {
  const r = parseTransactionLookup(text);
  assert.ok(
    !r.ok,
    `expected ${JSON.stringify(text)} to be refused, got ${JSON.stringify(r.ok && r.query, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
  );
  return r.message;
}

const HEX = 'ae8bebf1c9fa0f309356e48057f6047af7cde63037d0509d16ddc3b20e085158bfdf14d15345c1b18b199b72fed4dead';

describe('transactions/input: accepted forms', () => {
  const cases: Array<[string, string, Partial<TransactionQuery>]> = [
    ['0.0.300-1565779555-711927000', '0.0.300-1565779555-711927000', { kind: 'id' }],
    ['0.0.300@1565779555.711927000', '0.0.300-1565779555-711927000', { kind: 'id' }],
    ['  0.0.10@1234567890.1  ', '0.0.10-1234567890-000000001', { kind: 'id' }],
    ['1.2.3-4-5', '1.2.3-4-000000005', { kind: 'id' }],
    // `0.0.x@sss` without nanoseconds: nanoseconds 0, with the SDK's suffixes too.
    ['0.0.300@1565779555', '0.0.300-1565779555-000000000', { kind: 'id' }],
    ['0.0.300@1565779555?scheduled', '0.0.300-1565779555-000000000', { scheduled: true }],
    ['0.0.300@1565779555/3', '0.0.300-1565779555-000000000', { nonce: 3 }],
    // The SDK's toString suffixes.
    ['0.0.10@1234567890.000000001?scheduled', '0.0.10-1234567890-000000001', { scheduled: true }],
    ['0.0.10@1234567890.000000001/2', '0.0.10-1234567890-000000001', { nonce: 2 }],
    ['0.0.10@1234567890.000000001?scheduled/1', '0.0.10-1234567890-000000001', { scheduled: true, nonce: 1 }],
    // Filters after the id.
    ['0.0.10-1234567890-000000001 nonce=1', '0.0.10-1234567890-000000001', { nonce: 1 }],
    ['0.0.10-1234567890-000000001 scheduled=false', '0.0.10-1234567890-000000001', { scheduled: false }],
    [
      '0.0.10-1234567890-000000001 nonce=0 scheduled=TRUE',
      '0.0.10-1234567890-000000001',
      { nonce: 0, scheduled: true },
    ],
    ['0.0.10-1234567890-000000001, nonce:2147483647', '0.0.10-1234567890-000000001', { nonce: 2_147_483_647 }],
    // Hashes: hex with and without 0x (lowercased for the path), base64url and standard base64.
    [HEX, `0x${HEX}`, { kind: 'hash' }],
    [`0x${HEX.toUpperCase()}`, `0x${HEX}`, { kind: 'hash' }],
    [
      'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t',
      'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t',
      { kind: 'hash' },
    ],
    [
      'rovr8cn6DzCTVuSAV/YEevfN5jA30FCdFt3Dsg4IUVi/3xTRU0XBsYsZm3L+1N6t',
      'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t',
      { kind: 'hash' },
    ],
    [`${HEX} scheduled=true`, `0x${HEX}`, { kind: 'hash', scheduled: true }],
    // HashScan links: the id in the path (either spelling, encoded or not) or in `tid`.
    [
      'https://hashscan.io/testnet/transaction/0.0.300-1565779555-711927000',
      '0.0.300-1565779555-711927000',
      { linkNetwork: 'testnet' },
    ],
    [
      'https://hashscan.io/mainnet/transaction/0.0.300%401565779555.711927000',
      '0.0.300-1565779555-711927000',
      { linkNetwork: 'mainnet' },
    ],
    [
      'https://hashscan.io/mainnet/transaction/1565779555.711927001?tid=0.0.300-1565779555-711927000',
      '0.0.300-1565779555-711927000',
      { linkNetwork: 'mainnet' },
    ],
    [
      'hashscan.io/previewnet/transaction/0.0.300@1565779555.711927000',
      '0.0.300-1565779555-711927000',
      { linkNetwork: 'previewnet' },
    ],
    [`https://hashscan.io/testnet/transaction/0x${HEX}`, `0x${HEX}`, { kind: 'hash', linkNetwork: 'testnet' }],
    [
      'https://hashscan.io/testnet/transaction/0.0.300-1565779555-711927000 nonce=0',
      '0.0.300-1565779555-711927000',
      { nonce: 0 },
    ],
  ];
  for (const [input, path, expected] of cases) {
    it(`${input.trim()} → ${path}`, () => {
      const q = ok(input);
      assert.strictEqual(q.idOrHash, path);
      for (const [k, v] of Object.entries(expected)) assert.deepStrictEqual(q[k as keyof TransactionQuery], v, k);
    });
  }

  it('keeps the parts of an id exact, and round-trips through queryToText', () => {
    const q = ok('0.0.2@9223372036854775807.999999999/3');
    assert.strictEqual(q.transactionId?.seconds, 9_223_372_036_854_775_807n);
    assert.strictEqual(q.transactionId?.nanos, 999_999_999);
    assert.deepStrictEqual(ok(queryToText(q)), q);
    assert.strictEqual(describeQuery(q), '0.0.2@9223372036854775807.999999999, nonce 3');
  });

  it('accepts the id of every recorded transaction lookup, in both spellings', () => {
    const ids = new Set<string>();
    for (const r of loadRecords()) {
      const m = /^\/api\/v1\/transactions\/(\d+\.\d+\.\d+-\d+-\d+)(\?|$)/.exec(r.url);
      if (m && r.status === 200) ids.add(m[1]);
    }
    assert.ok(ids.size >= 6, `found ${ids.size} recorded ids`);
    for (const id of ids) {
      assert.strictEqual(ok(id).idOrHash, id);
      const [payer, s, n] = id.split('-') as [string, string, string];
      assert.strictEqual(ok(`${payer}@${s}.${n}`).idOrHash, id);
    }
  });
});

describe('transactions/input: refused before any request', () => {
  // Each names the expected form; none yields a query (so no request can be built from it).
  const malformed = [
    '',
    '   ',
    'hello',
    '0.0.300',
    '0.0.300-1565779555',
    '0.0.300-1565779555-',
    '0.0.300@1565779555.',
    '0.0.300-1565779555.711927000',
    '0.1.10-1234567891.000000000',
    '0.0.300@1565779555-711927000',
    '0.0.300-1565779555-7119270001',
    '0.0.300@1565779555.1234567890',
    '0.0.300-15657795551234567890-1',
    '0.0.300-9223372036854775808-0',
    '0.0.x-1565779555-711927000',
    '0.0-1565779555-711927000',
    '0.0.0.300-1565779555-711927000',
    '00000000000.0.300-1565779555-711927000',
    '0.0.300--1565779555-711927000',
    '0.0.300-1565779555--711927000',
    '-0.0.300-1565779555-711927000',
    '0.0.300-1565779555-711927000-',
    '0.0.300-abcde-1565779555-711927000',
    '0.0.300-1565779555-711927000?scheduled',
    '0.0.300@1565779555.711927000?scheduled=true',
    '0.0.300@1565779555.711927000/',
    '0.0.300@1565779555.711927000/-1',
    '0.0.300@1565779555.711927000/2147483648',
    '0.0.300 @1565779555.711927000',
    '1565779555.711927001',
    '0.0.300-1565779555-711927000 nonce=-1',
    '0.0.300-1565779555-711927000 nonce=2147483648',
    '0.0.300-1565779555-711927000 nonce=x',
    '0.0.300-1565779555-711927000 nonce=lt:10',
    '0.0.300-1565779555-711927000 nonce=',
    '0.0.300-1565779555-711927000 scheduled=1',
    '0.0.300-1565779555-711927000 scheduled=',
    '0.0.300-1565779555-711927000 scheduled=ne:true',
    '0.0.300-1565779555-711927000 token.id=0.0.45678',
    '0.0.300-1565779555-711927000 extra',
    'izUDXqZ8gOhKlL5vbFInnw2VObTXzNWEH2QOg7XOUQwl9Mp2SVil8lufZIU6xJEEk===',
    '0xab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849',
    'ab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849',
    `${HEX}00`,
    `0x${HEX.slice(0, 64)}`,
    `0x${HEX.slice(0, 95)}g`,
    `0X${HEX}`,
    'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6',
    'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t=',
    'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6!',
    '<script>alert(1)</script>',
    'https://hashscan.io/testnet/account/0.0.300',
    'https://hashscan.io/testnet/transaction/1565779555.711927001',
    'https://hashscan.io/testnet/transaction/',
    'https://hashscan.io/testnet/transaction/0.0.300-1565779555-711927000/extra',
    'https://hashscan.io/testnet/transaction/%E0%A4%A',
    'https://example.com/testnet/transaction/0.0.300-1565779555-711927000',
    '0.0.300-1565779555-711927000\u202e',
    '０.０.300-1565779555-711927000',
    '0.0.300-1565779555-٧١١٩٢٧٠٠٠',
    'x'.repeat(3000),
  ];

  it(`covers at least 50 malformed inputs (${malformed.length})`, () => {
    assert.ok(malformed.length >= 50);
  });

  for (const input of malformed) {
    it(`refuses ${JSON.stringify(input.length > 70 ? `${input.slice(0, 70)}…` : input)}`, () => {
      const message = refused(input);
      // Every refusal names the expected form or the rule broken.
      assert.match(message, /shard\.realm\.num-sss-nnn|nonce|scheduled|HashScan|too long/);
    });
  }

  it("uses the seed's explanation of the shard.realm.num-sss-nnn form", () => {
    assert.strictEqual(
      refused('0.1.10-1234567891.000000000').includes(
        '"shard.realm.num-sss-nnn" form, where sss are seconds and nnn are nanoseconds',
      ),
      true,
    );
    assert.ok(MALFORMED_TRANSACTION_ID.includes('0.0.1234@1700000000.123456789'));
  });

  it('says what is wrong where it can tell', () => {
    assert.match(refused(`${HEX}00`), /96 hex digits .* this one has 98/);
    assert.match(refused('0.0.300-1565779555.711927000'), /Mixed separators/);
    assert.match(refused('1565779555.711927001'), /consensus timestamp/);
    assert.match(refused('0.0.300-1565779555-7119270001'), /at most 9 digits/);
    assert.match(refused('https://hashscan.io/testnet/transaction/1565779555.711927001'), /consensus timestamp only/);
  });
});

describe('transactions/input: finding an id in the editor', () => {
  const line = 'const receipt = await client.getReceipt("0.0.1234@1700000000.123456789"); // see 0.0.5-1-2';
  it('finds the id under the cursor, in either spelling', () => {
    const at = line.indexOf('0.0.1234');
    assert.strictEqual(findTransactionIdAt(line, at), '0.0.1234@1700000000.123456789');
    assert.strictEqual(findTransactionIdAt(line, at + 20), '0.0.1234@1700000000.123456789');
    assert.strictEqual(findTransactionIdAt(line, line.indexOf('0.0.5-') + 3), '0.0.5-1-2');
  });
  it('finds nothing away from an id, nor in lookalikes', () => {
    assert.strictEqual(findTransactionIdAt(line, 3), undefined);
    assert.strictEqual(findTransactionIdAt('ip 10.0.0.1-2-3', 5), undefined);
    assert.strictEqual(findTransactionIdAt('v0.0.1-2-3', 3), undefined);
  });
  it('finds a 96-hex hash under the cursor', () => {
    assert.strictEqual(findTransactionIdAt(`hash: 0x${HEX};`, 10), `0x${HEX}`);
  });
  it('takes a whole selection that parses, else the first id in it', () => {
    assert.strictEqual(
      findTransactionIdIn(' 0.0.10-1234567890-000000001 nonce=1 '),
      '0.0.10-1234567890-000000001 nonce=1',
    );
    assert.strictEqual(
      findTransactionIdIn('paid in 0.0.10@1234567890.000000001, twice'),
      '0.0.10@1234567890.000000001',
    );
    assert.strictEqual(findTransactionIdIn('nothing here'), undefined);
  });
});
