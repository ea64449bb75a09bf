// Property tests of the pure ledger parsers: entity ids and checksums, account references
// (ids, aliases, EVM addresses), transaction ids and hashes, base64/hex, timestamps and ℏ amounts.
// Each: RUNS generated and mutated inputs, nothing thrown but the module's own typed errors, each
// input decided (pathological ones in time that grows linearly with them), and what parses round-trips.
import * as assert from 'assert';
import fc from 'fast-check';
import {
  accountRefToPath,
  base64ToBytes,
  base64ToHex,
  bytesToBase64,
  compareTimestamps,
  decodeBase64Text,
  entityChecksum,
  entityIdToLongZero,
  formatAccountRef,
  formatEntityId,
  formatEntityIdWithChecksum,
  formatGrouped,
  formatTimestamp,
  formatTinybarsAsHbar,
  formatTransactionIdAt,
  formatTransactionIdDash,
  hexToBase64,
  hexToBigint,
  isEvmAddress,
  longZeroToEntityId,
  normalizeEvmAddress,
  parseAccountRef,
  parseEntityIdWithChecksum,
  parseHbarAmount,
  parseTimestamp,
  parseTransactionHash,
  parseTransactionId,
  timestampToDate,
  timestampToIso,
  timestampToNanos,
  transactionIdsEqual,
  verifyChecksum,
  INT64_MAX,
  INT64_MIN,
  type Network,
} from '../../../src/ledger';
import { accountPath } from '../../../src/mirror/params';
import { consensusTime, nanosTime, shortTime } from '../../../src/present/time';
import {
  check,
  checksumText,
  decide,
  decideGrowth,
  digits,
  entityIdText,
  evmText,
  hexDigits,
  inputs,
  longZeroText,
  PATHOLOGICAL,
  txIdAt,
  txIdDash,
} from './decide';

const NETWORKS: readonly Network[] = ['mainnet', 'testnet', 'previewnet'];
const ID_ALPHABET = '0123456789.-abcdefxyz@ ';
const base32 = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'), minLength: 2, maxLength: 60 });

