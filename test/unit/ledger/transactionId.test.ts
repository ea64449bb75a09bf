import * as assert from 'assert';
import {
  base64ToHex,
  formatTransactionIdAt,
  formatTransactionIdDash,
  parseTransactionHash,
  parseTransactionId,
  transactionIdsEqual,
  type TransactionId,
} from '../../../src/ledger';
import { pathSegmentAfter, recordedExchanges } from './paths';

const tx = (shard: bigint, realm: bigint, num: bigint, seconds: bigint, nanos: number): TransactionId => ({
  payer: { shard, realm, num },
  seconds,
  nanos,
});

describe('ledger/transaction ids', () => {
  // Each id, with the dash and at forms the formatters write for it.
  const ids: Array<[TransactionId, string, string]> = [
    [tx(0n, 0n, 10n, 1234567890n, 1), '0.0.10-1234567890-000000001', '0.0.10@1234567890.000000001'],
    [tx(0n, 0n, 300n, 1565779555n, 711_927_000), '0.0.300-1565779555-711927000', '0.0.300@1565779555.711927000'],
    [tx(0n, 0n, 10n, 1234567890n, 999_999_999), '0.0.10-1234567890-999999999', '0.0.10@1234567890.999999999'],
    [tx(1n, 2n, 3n, 0n, 0), '1.2.3-0-000000000', '1.2.3@0.000000000'],
    [tx(0n, 0n, 10n, 1234567890n, 0), '0.0.10-1234567890-000000000', '0.0.10@1234567890.000000000'],
    [tx(0n, 0n, 10n, 0n, 0), '0.0.10-0-000000000', '0.0.10@0.000000000'],
    [
      tx(0n, 0n, 2n, 9223372036854775807n, 5),
      '0.0.2-9223372036854775807-000000005',
      '0.0.2@9223372036854775807.000000005',
    ],
    [
      tx(9_999_999_999n, 9_999_999_999n, 9_999_999_999n, 1_700_000_000n, 123_456_789),
      '9999999999.9999999999.9999999999-1700000000-123456789',
      '9999999999.9999999999.9999999999@1700000000.123456789',
    ],
    [tx(0n, 0n, 7n, 1234567890n, 1), '0.0.7-1234567890-000000001', '0.0.7@1234567890.000000001'],
  ];
  // Each spelling the parser takes, and the dash form of the id it means.
  const spellings: Array<[string, string]> = [
    ['0.0.10-1234567890-000000001', '0.0.10-1234567890-000000001'],
    ['0.0.10@1234567890.000000001', '0.0.10-1234567890-000000001'],
    // Nanoseconds are an integer in both spellings: "1" is 1 ns, padded on the left.
    ['0.0.10-1234567890-1', '0.0.10-1234567890-000000001'],
    ['0.0.10@1234567890.1', '0.0.10-1234567890-000000001'],
    ['0.0.300-1565779555-711927000', '0.0.300-1565779555-711927000'],
    ['0.0.10-1234567890-999999999', '0.0.10-1234567890-999999999'],
    ['1.2.3-0-0', '1.2.3-0-000000000'],
    // A script's `0.0.x@sss` (a valid start on a whole second): nanoseconds 0.
    ['0.0.10@1234567890', '0.0.10-1234567890-000000000'],
    ['0.0.10@0', '0.0.10-0-000000000'],
    ['0.0.2@9223372036854775807.5', '0.0.2-9223372036854775807-000000005'],
    ['9999999999.9999999999.9999999999-1700000000-123456789', '9999999999.9999999999.9999999999-1700000000-123456789'],
    ['0.0.007-01234567890-000000001', '0.0.7-1234567890-000000001'],
  ];
  for (const [text, dashOfId] of spellings) {
    const [id, dash, at] = ids.find(([, d]) => d === dashOfId) ?? assert.fail(`no id written ${dashOfId}`);
    it(`${text} → ${dash} / ${at}`, () => {
      const parsed = parseTransactionId(text);
      assert.deepStrictEqual(parsed, id);
      assert.strictEqual(formatTransactionIdDash(parsed), dash);
      assert.strictEqual(formatTransactionIdAt(parsed), at);
      assert.deepStrictEqual(parseTransactionId(dash), id);
      assert.deepStrictEqual(parseTransactionId(at), id);
    });
  }

  const refused: Array<[string, string]> = [
    ['0.1.10-1234567891.000000000', 'mixed separators (recorded 400)'],
    ['0.0.10@1234567890-000000001', 'mixed separators the other way'],
    ['0.0.10-1234567890-000000001-1', 'an extra part'],
    ['0.0.10@1234567890.000000001.1', 'an extra part'],
    ['0.0.10-1234567890', 'no nanoseconds'],
    ['0.0.10@1234567890.', 'a dot and no nanoseconds'],
    ['0.0.10@9223372036854775808', 'seconds above int64, no nanoseconds'],
    ['0.0.10@1234567890?scheduled', 'SDK suffix on the short form'],
    ['0.0.10-1234567890-1234567890', 'ten nanosecond digits'],
    ['0.0.10-9223372036854775808-0', 'seconds above int64'],
    ['0.0.10-12345678901234567890-0', 'twenty second digits'],
    ['0.10-1234567890-000000001', 'payer without shard'],
    ['0.0.10.1-1234567890-000000001', 'payer with four parts'],
    ['0.0.12345678901-1234567890-0', 'eleven-digit num'],
    ['0.0.10-1234567890-000000001?scheduled', 'SDK scheduled suffix'],
    ['0.0.10@1234567890.000000001/1', 'SDK nonce suffix'],
    ['0.0.10-vfmkw-1234567890-0', 'checksum'],
    ['0.0.10--1234567890-0', 'negative seconds'],
    [' 0.0.10-1234567890-000000001', 'leading space'],
    ['', 'empty'],
  ];
  for (const [text, why] of refused) {
    it(`refuses ${JSON.stringify(text)}: ${why}`, () => assert.strictEqual(parseTransactionId(text), undefined));
  }

  it('compares ids by value', () => {
    assert.ok(
      transactionIdsEqual(
        parseTransactionId('0.0.10-1234567890-1')!,
        parseTransactionId('0.0.10@1234567890.000000001')!,
      ),
    );
    assert.ok(
      !transactionIdsEqual(parseTransactionId('0.0.10-1234567890-1')!, parseTransactionId('0.0.10-1234567890-2')!),
    );
    assert.ok(
      !transactionIdsEqual(parseTransactionId('0.0.10-1234567890-1')!, parseTransactionId('0.0.11-1234567890-1')!),
    );
  });
});

