import * as assert from 'assert';
import { entityChecksum } from '../../../src/ledger';
import { findReference, findReferences, type Reference, type ReferenceOptions } from '../../../src/ledger/references';

/** A compact description of a reference, so the table below reads as text. */
function describeRef(r: Reference | undefined): string | undefined {
  if (!r) return undefined;
  switch (r.kind) {
    case 'entity':
      return `entity ${r.id.shard}.${r.id.realm}.${r.id.num}${r.checksum ? ` cs=${r.checksum}:${r.checksumValid}` : ''} "${r.text}"`;
    case 'evm':
      return `evm ${r.address}${r.longZero ? ` =${r.longZero.shard}.${r.longZero.realm}.${r.longZero.num}` : ''}`;
    case 'transaction': {
      const t = r.transactionId;
      return `tx ${t.payer.shard}.${t.payer.realm}.${t.payer.num} ${t.seconds} ${t.nanos} ${r.form}${r.checksum ? ` cs=${r.checksum}:${r.checksumValid}` : ''}`;
    }
  }
}

const testnet: ReferenceOptions = { ledger: 'testnet' };
const good = entityChecksum({ shard: 0n, realm: 0n, num: 1234n }, 'testnet');
const bad = good === 'aaaaa' ? 'bbbbb' : 'aaaaa';
const evm = 'ac384c53f03855fa1b3616052f8ba32c6c2a2fec';

// [line, what the whole-line scan must find (in order), options]
const table: Array<[string, string[], ReferenceOptions?]> = [
  // entity ids
  ['const payer = "0.0.1234";', ['entity 0.0.1234 "0.0.1234"']],
  ['OPERATOR_ID=0.0.2', ['entity 0.0.2 "0.0.2"']],
  ['see 0.0.2.', ['entity 0.0.2 "0.0.2"']],
  ['(0.0.98)', ['entity 0.0.98 "0.0.98"']],
  ['[0.0.5,0.0.6]', ['entity 0.0.5 "0.0.5"', 'entity 0.0.6 "0.0.6"']],
  ['0.0.9999999999', ['entity 0.0.9999999999 "0.0.9999999999"']],
  [`id: 0.0.1234-${good}`, [`entity 0.0.1234 cs=${good}:true "0.0.1234-${good}"`], testnet],
  [`id: 0.0.1234-${bad}`, [`entity 0.0.1234 cs=${bad}:false "0.0.1234-${bad}"`], testnet],
  [`id: 0.0.1234-${bad}`, [`entity 0.0.1234 cs=${bad}:undefined "0.0.1234-${bad}"`]],
  ['1.2.3', [], { anyShardRealm: false }],
  ['shard 1.2.3 here', ['entity 1.2.3 "1.2.3"'], { anyShardRealm: true }],
  ['0.5.7', []],
  // transaction ids, both spellings
  ['0.0.10-1234567890-000000001', ['tx 0.0.10 1234567890 1 dash']],
  ['tx = "0.0.10@1234567890.000000001"', ['tx 0.0.10 1234567890 1 at']],
  ['0.0.10@1234567890.5?scheduled', ['tx 0.0.10 1234567890 5 at']],
  ['0.0.10@1234567890.5/1', ['tx 0.0.10 1234567890 5 at']],
  [`0.0.1234-${good}@1700000000.1`, [`tx 0.0.1234 1700000000 1 at cs=${good}:true`], testnet],
  ['1.2.3-1234567890-1', []],
  // mixed separators are neither a transaction nor an id
  ['0.1.10-1234567891.000000000', []],
  ['0.0.10-1234567891', []],
  // EVM addresses
  [`to: 0x${evm};`, [`evm 0x${evm}`]],
  [`0x${evm.toUpperCase()}`, [`evm 0x${evm}`]],
  ['0x0000000000000000000000000000000000000008', ['evm 0x0000000000000000000000000000000000000008 =0.0.8']],
  ['0x00000000000000000000000000000000000007d1', ['evm 0x00000000000000000000000000000000000007d1 =0.0.2001']],
  // the traps
  ['version 1.2.3', []],
  ['host 10.0.0.1', []],
  ['0.0.1.2', []],
  ['v0.0.12', []],
  ['x0.0.1', []],
  ['0.0.1a', []],
  ['_0.0.1', []],
  ['0.0.1_', []],
  ['"^0.0.3"', []],
  ['"~0.0.3"', []],
  ['pkg@0.0.3', []],
  ['lib-0.0.3', []],
  ['0.0.1-beta', []],
  ['0.0.3-rc.1', []],
  ['0.0.1-abcdef', []],
  ['"version": "0.0.0"', []],
  ['12345678901.0.0', []],
  ['0.0.12345678901', []],
  [`0x${evm}ab`, []],
  [`0x${evm}g`, []],
  [`a0x${evm}`, []],
  [`0x${evm.slice(1)}`, []],
  [`0x${'ab'.repeat(32)}`, []],
  // As scripts print it, without nanoseconds: nanoseconds 0. Not when a word or a `.5x` follows.
  ['0.0.10@1234567890', ['tx 0.0.10 1234567890 0 at']],
  ['sent 0.0.10@1234567890, done', ['tx 0.0.10 1234567890 0 at']],
  ['0.0.10@1234567890.x', []],
  ['0.0.10@1234567890abc', []],
  ['0.0.10@12345678901234567890', []],
  ['0.0.10-12345678901234567890-1', []],
];

