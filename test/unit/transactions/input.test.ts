import * as assert from 'assert';
import {
  MALFORMED_TRANSACTION_ID,
  describeQuery,
  findTransactionIdAt,
  findTransactionIdIn,
  parseTransactionLookup,
  queryToText,
  transactionIdsIn,
  type TransactionQuery,
} from '../../../src/features/common/transactionInput';
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
    assert.match(refused(`${HEX}00`), /96 hex digits \(48 bytes\); this has 98/);
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

describe('transactions/input: a refusal names the part that is wrong', () => {
  function problem(text: string): string {
    const r = parseTransactionLookup(text);
    assert.ok(!r.ok, `expected ${JSON.stringify(text)} to be refused`);
    // The full message leads with the problem and still gives the forms.
    assert.ok(r.message.startsWith(r.problem), r.message);
    return r.problem;
  }
  const cases: Array<[string, string]> = [
    ['0.0.300@17000x', 'The seconds part "17000x" is not a number.'],
    ['0.0.300-17000x-1', 'The seconds part "17000x" is not a number.'],
    ['0.0.@1700000000', 'The account "0.0." is incomplete: it is shard.realm.num, as in 0.0.1234.'],
    ['0.0-1565779555-711927000', 'The account "0.0" is incomplete: it is shard.realm.num, as in 0.0.1234.'],
    ['@1700000000', 'The account is missing before "@".'],
    ['0.0.x-1565779555-711927000', 'The account\'s num "x" is not a number.'],
    ['00000000000.0.300-1565779555-711927000', 'The account\'s shard "00000000000" has more than 10 digits.'],
    ['0.0.0.300-1565779555-711927000', 'The account "0.0.0.300" has 4 parts; it is shard.realm.num, as in 0.0.1234.'],
    ['0.0.2-abcde@1.2', 'Remove the checksum "-abcde" after the account: write 0.0.2@….'],
    ['0.0.300@1565779555.1234567890', 'Nanoseconds have at most 9 digits; "1234567890" has 10.'],
    ['0.0.300-1565779555-7119270001', 'Nanoseconds have at most 9 digits; "7119270001" has 10.'],
    ['0.0.300@1565779555.', 'The nanoseconds part is empty.'],
    ['0.0.300-1565779555-x1', 'The nanoseconds part "x1" is not a number.'],
    ['0.0.300-1565779555-711927000\u202e', 'The nanoseconds part "711927000⟨U+202E⟩" is not a number.'],
    [
      '0.0.300-9223372036854775808-0',
      'The seconds part "9223372036854775808" is too large: at most 9223372036854775807.',
    ],
    [
      '0.0.300-1565779555',
      'The nanoseconds part is missing: it is account-seconds-nanoseconds (or account@seconds for nanoseconds 0).',
    ],
    ['0.0.300-1565779555-711927000-', 'Nothing follows the nanoseconds: remove the last "-".'],
    [
      '0.1.10-1234567891.000000000',
      'Mixed separators: write 0.0.x-sss-nnn (dashes) or 0.0.x@sss.nnn (an "@" and a ".").',
    ],
    [
      '0.0.300@1565779555-711927000',
      'Mixed separators: write 0.0.x-sss-nnn (dashes) or 0.0.x@sss.nnn (an "@" and a ".").',
    ],
    ['0.0.300@@1565779555.711927000', 'Only one "@" goes between the account and the valid start.'],
    [
      '0.0.300@1565779555.711927000?scheduled=true',
      'Only "?scheduled" may follow the valid start; got "?scheduled=true".',
    ],
    [
      '0.0.300-1565779555-711927000?scheduled',
      '"?scheduled" and "/nonce" follow the 0.0.x@sss.nnn form only; after this form write scheduled=true or nonce=N.',
    ],
    ['0.0.300', 'The account "0.0.300" needs its valid start after it: 0.0.300@sss.nnn or 0.0.300-sss-nnn.'],
    [`0x${HEX.slice(0, 64)}`, 'A transaction hash is 96 hex digits (48 bytes); this has 64.'],
    [HEX.slice(0, 64), 'A transaction hash is 96 hex digits (48 bytes); this has 64.'],
    [`${HEX}00`, 'A transaction hash is 96 hex digits (48 bytes); this has 98.'],
    [`0x${HEX.slice(0, 95)}g`, '"g" (character 98) is not a hex digit.'],
    [`0X${HEX}`, 'Write the hex prefix as a lowercase 0x.'],
    [
      'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6',
      'A base64 transaction hash is 64 characters (48 bytes); this has 63.',
    ],
    ['1565779555.711927001', 'That looks like a consensus timestamp, not a transaction id.'],
    ['0.0.300@2023-13-14', 'Valid start: Month 13 is not a month (01–12) in 2023-13-14.'],
    ['0.0.300@2023-02-30', 'Valid start: Day 30 is not in February 2023, which has 28 days (in 2023-02-30).'],
    ['0.0.300@1960-01-01', 'Valid start: The ledger has no history before 1970-01-01 00:00:00 UTC.'],
    ['0.0.300@lt:2023-11-14', 'No operator (lt:) here: the valid start is one time.'],
    ['hello', 'That is not a transaction id, a hash or a HashScan link.'],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input.length > 60 ? `${input.slice(0, 60)}…` : input)}: ${expected}`, () => {
      assert.strictEqual(problem(input), expected);
    });
  }
});

describe('transactions/input: the valid start as a date, in the one timestamp grammar', () => {
  const cases: Array<[string, string, Partial<TransactionQuery>]> = [
    ['0.0.300@2023-11-14T22:13:20Z', '0.0.300-1700000000-000000000', {}],
    ['0.0.300@2023-11-14T22:13:20.000000009Z', '0.0.300-1700000000-000000009', {}],
    // The fraction of a date is a decimal fraction (.5 s), unlike the nanoseconds of `@sss.nnn`.
    ['0.0.300@2023-11-14T22:13:20.5Z', '0.0.300-1700000000-500000000', {}],
    // As the panels and HashScan write a time: spaces and UTC.
    ['0.0.300@2023-11-14 22:13:20 UTC', '0.0.300-1700000000-000000000', {}],
    ['0.0.300@2023-11-14 22:13:20', '0.0.300-1700000000-000000000', {}],
    ['0.0.300@2023-11-14', '0.0.300-1699920000-000000000', {}],
    ['0.0.300@2023-11-14 22:13:20 UTC nonce=1', '0.0.300-1700000000-000000000', { nonce: 1 }],
    ['0.0.300@2023-11-14T22:13:20Z?scheduled', '0.0.300-1700000000-000000000', { scheduled: true }],
  ];
  for (const [input, path, expected] of cases) {
    it(`${input} → ${path}`, () => {
      const q = ok(input);
      assert.strictEqual(q.idOrHash, path);
      for (const [k, v] of Object.entries(expected)) assert.deepStrictEqual(q[k as keyof TransactionQuery], v, k);
    });
  }
  it('is the same query as the seconds it names', () => {
    assert.deepStrictEqual(ok('0.0.300@2019-08-14T10:45:55.711927Z'), ok('0.0.300@1565779555.711927000'));
  });
  it('reads a zone offset as the one timestamp grammar does, and refuses an operator', () => {
    assert.strictEqual(ok('0.0.300@2023-11-14T22:13:20+02:00').idOrHash, '0.0.300-1699992800-000000000');
    assert.strictEqual(ok('0.0.300@2023-11-14 22:13:20 +02:00').idOrHash, '0.0.300-1699992800-000000000');
    refused('0.0.300@lt:2023-11-14');
  });
});

describe('transactions/input: the ids on screen', () => {
  it("finds each transaction id once, in order, with the hover's finder (any shard.realm)", () => {
    const text = [
      'first 0.0.300@1565779555.711927000 then 1.2.3-4-5',
      'again 0.0.300-1565779555-711927000, an account 0.0.98, a version v0.0.1-2-3',
      `a hash 0x${HEX} is not offered unasked`,
      'checksummed 0.0.2-wwgsx@1700000000.1',
    ].join('\n');
    assert.deepStrictEqual(transactionIdsIn(text, 10), [
      '0.0.300@1565779555.711927000',
      '1.2.3-4-5',
      '0.0.2@1700000000.000000001',
    ]);
    assert.deepStrictEqual(transactionIdsIn(text, 1), ['0.0.300@1565779555.711927000']);
  });
  it('at the cursor, a checksummed id is re-spelled without its checksum', () => {
    const line = 'tx 0.0.2-wwgsx@1700000000.1 done';
    assert.strictEqual(findTransactionIdAt(line, 6), '0.0.2@1700000000.000000001');
  });
  it('at the cursor, a hash is found in a line of any length, never a piece of a longer hex run', () => {
    const long = `${'x'.repeat(50_000)} 0x${HEX} ${'y'.repeat(50_000)}`;
    assert.strictEqual(findTransactionIdAt(long, 50_010), `0x${HEX}`);
    const run = 'a'.repeat(150) + HEX + 'b'.repeat(150);
    assert.strictEqual(findTransactionIdAt(run, 200), undefined);
  });
});
