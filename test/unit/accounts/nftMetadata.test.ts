// NFT rows decode their metadata once, not on every render of the tree, and decode a bounded part
// of it: a hostile mirror node can send megabytes (~85 ms per MB to decode) where the ledger keeps
// 100 bytes. Counted through the decoder the rows use.
import * as assert from 'assert';
import {
  NFT_METADATA_DECODED_CHARS,
  NftMetadataViews,
  NftNode,
  type NftMetadataDecoder,
} from '../../../src/features/accounts/tokens';
import type { SectionNode } from '../../../src/features/accounts/nodes';
import type { Nft } from '../../../src/mirror';
import { decodeNftMetadata } from '../../../src/present/tokens';

// Only `parent.key` is read (for the row id).
const SECTION = { parent: { key: 'acct' } } as unknown as SectionNode;
const peek = () => undefined;

function anNft(serial: number, metadata: string | null): Nft {
  return { token_id: '0.0.700000', serial_number: BigInt(serial), metadata, deleted: false };
}

function countingDecoder(): { decode: NftMetadataDecoder; inputs: number[] } {
  const inputs: number[] = [];
  return {
    inputs,
    decode: metadata => {
      inputs.push(metadata?.length ?? 0);
      return decodeNftMetadata(metadata);
    },
  };
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('accounts: NFT metadata decoded once per NFT, and bounded', () => {
  it('25 rows rendered 10 times and rebuilt 3 times decode 25 times', () => {
    const counter = countingDecoder();
    const views = new NftMetadataViews(counter.decode);
    const nfts = Array.from({ length: 25 }, (_, i) => anNft(i + 1, b64(`ipfs://cid/${i}.json`)));
    for (let rebuild = 0; rebuild < 3; rebuild++) {
      const rows = nfts.map((n, i) => new NftNode(SECTION, n, i, peek, views));
      for (let render = 0; render < 10; render++) {
        for (const row of rows) {
          assert.strictEqual(row.item().description, `ipfs://cid/${row.nft.serial_number - 1n}.json`);
          assert.match(row.tooltip(), /a link, shown, not opened/);
        }
      }
    }
    assert.strictEqual(counter.inputs.length, 25);
  });

  it('a megabyte of text metadata: a bounded part decoded, once, shown as cut', () => {
    const counter = countingDecoder();
    const views = new NftMetadataViews(counter.decode);
    // 'é' is two bytes: the cut lands inside a character one time in two; it still reads as text.
    for (const unit of ['a', 'é']) {
      const nft = anNft(1, b64(unit.repeat(1 << 20)));
      const row = new NftNode(SECTION, nft, 0, peek, views);
      for (let render = 0; render < 5; render++) {
        assert.match(row.item().description ?? '', new RegExp(`^${unit}+…$`));
        assert.match(row.tooltip(), new RegExp(`Metadata: \`${unit}+…\``));
      }
    }
    assert.ok(counter.inputs.length <= 2 * 4, `decoded ${counter.inputs.length} times`);
    assert.ok(
      counter.inputs.every(n => n <= NFT_METADATA_DECODED_CHARS),
      `decoded at most ${NFT_METADATA_DECODED_CHARS} characters at a time: ${counter.inputs.join(', ')}`,
    );
  });

  it('a megabyte of binary metadata: its whole size told, its start in hex, decoded once and bounded', () => {
    const counter = countingDecoder();
    const views = new NftMetadataViews(counter.decode);
    const bytes = Buffer.alloc((1 << 20) + 1, 0xff);
    const row = new NftNode(SECTION, anNft(2, b64(bytes)), 0, peek, views);
    for (let render = 0; render < 5; render++) {
      assert.match(row.tooltip(), /Metadata \(1048577 bytes, not text\): `0xffff(ff)*…`/);
      assert.match(row.item().description ?? '', /^0xffff/);
    }
    assert.ok(counter.inputs.length <= 4, `decoded ${counter.inputs.length} times`);
    assert.ok(counter.inputs.every(n => n <= NFT_METADATA_DECODED_CHARS));
  });

  it('small metadata is shown whole, as before (text, url, binary, invalid, none)', () => {
    const views = new NftMetadataViews();
    const cases: Array<[string | null, RegExp]> = [
      [b64('a plain cat'), /^a plain cat$/],
      [b64('https://example.com/cats/8.json'), /^https:\/\/example\.com\/cats\/8\.json$/],
      [b64(Buffer.from([0x00, 0x9f, 0x92, 0x96, 0xff])), /^0x009f9296ff$/],
      ['not base64!', /^not base64!$/],
      [null, /^no metadata$/],
    ];
    for (const [metadata, shown] of cases) {
      const row = new NftNode(SECTION, anNft(3, metadata), 0, peek, views);
      assert.match(row.item().description ?? '', shown, String(metadata));
    }
  });
});