describe('ledger/transaction hashes', () => {
  const HEX = 'ae8bebf1c9fa0f309356e48057f6047af7cde63037d0509d16ddc3b20e085158bfdf14d15345c1b18b199b72fed4dead';
  const URL_SAFE = 'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t';
  const STANDARD = 'rovr8cn6DzCTVuSAV/YEevfN5jA30FCdFt3Dsg4IUVi/3xTRU0XBsYsZm3L+1N6t'; // as responses give it

  const cases: Array<[string, string | undefined]> = [
    [HEX, `0x${HEX}`],
    [`0x${HEX}`, `0x${HEX}`],
    [HEX.toUpperCase(), `0x${HEX}`],
    [URL_SAFE, URL_SAFE],
    [STANDARD, URL_SAFE],
    ['izUDXqZ8gOhKlL5vbFInnw2VObTXzNWEH2QOg7XOUQwl9Mp2SVil8lufZIU6xJEEk===', undefined], // recorded 400
    ['0xab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849', undefined], // 45 bytes, recorded 400
    [HEX.slice(0, 64), HEX.slice(0, 64)], // 64 characters are read as base64, as the mirror node reads them
    [`0x${HEX.slice(0, 64)}`, undefined], // a 32-byte Ethereum hash is not a transaction hash here
    [`0x${HEX}00`, undefined],
    [`${URL_SAFE}A`, undefined],
    [`${URL_SAFE.slice(1)}=`, undefined],
    ['', undefined],
  ];
  for (const [text, expected] of cases) {
    it(`${text.slice(0, 24)}…(${text.length}) → ${expected ? expected.slice(0, 24) + '…' : 'refused'}`, () => {
      assert.strictEqual(parseTransactionHash(text), expected);
    });
  }

  it('the base64 and hex spellings of a recorded hash are the same bytes', () => {
    assert.strictEqual(base64ToHex(parseTransactionHash(STANDARD)!), base64ToHex(STANDARD));
    const hex = base64ToHex(URL_SAFE)!;
    assert.strictEqual(hex.length, 96);
    assert.strictEqual(parseTransactionHash(hex), `0x${hex}`);
  });
});

describe('ledger/transaction lookups agree with every recorded one', () => {
  const lookups = recordedExchanges()
    .map(r => ({ ...r, segment: pathSegmentAfter(r.url, '/api/v1/transactions/') }))
    .filter((r): r is typeof r & { segment: string } => r.segment !== undefined);
  it('finds the recorded lookups', () => assert.ok(lookups.length > 40, String(lookups.length)));
  for (const r of lookups) {
    const refusedByServer = r.status === 400 && r.bodyText.includes('Invalid Transaction id');
    it(`${r.segment.slice(0, 40)} (${r.status})`, () => {
      const id = parseTransactionId(r.segment);
      const hash = parseTransactionHash(r.segment);
      if (refusedByServer) {
        assert.strictEqual(id, undefined);
        assert.strictEqual(hash, undefined);
      } else if (id) {
        // The recorded path is exactly our dash form: nine-digit nanoseconds.
        assert.strictEqual(formatTransactionIdDash(id), r.segment);
      } else {
        assert.ok(hash, 'the server accepted it as a hash');
        const expected = r.segment.length === 64 ? r.segment : `0x${r.segment.replace(/^0x/, '').toLowerCase()}`;
        assert.strictEqual(hash, expected);
      }
    });
  }

  it('every transaction_id in the recorded bodies round-trips through both forms', () => {
    const ids = new Set<string>();
    for (const r of recordedExchanges())
      for (const m of r.bodyText.matchAll(/"transaction_id":"([^"]+)"/g)) ids.add(m[1]);
    assert.ok(ids.size > 10, String(ids.size));
    for (const text of ids) {
      const id = parseTransactionId(text);
      assert.ok(id, text);
      assert.strictEqual(formatTransactionIdDash(id), text);
      assert.strictEqual(formatTransactionIdDash(parseTransactionId(formatTransactionIdAt(id))!), text);
    }
  });
});
