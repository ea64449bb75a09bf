import * as assert from 'assert';
import { hashscanUrl } from '../../../src/features/common/links';
import { targetOf } from '../../../src/features/common/targets';

describe('HashScan links', () => {
  const cases: Array<[string, boolean, string | undefined]> = [
    ['mainnet-public', false, 'https://hashscan.io/mainnet/account/0.0.2'],
    ['mainnet', false, 'https://hashscan.io/mainnet/account/0.0.2'],
    ['testnet', false, 'https://hashscan.io/testnet/account/0.0.2'],
    ['previewnet', false, 'https://hashscan.io/previewnet/account/0.0.2'],
    ['testnet', true, undefined],
  ];
  for (const [network, customMirror, expected] of cases) {
    it(`${network}${customMirror ? ' (custom URL)' : ''} → ${expected ?? 'no link'}`, () => {
      assert.strictEqual(hashscanUrl({ network: network as 'testnet', customMirror }, 'account', '0.0.2'), expected);
    });
  }
  it('encodes pasted ids', () => {
    assert.strictEqual(
      hashscanUrl({ network: 'testnet', customMirror: false }, 'transaction', '0.0.2@1.2/../x'),
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
