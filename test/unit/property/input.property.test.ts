// Property tests of "Lookup transaction"'s input: whatever is typed or pasted (ids, hashes,
// HashScan links, filters, noise) gets a query or a message, never an exception (pathological
// text in time that grows linearly with it); an accepted query reproduces itself through queryToText; the id found around the cursor
// or in a selection is one the input accepts.
import * as assert from 'assert';
import fc from 'fast-check';
import {
  findTransactionIdAt,
  findTransactionIdIn,
  parseNonce,
  parseTransactionLookup,
  queryToText,
} from '../../../src/features/common/transactionInput';
import {
  check,
  decide,
  decideGrowth,
  digits,
  hexDigits,
  inputs,
  PATHOLOGICAL,
  textOver,
  txIdAt,
  txIdDash,
} from './decide';

/** Where in a pathological line the cursor is: start, middle, end. */
const CURSORS: ReadonlyArray<readonly [string, (text: string) => number]> = [
  ['start', () => 0],
  ['middle', text => text.length >> 1],
  ['end', text => text.length],
];

// `0.0.x@sss` without nanoseconds: the SDK form cut at the seconds.
const txIdAtShort = txIdAt.map(t => t.replace(/\.\d+$/, ''));
const subject = fc.oneof(
  txIdDash,
  txIdAt,
  txIdAtShort,
  txIdAtShort.map(t => `${t}?scheduled`),
  txIdAt.map(t => `${t}?scheduled`),
  fc.tuple(txIdAt, digits(1, 4)).map(([t, n]) => `${t}/${n}`),
  hexDigits(96),
  hexDigits(96).map(h => `0x${h}`),
  fc.string({ unit: fc.constantFrom(...'ABCxyz0189+/-_'), minLength: 64, maxLength: 64 }),
  fc
    .tuple(fc.constantFrom('mainnet', 'testnet', 'previewnet'), txIdDash)
    .map(([n, t]) => `https://hashscan.io/${n}/transaction/${t}`),
);
const filter = fc.oneof(
  digits(1, 11).map(n => `nonce=${n}`),
  fc.constantFrom('scheduled=true', 'scheduled=false', 'SCHEDULED:TRUE', 'nonce:0', 'nonce=', 'scheduled=maybe'),
);
const typed = fc
  .tuple(subject, fc.array(filter, { maxLength: 3 }), fc.constantFrom(' ', ', ', '\t', '  '))
  .map(([s, f, sep]) => [s, ...f].join(sep));
const ALPHABET = '0123456789.-@/?=:abcdefnoschedultrux ,\thttps';

describe('property: Lookup transaction input', function () {
  this.timeout(120_000);

  it('answers any text with a query or a message; a query reproduces itself', () => {
    check(inputs(typed, ALPHABET), text => {
      const r = decide('parseTransactionLookup', text, () => parseTransactionLookup(text));
      assert.ok(r, 'an answer');
      if (!r.ok) {
        assert.ok(r.message.length > 0 && r.message.length < 1000, 'a message of sane length');
        return;
      }
      const again = parseTransactionLookup(queryToText(r.query));
      assert.ok(again.ok, queryToText(r.query));
      assert.deepStrictEqual(again.query.idOrHash, r.query.idOrHash);
      assert.strictEqual(again.query.nonce, r.query.nonce);
      assert.strictEqual(again.query.scheduled, r.query.scheduled);
    });
  });

  it('finds, around the cursor and in a selection, only ids the input accepts', () => {
    const line = fc.array(fc.oneof(typed, textOver(ALPHABET, 10)), { maxLength: 6 }).map(parts => parts.join(' '));
    check(fc.tuple(line, fc.nat()), ([text, at]) => {
      const offset = text.length === 0 ? 0 : at % (text.length + 1);
      const found = decide('findTransactionIdAt', text, () => findTransactionIdAt(text, offset));
      if (found !== undefined) {
        // As written, or (a checksum after the payer, `0.0.1-abcde@1.2`) re-spelled without it.
        if (!text.includes(found)) {
          const payer = found.split(/[@-]/)[0];
          assert.ok(new RegExp(`${payer.replace(/\./g, '\\.')}-[a-z]{5}@`).test(text), `${found} in ${text}`);
        }
        assert.ok(parseTransactionLookup(found).ok, found);
      }
      const selected = decide('findTransactionIdIn', text, () => findTransactionIdIn(text));
      if (selected !== undefined) assert.ok(parseTransactionLookup(selected).ok, selected);
    });
  });

  it('reads `0.0.x@sss` as nanoseconds 0, the same query as `0.0.x-sss-0`, and finds it in text', () => {
    check(txIdAtShort, short => {
      const r = decide('parseTransactionLookup', short, () => parseTransactionLookup(short));
      assert.ok(r, 'an answer');
      const dash = short.replace('@', '-') + '-0';
      const d = parseTransactionLookup(dash);
      assert.strictEqual(r.ok, d.ok, `${short} and ${dash} are decided alike`);
      if (!r.ok || !d.ok) return;
      assert.strictEqual(r.query.idOrHash, d.query.idOrHash);
      assert.strictEqual(r.query.transactionId?.nanos, 0);
      const line = `Transaction ${short} submitted`;
      assert.strictEqual(findTransactionIdAt(line, line.indexOf('@')), short);
      assert.strictEqual(findTransactionIdIn(line), short);
    });
  });

  it('reads a nonce as a whole number from 0 to 2^31 - 1 only', () => {
    check(inputs(digits(1, 11), '0123456789-+. e'), text => {
      const n = decide('parseNonce', text, () => parseNonce(text));
      if (n !== undefined)
        assert.ok(Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 && String(n) === String(Number(text)));
    });
  });

  it('decides pathological text, in time that grows linearly with it', () => {
    for (const [name, make] of PATHOLOGICAL) {
      decideGrowth(`parseTransactionLookup(${name})`, make, text => parseTransactionLookup(text));
      decideGrowth(`findTransactionIdIn(${name})`, make, text => findTransactionIdIn(text));
      for (const [where, at] of CURSORS)
        decideGrowth(`findTransactionIdAt(${name}, ${where})`, make, text => findTransactionIdAt(text, at(text)));
    }
  });
});
