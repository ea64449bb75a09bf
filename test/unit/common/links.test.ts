import * as assert from 'assert';
import { hashscanUrl } from '../../../src/features/common/links';
import { parseSettings, type RawSettings } from '../../../src/app/settings';
import { targetOf } from '../../../src/features/common/targets';

describe('HashScan links', () => {
  const config = (raw: RawSettings) => parseSettings(raw).config;
  const cases: Array<[RawSettings, string | undefined]> = [
    [{ network: 'mainnet-public' }, 'https://hashscan.io/mainnet/account/0.0.2'],
    [{ network: 'mainnet' }, 'https://hashscan.io/mainnet/account/0.0.2'],
    [{ network: 'testnet' }, 'https://hashscan.io/testnet/account/0.0.2'],
    [{ network: 'previewnet' }, 'https://hashscan.io/previewnet/account/0.0.2'],
    [{ network: 'local' }, undefined],
    // A URL the user set for testnet still serves testnet's ledger: HashScan has its pages.
    [{ mirrorNodeUrls: { testnet: 'http://127.0.0.1:9090' } }, 'https://hashscan.io/testnet/account/0.0.2'],
    // A mirrorNodeUrl nothing says the network of: HashScan cannot know the page.
    [{ mirrorNodeUrl: 'http://127.0.0.1:9090' }, undefined],
    [{ network: 'testnet', mirrorNodeUrl: 'http://127.0.0.1:9090' }, 'https://hashscan.io/testnet/account/0.0.2'],
  ];
  for (const [raw, expected] of cases) {
    it(`${JSON.stringify(raw)} → ${expected ?? 'no link'}`, () => {
      assert.strictEqual(hashscanUrl(config(raw), 'account', '0.0.2'), expected);
    });
  }
  it('encodes pasted ids', () => {
    assert.strictEqual(
      hashscanUrl(config({ network: 'testnet' }), 'transaction', '0.0.2@1.2/../x'),
      'https://hashscan.io/testnet/transaction/0.0.2%401.2%2F..%2Fx',
    );
  });
});

describe('command targets', () => {
  it('accepts a tree node or a bare target', () => {
    assert.deepStrictEqual(targetOf({ target: { kind: 'account', id: '0.0.2' } }), { kind: 'account', id: '0.0.2' });
    assert.deepStrictEqual(targetOf({ kind: 'block', id: '17' }), { kind: 'block', id: '17' });
  });
  it('refuses anything else', () => {
    for (const bad of [
      undefined,
      null,
      'x',
      { kind: 'wallet', id: '1' },
      { kind: 'account' },
      { kind: 'account', id: '' },
      { kind: 'account', id: '0.0.2', evmAddress: 'nope' },
    ]) {
      assert.strictEqual(targetOf(bad), undefined, JSON.stringify(bad));
    }
  });
});
