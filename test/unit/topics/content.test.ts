import * as assert from 'assert';
import * as fc from 'fast-check';
import { base64ToBytes, bytesToBase64 } from '../../../src/ledger/encoding';
import { DEFAULT_CONTENT_LIMITS, describeContent, prettyJson, utf8Text } from '../../../src/topics';
import { assertGrowth } from '../../support/growth';
import { utf8 } from '../../support/topicMessages';

describe('topic message content', () => {
  it('valid UTF-8 without controls is text, as written (tabs, newlines and CRLF included)', () => {
    const c = describeContent(utf8('héllo\tworld ✓\r\nsecond line\n'));
    assert.strictEqual(c.kind, 'text');
    assert.strictEqual(c.text, 'héllo\tworld ✓\r\nsecond line\n');
    assert.strictEqual(c.byteLength, 30);
    assert.strictEqual(c.note, undefined);
  });

  it('a control character other than tab and newline makes it binary', () => {
    for (const ch of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085']) {
      const c = describeContent(utf8(`ok${ch}ok`));
      assert.strictEqual(c.kind, 'hex', JSON.stringify(ch));
    }
  });

  it('shows bidi and zero-width controls as visible escapes, never raw', () => {
    const c = describeContent(utf8('pay \u202eevil\u200b'));
    assert.strictEqual(c.kind, 'text');
    assert.strictEqual(c.text, 'pay ⟨U+202E⟩evil⟨U+200B⟩');
  });

  it('pretty-prints a JSON object, keeping its tokens as written (no digits lost)', () => {
    const text =
      '{"p":"hcs-10","op" : "message","n":12345678901234567890123,"e":1.5e-7,"a":[1,{},[], "x,y:{\\"}"],"t":true,"z":null}';
    const c = describeContent(utf8(text));
    assert.strictEqual(c.kind, 'json');
    assert.strictEqual(
      c.text,
      [
        '{',
        '  "p": "hcs-10",',
        '  "op": "message",',
        '  "n": 12345678901234567890123,',
        '  "e": 1.5e-7,',
        '  "a": [',
        '    1,',
        '    {},',
        '    [],',
        '    "x,y:{\\"}"',
        '  ],',
        '  "t": true,',
        '  "z": null',
        '}',
      ].join('\n'),
    );
  });

  it('text that only starts like JSON, and JSON scalars, stay text', () => {
    for (const text of ['{"a":', '[1, 2', '{not json}', '123', '"quoted"', 'true']) {
      const c = describeContent(utf8(text));
      assert.strictEqual(c.kind, 'text', text);
      assert.strictEqual(c.text, text);
      assert.strictEqual(c.note, undefined, text);
    }
  });

  it('JSON nested 10,000 deep is shown as text, saying why, without overflowing the stack', () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const c = describeContent(utf8(deep));
    assert.strictEqual(c.kind, 'text');
    assert.strictEqual(c.note, 'JSON nested too deep to pretty-print');
    assert.strictEqual(c.text, deep);
    const deeper = '{"a":'.repeat(200_000) + '1' + '}'.repeat(200_000);
    const d = describeContent(utf8(deeper));
    assert.strictEqual(d.kind, 'text');
    assert.match(
      d.note ?? '',
      /^JSON nested too deep to pretty-print; showing the first 65,536 of 1,200,001 characters$/,
    );
    // At the limit it is still pretty-printed.
    const atLimit = '['.repeat(DEFAULT_CONTENT_LIMITS.maxJsonDepth) + ']'.repeat(DEFAULT_CONTENT_LIMITS.maxJsonDepth);
    assert.strictEqual(describeContent(utf8(atLimit)).kind, 'json');
  });

  it('JSON whose pretty form passes the cap is shown as text, saying why', () => {
    const limits = { ...DEFAULT_CONTENT_LIMITS, maxPrettyChars: 100 };
    const text = JSON.stringify(Array.from({ length: 50 }, (_, i) => i));
    assert.deepStrictEqual(prettyJson(text, limits), { why: 'JSON too large to pretty-print' });
    const c = describeContent(utf8(text), limits);
    assert.strictEqual(c.kind, 'text');
    assert.strictEqual(c.note, 'JSON too large to pretty-print');
  });

  it('binary is hex rows with offsets', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => (i * 13) & 0xff);
    bytes[0] = 0xff; // not UTF-8
    const c = describeContent(bytes);
    assert.strictEqual(c.kind, 'hex');
    assert.strictEqual(c.text, '0000  ff 0d 1a 27 34 41 4e 5b 68 75 82 8f 9c a9 b6 c3\n0010  d0 dd ea f7');
    assert.strictEqual(c.note, undefined);
  });

  it('1 KB of invalid UTF-8 is hex, bounded, saying the total', () => {
    const bytes = Uint8Array.from({ length: 1024 }, (_, i) => (i % 2 === 0 ? 0xc3 : 0x28)); // bad continuation
    assert.strictEqual(utf8Text(bytes), undefined);
    const c = describeContent(bytes, { ...DEFAULT_CONTENT_LIMITS, maxHexBytes: 256 });
    assert.strictEqual(c.kind, 'hex');
    assert.strictEqual(c.note, 'showing the first 256 of 1,024 bytes');
    assert.strictEqual(c.text.split('\n').length, 16);
    assert.strictEqual(c.byteLength, 1024);
  });

  it('long text is cut, never inside a surrogate pair, and the cut is said', () => {
    const limits = { ...DEFAULT_CONTENT_LIMITS, maxTextChars: 5 };
    const c = describeContent(utf8('abcd😀efgh'), limits);
    assert.strictEqual(c.text, 'abcd');
    assert.strictEqual(c.note, 'showing the first 4 of 10 characters');
  });

  it('an empty message is empty text', () => {
    assert.deepStrictEqual(describeContent(new Uint8Array(0)), { kind: 'text', text: '', byteLength: 0 });
  });

  it('property: any bytes give a string of a known kind, never an exception', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), bytes => {
        const c = describeContent(bytes);
        assert.ok(['text', 'json', 'hex'].includes(c.kind));
        assert.strictEqual(typeof c.text, 'string');
        assert.strictEqual(c.byteLength, bytes.length);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the pretty form of JSON parses back to the same value', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 6 }), text => {
        const parsed: unknown = JSON.parse(text);
        const c = describeContent(utf8(text));
        if (typeof parsed !== 'object' || parsed === null || /[^\x20-\x7e]/.test(text)) return;
        assert.strictEqual(c.kind, 'json');
        assert.deepStrictEqual(JSON.parse(c.text), parsed);
      }),
      { numRuns: 300 },
    );
  });

  it('grows linearly: text, JSON and hex at n and 8n', () => {
    const json = (n: number) => utf8(JSON.stringify(Array.from({ length: n }, (_, i) => ({ i, s: `v${i}` }))));
    assertGrowth(
      'pretty JSON',
      json,
      b => describeContent(b, { ...DEFAULT_CONTENT_LIMITS, maxPrettyChars: 1e9 }),
      2000,
    );
    const text = (n: number) => utf8('word '.repeat(n));
    assertGrowth('text', text, b => describeContent(b, { ...DEFAULT_CONTENT_LIMITS, maxTextChars: 1e9 }), 20_000);
    const binary = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 0x80) & 0xff);
    assertGrowth('hex', binary, b => describeContent(b, { ...DEFAULT_CONTENT_LIMITS, maxHexBytes: 1e9 }), 4000);
    const deep = (n: number) => utf8('['.repeat(n) + ']'.repeat(n));
    assertGrowth('deep JSON', deep, b => describeContent(b), 10_000);
  });
});