describe('property: ledger parsers', function () {
  this.timeout(120_000);

  describe('entity ids and checksums', () => {
    const valid = fc.oneof(
      entityIdText,
      fc.tuple(entityIdText, checksumText).map(([id, cs]) => `${id}-${cs}`),
    );

    it('parse or refuse any text; what parses formats back to the same id, and checksums verify', () => {
      check(fc.tuple(inputs(valid, ID_ALPHABET), fc.constantFrom(...NETWORKS)), ([text, network]) => {
        const r = decide('parseEntityIdWithChecksum', text, () => parseEntityIdWithChecksum(text));
        if (!r) return;
        assert.deepStrictEqual(parseEntityIdWithChecksum(formatEntityId(r.id))?.id, r.id);
        const withChecksum = formatEntityIdWithChecksum(r.id, network);
        const again = parseEntityIdWithChecksum(withChecksum);
        assert.deepStrictEqual(again?.id, r.id);
        assert.ok(verifyChecksum(r.id, again?.checksum ?? '', network), withChecksum);
        if (r.checksum !== undefined)
          assert.strictEqual(verifyChecksum(r.id, r.checksum, network), r.checksum === entityChecksum(r.id, network));
      });
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL)
        decideGrowth(`parseEntityIdWithChecksum(${name})`, make, text => parseEntityIdWithChecksum(text));
    });
  });

  describe('account references (ids, aliases, EVM addresses)', () => {
    const valid = fc.oneof(
      entityIdText,
      digits(1, 10),
      fc.tuple(digits(1, 10), digits(1, 10)).map(([r, n]) => `${r}.${n}`),
      evmText,
      longZeroText,
      fc
        .tuple(
          fc.constantFrom('', '0.', '0.0.', '1.2.'),
          evmText.map(e => e.replace(/^0x/, '')),
        )
        .map(([p, e]) => p + e),
      fc.tuple(fc.constantFrom('', '0.', '0.0.'), base32).map(([p, a]) => p + a),
    );

    it('parse or refuse any text; what parses gives a path the mirror checker accepts and reparses alike', () => {
      check(inputs(valid, `${ID_ALPHABET}ABCDEFGHKMNPQRSTZ2345670x`), text => {
        const ref = decide('parseAccountRef', text, () => parseAccountRef(text));
        if (!ref) return;
        const path = accountRefToPath(ref);
        assert.strictEqual(accountPath(path), path, `${text} → ${path}`);
        assert.deepStrictEqual(parseAccountRef(formatAccountRef(ref)), ref, `${text} → ${formatAccountRef(ref)}`);
      });
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL)
        decideGrowth(`parseAccountRef(${name})`, make, text => parseAccountRef(text));
    });
  });

  describe('EVM addresses', () => {
    it('normalize exactly what isEvmAddress accepts; long-zero addresses round-trip through their id', () => {
      check(inputs(fc.oneof(evmText, longZeroText), '0123456789abcdefABCDEFxX'), text => {
        const normal = decide('normalizeEvmAddress', text, () => normalizeEvmAddress(text));
        assert.strictEqual(normal !== undefined, isEvmAddress(text));
        if (!normal) return;
        assert.match(normal, /^0x[0-9a-f]{40}$/);
        const id = decide('longZeroToEntityId', text, () => longZeroToEntityId(text));
        if (id) assert.strictEqual(entityIdToLongZero(id), normal);
      });
    });

    it('entityIdToLongZero throws only RangeError, for parts that do not fit', () => {
      const part = fc.oneof(
        fc.bigInt(-5n, 5n),
        fc.bigInt(0n, 1n << 70n),
        fc.constantFrom(0xffff_ffffn, 1n << 32n, (1n << 64n) - 1n, 1n << 64n),
      );
      check(fc.tuple(part, part, part), ([shard, realm, num]) => {
        const id = { shard, realm, num };
        const fits =
          shard >= 0n && shard < 1n << 32n && realm >= 0n && realm < 1n << 64n && num >= 0n && num < 1n << 64n;
        const address = decide('entityIdToLongZero', id, () => entityIdToLongZero(id), [RangeError]);
        assert.strictEqual(address !== undefined, fits);
      });
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL) {
        decideGrowth(`normalizeEvmAddress(${name})`, make, text => normalizeEvmAddress(text));
        decideGrowth(`longZeroToEntityId(${name})`, make, text => longZeroToEntityId(text));
      }
    });
  });

  describe('transaction ids and hashes', () => {
    const base64 = fc.string({ unit: fc.constantFrom(...'ABCxyz0189+/-_'), minLength: 64, maxLength: 64 });
    const valid = fc.oneof(
      txIdDash,
      txIdAt,
      hexDigits(96),
      hexDigits(96).map(h => `0x${h}`),
      base64,
    );

    it('parse or refuse any text; ids round-trip through both spellings; hashes come back path-safe', () => {
      check(inputs(valid, '0123456789.-@abcdef+/_x'), text => {
        const id = decide('parseTransactionId', text, () => parseTransactionId(text));
        if (id) {
          assert.ok(id.seconds <= INT64_MAX && id.nanos >= 0 && id.nanos <= 999_999_999);
          assert.ok(transactionIdsEqual(parseTransactionId(formatTransactionIdDash(id))!, id));
          assert.ok(transactionIdsEqual(parseTransactionId(formatTransactionIdAt(id))!, id));
        }
        const hash = decide('parseTransactionHash', text, () => parseTransactionHash(text));
        if (hash) assert.match(hash, /^(0x[0-9a-f]{96}|[A-Za-z0-9_-]{64})$/);
      });
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL) {
        decideGrowth(`parseTransactionId(${name})`, make, text => parseTransactionId(text));
        decideGrowth(`parseTransactionHash(${name})`, make, text => parseTransactionHash(text));
      }
    });
  });

  describe('base64 and hex', () => {
    it('decode or refuse any text; bytes round-trip through base64 and hex', () => {
      const valid = fc.uint8Array({ maxLength: 64 }).map(b => bytesToBase64(b));
      check(fc.tuple(inputs(valid, 'AZaz09+/-_='), fc.uint8Array({ maxLength: 64 })), ([text, bytes]) => {
        decide('base64ToBytes', text, () => base64ToBytes(text));
        decide('decodeBase64Text', text, () => decodeBase64Text(text));
        const hex = decide('base64ToHex', text, () => base64ToHex(text));
        if (hex !== undefined) assert.strictEqual(base64ToHex(hexToBase64(hex)!), hex);
        decide('hexToBase64', text, () => hexToBase64(text));
        assert.deepStrictEqual(base64ToBytes(bytesToBase64(bytes)), bytes);
      });
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL) {
        decideGrowth(`base64ToBytes(${name})`, make, text => base64ToBytes(text));
        decideGrowth(`decodeBase64Text(${name})`, make, text => decodeBase64Text(text));
      }
      // Up to 64 KB (8 × 8 KB).
      decideGrowth(
        'base64ToHex(A…)',
        n => 'A'.repeat(n),
        text => base64ToHex(text),
        [],
        1 << 13,
      );
      decideGrowth(
        'hexToBase64(a…)',
        n => 'a'.repeat(n),
        text => hexToBase64(text),
        [],
        1 << 13,
      );
    });

    // New finding: base64ToHex and hexToBase64 built their output one character at a time and took
    // 60-150 ms on 1 MB (base64ToHex is fed the network's transaction_hash); they now refuse more
    // than MAX_HASH_BYTES (a transaction hash is 48 bytes).
    it('base64ToHex and hexToBase64 decide up to 1 MB in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL) {
        decideGrowth(`base64ToHex(${name})`, make, text => base64ToHex(text));
        decideGrowth(`hexToBase64(${name})`, make, text => hexToBase64(text));
      }
    });
  });

  describe('timestamps', () => {
    const valid = fc.tuple(digits(1, 10), fc.option(digits(1, 9))).map(([s, n]) => (n === null ? s : `${s}.${n}`));

    it('parse or refuse any text; what parses formats, converts and orders consistently', () => {
      check(fc.tuple(inputs(valid, '0123456789.-e+ '), valid), ([text, other]) => {
        const ts = decide('parseTimestamp', text, () => parseTimestamp(text));
        if (!ts) return;
        assert.deepStrictEqual(parseTimestamp(formatTimestamp(ts)), ts);
        const iso = decide('timestampToIso', ts, () => timestampToIso(ts));
        assert.match(iso ?? '', /^\+?\d{4,6}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
        assert.ok(!Number.isNaN(timestampToDate(ts).getTime()));
        const b = parseTimestamp(other)!;
        const byNanos =
          timestampToNanos(ts) < timestampToNanos(b) ? -1 : timestampToNanos(ts) > timestampToNanos(b) ? 1 : 0;
        assert.strictEqual(compareTimestamps(ts, b), byNanos);
      });
    });

    // src/present/time.ts: every time the schemas accept
    // is shown, or said to be out of range; never "Invalid time value".
    it('shows any int64 seconds and any nanoseconds, or says out of range', () => {
      check(
        fc.tuple(fc.bigInt(0n, INT64_MAX), fc.integer({ min: 0, max: 999_999_999 }), fc.bigInt(0n, 10n ** 40n)),
        ([seconds, nanos, ns]) => {
          const ts = { seconds, nanos };
          for (const text of [
            decide('consensusTime', ts, () => consensusTime(ts)),
            decide('shortTime', ts, () => shortTime(ts)),
            decide('nanosTime', ns, () => nanosTime(ns)),
          ]) {
            assert.ok(text && !/invalid/i.test(text), text);
            assert.match(text, /UTC$|^out of range/);
          }
        },
      );
    });

    // New finding: timestampToIso threw RangeError "Invalid time value" above Date's range, and
    // timestampToDate rounded through a float. Now: the ISO text or "out of range", and a valid
    // Date exactly when the ISO text is one.
    it('timestampToIso formats any int64 seconds, or says it is out of range', () => {
      check(
        fc.tuple(
          fc.oneof(fc.bigInt(0n, INT64_MAX), fc.bigInt(0n, 253_402_300_800n)),
          fc.integer({ min: 0, max: 999_999_999 }),
        ),
        ([seconds, nanos]) => {
          const ts = { seconds, nanos };
          const iso = decide('timestampToIso', ts, () => timestampToIso(ts)) ?? '';
          const date = decide('timestampToDate', ts, () => timestampToDate(ts)) ?? new Date(0);
          if (/^out of range \(\d+ s\)$/.test(iso)) {
            assert.ok(seconds > 253_402_300_799n, iso);
            assert.ok(Number.isNaN(date.getTime()));
          } else {
            assert.match(iso, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$/);
            assert.strictEqual(date.toISOString().slice(0, 19), iso.slice(0, 19));
          }
        },
      );
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL)
        decideGrowth(`parseTimestamp(${name})`, make, text => parseTimestamp(text));
    });
  });

  describe('ℏ amounts and grouping', () => {
    const int64 = fc.bigInt(INT64_MIN, INT64_MAX);
    const valid = int64.map(t => formatTinybarsAsHbar(t, { symbol: t % 2n === 0n }));

    it('parse or refuse any text; every int64 amount formats and parses back exactly', () => {
      check(fc.tuple(inputs(valid, '0123456789,.-+ ℏhbar'), int64), ([text, tinybars]) => {
        const parsed = decide('parseHbarAmount', text, () => parseHbarAmount(text));
        if (parsed !== undefined) assert.ok(parsed >= INT64_MIN && parsed <= INT64_MAX);
        assert.strictEqual(parseHbarAmount(formatTinybarsAsHbar(tinybars)), tinybars);
        assert.strictEqual(formatGrouped(tinybars).replace(/,/g, ''), tinybars.toString());
      });
    });

    it('hexToBigint reads any 0x hex and refuses anything else', () => {
      check(
        inputs(
          hexDigits(64).map(h => `0x${h}`),
          '0123456789abcdefABCDEFxX',
        ),
        text => {
          const v = decide('hexToBigint', text, () => hexToBigint(text));
          if (v !== undefined)
            assert.strictEqual(
              `0x${v.toString(16)}`,
              `0x${text
                .slice(2)
                .replace(/^0+(?=.)/, '')
                .toLowerCase()}`,
            );
        },
      );
    });

    it('decide pathological text, in time that grows linearly with it', () => {
      for (const [name, make] of PATHOLOGICAL) {
        decideGrowth(`parseHbarAmount(${name})`, make, text => parseHbarAmount(text));
        decideGrowth(`hexToBigint(${name})`, make, text => hexToBigint(text));
      }
    });

    it('groups up to 100,000 digits in time that grows linearly with them', () => {
      const nines = (n: number): bigint => BigInt('9'.repeat(n));
      assert.strictEqual(formatGrouped(nines(7)), '9,999,999');
      // 12,500 and 100,000 digits.
      decideGrowth('formatGrouped', nines, huge => formatGrouped(huge), [], 12_500);
      decideGrowth('formatTinybarsAsHbar', nines, huge => formatTinybarsAsHbar(huge), [], 12_500);
    });

    // New finding: parseHbarAmount and hexToBigint read a whole 1 MB run of digits into a bigint
    // before the range check (~120 ms); they now refuse more digits than int64 ℏ / uint256 hold.
    it('parseHbarAmount and hexToBigint decide 1 MB of digits, in time that grows linearly with them', () => {
      for (const text of ['9'.repeat(1 << 20), `0x${'9'.repeat(1 << 20)}`, '0'.repeat(1 << 20)]) {
        assert.strictEqual(
          decide('parseHbarAmount', text, () => parseHbarAmount(text)),
          text === '0'.repeat(1 << 20) ? 0n : undefined,
        );
        assert.strictEqual(
          decide('hexToBigint', text, () => hexToBigint(text)),
          undefined,
        );
      }
      // Leading zeros are free: a uint256 padded to 1 MB still reads.
      assert.strictEqual(
        decide('hexToBigint', 'padded', () => hexToBigint(`0x${'0'.repeat(1 << 20)}${'f'.repeat(64)}`)),
        2n ** 256n - 1n,
      );
      for (const [name, make] of [
        ['digits', (n: number) => '9'.repeat(n)],
        ['0x and digits', (n: number) => `0x${'9'.repeat(n)}`],
        ['zeros', (n: number) => '0'.repeat(n)],
        ['a padded uint256', (n: number) => `0x${'0'.repeat(n)}${'f'.repeat(64)}`],
      ] as const) {
        decideGrowth(`parseHbarAmount(${name})`, make, text => parseHbarAmount(text));
        decideGrowth(`hexToBigint(${name})`, make, text => hexToBigint(text));
      }
    });
  });
});