describe('reference finder: whole-line table', () => {
  for (const [line, expected, options] of table) {
    it(`${JSON.stringify(line)}${options ? ` ${JSON.stringify(options)}` : ''} → ${expected.length ? expected.join(' | ') : 'nothing'}`, () => {
      assert.deepStrictEqual(findReferences(line, options).map(describeRef), expected);
    });
  }
});

describe('reference finder: under the cursor', () => {
  const line = 'pay(0.0.1234, 0.0.10@1234567890.000000001, 10.0.0.1);';
  it('finds the id on its first, middle and last character and just after it', () => {
    const start = line.indexOf('0.0.1234');
    for (const ch of [start, start + 3, start + 7, start + 8]) {
      const r = findReference(line, ch);
      assert.strictEqual(r?.kind, 'entity', `at ${ch}`);
      assert.strictEqual(r.start, start);
      assert.strictEqual(r.end, start + 8);
      assert.strictEqual(line.slice(r.start, r.end), '0.0.1234');
    }
  });
  it('finds the transaction id anywhere on it, as one token', () => {
    const start = line.indexOf('0.0.10@');
    const r = findReference(line, start + 15);
    assert.strictEqual(r?.kind, 'transaction');
    assert.strictEqual(r.text, '0.0.10@1234567890.000000001');
  });
  it('finds nothing on the IP address, nor on text between references', () => {
    assert.strictEqual(findReference(line, line.indexOf('10.0.0.1') + 4), undefined);
    assert.strictEqual(findReference(line, 1), undefined);
  });
  it('works in a very long line (only a window is scanned)', () => {
    const pad = 'x '.repeat(500_000);
    const long = `${pad}0.0.77 ${pad}`;
    const at = pad.length + 2;
    const r = findReference(long, at);
    assert.strictEqual(r?.kind, 'entity');
    assert.strictEqual(r.start, pad.length);
    assert.strictEqual(findReference(long, 10), undefined);
  });
  it('does not cut a longer token when the window starts inside it', () => {
    // The window starts mid-address; the lookbehind still sees the hex before it.
    const hex = `0x${'1'.repeat(200)}`;
    assert.strictEqual(findReference(hex, 150), undefined);
    const ip = `${'1'.repeat(100)}.0.0.5`;
    assert.strictEqual(findReference(ip, 101), undefined);
  });
});

describe('reference finder: offsets in a document', () => {
  it('gives document offsets across lines', () => {
    const text = 'a\n  0.0.5\r\nb 0x0000000000000000000000000000000000000008\n';
    const refs = findReferences(text);
    assert.deepStrictEqual(
      refs.map(r => [r.kind, text.slice(r.start, r.end)]),
      [
        ['entity', '0.0.5'],
        ['evm', '0x0000000000000000000000000000000000000008'],
      ],
    );
  });
  it('stops at the limit', () => {
    assert.strictEqual(findReferences('0.0.1 0.0.2 0.0.3', {}, 2).length, 2);
  });
});
