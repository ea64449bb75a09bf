// Network text: shown as text only when printable, with bidi and invisible characters as code
// points, and one-line formatting of values.
import * as assert from 'assert';
import { formatAmount, formatValue, printableText, visibleText } from '../../../src/abi';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('decoded text', () => {
  it('printable UTF-8 is text; invalid UTF-8, controls and empty are not', () => {
    assert.strictEqual(printableText(bytes('héllo ✓\n')), 'héllo ✓\n');
    assert.strictEqual(printableText(Uint8Array.from([0xff, 0xfe])), undefined);
    assert.strictEqual(printableText(bytes('a\u0000b')), undefined);
    assert.strictEqual(printableText(bytes('\u001b[31mred')), undefined);
    assert.strictEqual(printableText(bytes('\u0085')), undefined);
    assert.strictEqual(printableText(new Uint8Array()), undefined);
  });

  it('bidi overrides, isolates, zero-width and line separators become code points', () => {
    assert.strictEqual(
      visibleText('a\u202eb\u2066c\u200bd\u2028e\tf'),
      'a⟨U+202E⟩b⟨U+2066⟩c⟨U+200B⟩d⟨U+2028⟩e⟨U+0009⟩f',
    );
    assert.strictEqual(visibleText('plain text'), 'plain text');
  });

  it('formats values: bytes as quoted text or cut hex, arrays capped, tuples named', () => {
    assert.strictEqual(formatValue({ kind: 'bytes', type: 'string', hex: '0x2261', text: '"a' }), '"\\"a"');
    const long = `0x${'ab'.repeat(100)}`;
    assert.strictEqual(
      formatValue({ kind: 'bytes', type: 'bytes', hex: long }),
      `${long.slice(0, 56)}…${'ab'.repeat(4)} (100 bytes)`,
    );
    const items = Array.from({ length: 10 }, (_, i) => ({ kind: 'int' as const, type: 'uint8', value: BigInt(i) }));
    assert.strictEqual(formatValue({ kind: 'array', type: 'uint8[]', items }), '[0, 1, 2, 3, 4, 5, 6, 7, … 2 more]');
    assert.strictEqual(
      formatValue({
        kind: 'tuple',
        type: 'tuple',
        fields: [{ name: 'a', type: 'bool', value: { kind: 'bool', type: 'bool', value: false } }],
      }),
      '(a: false)',
    );
  });

  it('token amounts: scaled with the symbol, grouped, negative, or labelled raw', () => {
    assert.strictEqual(formatAmount(150000n, { decimals: 2, symbol: 'MTK' }), '1,500.00 MTK');
    assert.strictEqual(formatAmount(5n, { decimals: 24, symbol: 'X' }), '0.000000000000000000000005 X');
    assert.strictEqual(formatAmount(-1234567n, { decimals: 0, symbol: 'N' }), '-1,234,567 N');
    assert.strictEqual(formatAmount(42n, null), '42 (raw units)');
    assert.strictEqual(formatAmount(1n, { decimals: 0, symbol: 'A\u202eB' }), '1 A⟨U+202E⟩B');
  });
});
