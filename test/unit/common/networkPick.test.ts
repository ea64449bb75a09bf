// Select network's items: it starts on the current network, says what each one is (mainnet and
// mainnet-public each name the other: the same ledger through another server), where an entry of
// ledgerLens.mirrorNodeUrls sends a network, and offers the way back from a mirrorNodeUrl.
import * as assert from 'assert';
import { parseSettings } from '../../../src/app/settings';
import { networkPickItems } from '../../../src/features/common/networkPick';
import { NETWORKS } from '../../../src/ledger';

describe('Select network items', () => {
  it('start on the current network, marked (current), whichever it is', () => {
    for (const network of NETWORKS) {
      const { items, active, placeholder } = networkPickItems(parseSettings({ network }).config);
      assert.strictEqual(items[active].network, network, network);
      assert.deepStrictEqual(
        items.filter(i => i.description === '(current)').map(i => i.network),
        [network],
      );
      assert.strictEqual(placeholder, `Current: ${network}`);
    }
  });

  it('under auto, start on the network auto means (testnet)', () => {
    const { items, active } = networkPickItems(parseSettings({}).config);
    assert.strictEqual(items[active].network, 'testnet');
  });

  it('explain mainnet against mainnet-public: one ledger, two servers', () => {
    const { items } = networkPickItems(parseSettings({}).config);
    const detail = (n: string) => items.find(i => i.network === n)?.detail ?? '';
    assert.match(detail('mainnet-public'), /mainnet-public\.mirrornode\.hedera\.com/);
    assert.match(detail('mainnet-public'), /same ledger.* as mainnet/);
    assert.match(detail('mainnet'), /mainnet\.mirrornode\.hedera\.com/);
    assert.match(detail('mainnet'), /same ledger.* as mainnet-public/);
  });

  it('say where a mirrorNodeUrls entry sends its network, and offer no way back from it', () => {
    const { items } = networkPickItems(
      parseSettings({ mirrorNodeUrls: { previewnet: 'http://127.0.0.1:5551' } }).config,
    );
    assert.match(items.find(i => i.network === 'previewnet')?.detail ?? '', /asked at http:\/\/127\.0\.0\.1:5551/);
    assert.doesNotMatch(items.find(i => i.network === 'testnet')?.detail ?? '', /asked at/);
    assert.ok(!items.some(i => i.clearCustom));
  });

  it('with a mirrorNodeUrl taking every request: a separator, then the way back, and the placeholder says so', () => {
    const { items, active, placeholder } = networkPickItems(
      parseSettings({ network: 'mainnet', mirrorNodeUrl: 'https://my-mirror.example' }).config,
    );
    assert.strictEqual(items[active].network, 'mainnet');
    const last = items.slice(-2);
    assert.strictEqual(last[0].separator, true);
    assert.ok(last[1].clearCustom);
    assert.match(last[1].detail ?? '', /my-mirror\.example/);
    assert.match(placeholder, /^Current: mainnet, every request to https:\/\/my-mirror\.example/);
  });
});