/** Base64 a character at a time through a map: slow, plainly right, the table decoder's reference. */
function referenceBase64(b64: string): Uint8Array | undefined {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const values = new Map<string, number>([...alphabet].map((ch, i) => [ch, i]));
  values.set('-', 62);
  values.set('_', 63);
  const body = b64.replace(/={1,2}$/, '');
  if (b64.length % 4 !== 0 && b64.length !== body.length) return undefined;
  if (body.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((body.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (const ch of body) {
    const v = values.get(ch);
    if (v === undefined) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

describe('base64 (ledger/encoding.ts), as topic messages decode it', () => {
  it('decodes what it encodes, padded or not, either alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), fc.boolean(), (bytes, padded, urlSafe) => {
        let text = bytesToBase64(bytes);
        if (!padded) text = text.replace(/=+$/, '');
        if (urlSafe) text = text.replace(/\+/g, '-').replace(/\//g, '_');
        assert.deepStrictEqual(base64ToBytes(text), bytes);
      }),
    );
  });

  it('accepts and refuses what a plain character-by-character decoder does', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AZaz09+/-_=*é \n'.split('')), maxLength: 12 }), text => {
        assert.deepStrictEqual(base64ToBytes(text), referenceBase64(text), JSON.stringify(text));
      }),
      { numRuns: 2000 },
    );
    for (const bad of ['A', 'AB=C', 'AB*=', 'QUJD=', 'éééé']) assert.strictEqual(base64ToBytes(bad), undefined, bad);
  });
});
