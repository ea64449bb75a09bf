import * as assert from 'assert';
import { MirrorError, toMeta, type TokenLookup } from '../../../src/mirror';
import { decodeNftMetadata, nftLabel, tokenAmountText } from '../../../src/present/tokens';

function found(extra: Partial<Record<string, unknown>> = {}): TokenLookup {
  const info = {
    token_id: '0.0.456858',
    name: 'USD Coin',
    symbol: 'USDC',
    decimals: '6',
    type: 'FUNGIBLE_COMMON',
    ...extra,
  };
  return { status: 'found', meta: toMeta('0.0.456858', info) };
}
const b64 = (s: string | Uint8Array) => Buffer.from(s).toString('base64');

describe('present/tokens: token amounts and NFTs as the views show them', () => {
  it('units with the symbol once known; the raw integer kept for tooltip and copy', () => {
    const t = tokenAmountText(1_500_250_000n, found());
    assert.strictEqual(t.text, '1,500.25 USDC');
    assert.strictEqual(t.raw, '1,500,250,000');
    assert.strictEqual(t.copy, '1500250000');
    assert.strictEqual(t.inUnits, true);
    assert.strictEqual(t.decimals, 6);
  });

  it('signed transfers keep their sign; decimals 30 keep every digit', () => {
    assert.strictEqual(tokenAmountText(-150_000_000n, found()).text, '-150 USDC');
    assert.strictEqual(tokenAmountText(150_000_000n, found(), { signed: true }).text, '+150 USDC');
    const big = tokenAmountText(123456789012345678901234567890123n, found({ decimals: '30', symbol: 'WIDE' }));
    assert.strictEqual(big.text, '123.456789012345678901234567890123 WIDE');
  });

  it('not known yet, not found, failed, unusable decimals: raw amount with the reason', () => {
    assert.deepStrictEqual(
      [tokenAmountText(5n, undefined).text, tokenAmountText(5n, undefined).note],
      ['5', 'loading…'],
    );
    const notFound: TokenLookup = {
      status: 'not-found',
      tokenId: '0.0.9',
      error: new MirrorError('http', 404, ['Not found'], '', 'Not found'),
    };
    const nf = tokenAmountText(1_000_000n, notFound, { signed: true });
    assert.strictEqual(nf.text, '+1,000,000');
    assert.strictEqual(nf.note, 'token not found on this network');
    const failed = tokenAmountText(7n, { status: 'failed', tokenId: '0.0.9', error: new Error('timed out') });
    assert.match(failed.note ?? '', /timed out/);
    const bad = tokenAmountText(1234n, found({ decimals: '-1' }));
    assert.strictEqual(bad.text, '1,234');
    assert.strictEqual(bad.inUnits, false);
    assert.match(bad.note ?? '', /decimals "-1" unusable/);
    assert.strictEqual(tokenAmountText(1234n, found({ decimals: '256' })).inUnits, false);
  });

  it('a hostile symbol is cut and inert in the amount', () => {
    const t = tokenAmountText(100n, found({ decimals: '0', symbol: '<b>x</b>\u202E' + 'S'.repeat(10_000) }));
    assert.ok(t.text.length < 60, t.text);
    assert.ok(!t.text.includes('\u202E'));
    assert.ok(t.text.startsWith('100 <b>x</b>⟨U+202E⟩'));
  });

  it('NFT labels: the token name and serial, else the id', () => {
    assert.strictEqual(nftLabel('0.0.456858', 12n, found()), 'USD Coin #12');
    assert.strictEqual(nftLabel('0.0.7', 9223372036854775807n, undefined), '0.0.7 #9223372036854775807');
  });

  it('NFT metadata: URLs and text shown as text, binary as hex, nothing else', () => {
    assert.deepStrictEqual(decodeNftMetadata(b64('ipfs://bafybeigdyrzt/1.json')), {
      kind: 'url',
      text: 'ipfs://bafybeigdyrzt/1.json',
      full: 'ipfs://bafybeigdyrzt/1.json',
    });
    assert.strictEqual(decodeNftMetadata(b64('https://example.com/nft/1')).kind, 'url');
    assert.deepStrictEqual(decodeNftMetadata(b64('Hello NFT')), { kind: 'text', text: 'Hello NFT', full: 'Hello NFT' });
    const bin = decodeNftMetadata(b64(new Uint8Array([0, 1, 0xfe, 0xff])));
    assert.deepStrictEqual(bin, { kind: 'binary', text: '0x0001feff', full: '0x0001feff', bytes: 4 });
    assert.deepStrictEqual(decodeNftMetadata(''), { kind: 'none' });
    assert.deepStrictEqual(decodeNftMetadata(null), { kind: 'none' });
    assert.strictEqual(decodeNftMetadata('not base64!').kind, 'invalid');
    const hostile = decodeNftMetadata(b64('line\nnext \u202Eevil ' + 'x'.repeat(500)));
    assert.strictEqual(hostile.kind, 'text');
    if (hostile.kind === 'text') {
      assert.ok(!hostile.text.includes('\n') && !hostile.text.includes('\u202E'));
      assert.ok(hostile.text.length <= 220, `${hostile.text.length}`); // 200 cut, then the bidi mark spelled out
    }
  });
});
