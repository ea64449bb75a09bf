import * as assert from 'assert';
import {
  AS_OF_OPERATORS,
  AS_OF_WORDS,
  asOfParam,
  checkAccountEntry,
  isAsOfOperator,
  parseAsOf,
} from '../../../src/ledger/entries';

describe('ledger/entries', () => {
  describe('settings entries', () => {
    const EVM = '0x00000000000000000000000000000000000007d1';
    const ALIAS = 'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ';
    const ok: Array<[string, string, string]> = [
      ['0.0.1234', '0.0.1234', '0.0.1234'],
      ['1234', '0.0.1234', '1234'],
      ['0.1234', '0.0.1234', '0.1234'],
      [' 0.0.8 ', '0.0.8', '0.0.8'],
      // An EVM address and an account alias stay as written, in the path and in the request.
      [EVM, EVM, EVM],
      [ALIAS, ALIAS, ALIAS],
    ];
    for (const [text, path, request] of ok) {
      it(`accepts ${text.trim()}`, () => {
        const c = checkAccountEntry(text, 'testnet');
        assert.ok(c.ok);
        assert.strictEqual(c.path, path);
        assert.strictEqual(c.request, request);
      });
    }
    it('checks a HIP-15 checksum against the network and sends the id without it', () => {
      const mainnet = checkAccountEntry('0.0.123-vfmkw', 'mainnet');
      assert.ok(mainnet.ok);
      assert.strictEqual(mainnet.request, '0.0.123');
      const testnet = checkAccountEntry('0.0.123-vfmkw', 'testnet');
      assert.ok(!testnet.ok);
      assert.match(testnet.message, /checksum -vfmkw does not match 0\.0\.123 on testnet/);
    });
    for (const bad of [
      '',
      'treasury',
      '0.0.x',
      '0.5.6.7',
      '9.2.0000000000000000000000000000000000000013',
      'abc\u202Edef',
    ]) {
      it(`refuses ${JSON.stringify(bad)}, naming the forms`, () => {
        const c = checkAccountEntry(bad, 'testnet');
        assert.ok(!c.ok);
        assert.match(c.message, /account id \(0\.0\.1234/);
        assert.match(c.message, /EVM address/);
        assert.match(c.message, /alias/);
        assert.doesNotMatch(c.message, /\u202E/);
      });
    }
  });

  describe('as-of input', () => {
    const cases: Array<[string, string | undefined]> = [
      ['', undefined],
      ['1700000000', '1700000000.000000000'],
      ['1700000000.5', '1700000000.500000000'],
      ['2023-11-14T22:13:20Z', '1700000000.000000000'],
      ['2023-11-14 22:13:20.123 UTC', '1700000000.123000000'],
      ['2023-11-14', '1699920000.000000000'],
    ];
    for (const [text, expected] of cases) {
      it(`${JSON.stringify(text)} → ${expected ?? 'now'}`, () => {
        const r = parseAsOf(text);
        assert.ok(r.ok, JSON.stringify(r));
        assert.strictEqual(r.timestamp, expected);
      });
    }
    for (const bad of ['yesterday', '2023-02-30', '2023-11-14T25:00', '1700000000.1234567891']) {
      it(`refuses ${bad}`, () => assert.strictEqual(parseAsOf(bad).ok, false));
    }
  });
  describe('as-of input, improvements over the first copy', () => {
    it('refuses a date past what the mirror node takes (ten digits of seconds)', () => {
      const r = parseAsOf('2300-01-01');
      assert.ok(!r.ok);
      assert.match(r.message, /2286/);
    });
    it('refuses a year Date.UTC folds into 19xx', () => assert.strictEqual(parseAsOf('0050-01-01').ok, false));
    it('refuses very long input without scanning it', () =>
      assert.strictEqual(parseAsOf('1'.repeat(100_000)).ok, false));
    it('shows controls in an invalid date visibly', () => {
      const r = parseAsOf('2023-02-30');
      assert.ok(!r.ok);
      assert.doesNotMatch(r.message, /\u202E/);
    });
  });
  describe('as-of operators (the account lookup’s timestamp operators that name a moment)', () => {
    it('offers lte, lt, eq, gte and gt, not ne', () => {
      assert.deepStrictEqual([...AS_OF_OPERATORS], ['lte', 'lt', 'eq', 'gte', 'gt']);
      assert.ok(!isAsOfOperator('ne'));
      assert.ok(!isAsOfOperator('LTE'));
      assert.ok(AS_OF_WORDS.lt.past && !AS_OF_WORDS.gte.past);
    });
    it('every operator sent matches the seed’s timestamp pattern', () => {
      const seed = /^((eq|gt|gte|lt|lte|ne):)?\d{1,10}(\.\d{1,9})?$/;
      for (const op of AS_OF_OPERATORS) assert.match(asOfParam(op, '1700000000.000000001'), seed);
    });
    const typed: Array<[string, string, string]> = [
      ['lt:1700000000', 'lt', '1700000000.000000000'],
      ['GTE: 2023-11-14T22:13:20Z', 'gte', '1700000000.000000000'],
      ['eq:1700000000.5', 'eq', '1700000000.500000000'],
      ['lte:2023-11-14', 'lte', '1699920000.000000000'],
    ];
    for (const [text, op, ts] of typed) {
      it(`${text} → ${op}:${ts}`, () => {
        const r = parseAsOf(text);
        assert.ok(r.ok, JSON.stringify(r));
        assert.strictEqual(r.operator, op);
        assert.strictEqual(r.timestamp, ts);
      });
    }
    it('no operator typed: none given (the caller asks, or uses lte)', () => {
      const r = parseAsOf('1700000000');
      assert.ok(r.ok && r.operator === undefined);
    });
    it('refuses ne:, an unknown operator and an operator without a time, naming the offered ones', () => {
      for (const bad of ['ne:1700000000', 'xx:1700000000', 'lt:', 'lt:yesterday']) {
        const r = parseAsOf(bad);
        assert.ok(!r.ok, bad);
      }
      const ne = parseAsOf('ne:1700000000');
      assert.ok(!ne.ok && /lte:, lt:, eq:, gte:, gt:/.test(ne.message), JSON.stringify(ne));
    });
  });
});
