// Which network a panel or lookup asks for a command's argument, and the lines that say why
// (src/app/panelNetworks.ts).
import * as assert from 'assert';
import { parseSettings } from '../../../src/app/settings';
import {
  foundElsewhereWhy,
  linkWhy,
  networkForArgument,
  networkName,
  requestedNetwork,
  savedWhy,
  settingsChooser,
  type NetworkChooser,
} from '../../../src/app/panelNetworks';
import type { Network } from '../../../src/ledger';

const settings = () => parseSettings({}).config;

describe('detail panels: which network and why', () => {
  it('reads the network a link names, and nothing that is not a network', () => {
    assert.strictEqual(requestedNetwork({ kind: 'transaction', id: 'x', network: 'mainnet-public' }), 'mainnet-public');
    assert.strictEqual(requestedNetwork({ kind: 'transaction', id: 'x', network: 'https://evil.example' }), undefined);
    assert.strictEqual(requestedNetwork({ kind: 'transaction', id: 'x', network: 42 }), undefined);
    assert.strictEqual(requestedNetwork('0.0.1@1'), undefined);
    assert.strictEqual(requestedNetwork(null), undefined);
  });

  it('a link names its network; a view node is the settings network; else the chooser (the active code)', async () => {
    const asked: Array<Network | undefined> = [];
    const choose: NetworkChooser = requested => {
      asked.push(requested);
      return Promise.resolve({
        network: requested ?? 'mainnet-public',
        why: 'mainnet · from Client.forMainnet() at line 1',
      });
    };
    const fromLink = await networkForArgument(
      { kind: 'transaction', id: 'x', network: 'previewnet' },
      choose,
      settings,
    );
    assert.strictEqual(fromLink.network, 'previewnet');
    const fromTree = await networkForArgument({ target: { kind: 'transaction', id: 'x' } }, choose, settings);
    assert.deepStrictEqual(fromTree, {
      network: 'testnet',
      why: 'testnet · from settings (the network of the view it was opened from)',
    });
    const typed = await networkForArgument('0.0.1@1', choose, settings);
    assert.deepStrictEqual(typed, { network: 'mainnet-public', why: 'mainnet · from Client.forMainnet() at line 1' });
    assert.deepStrictEqual(asked, ['previewnet', undefined], 'the tree node did not ask the chooser');
  });

  it('names networks as the hover does (mainnet for either mainnet door)', async () => {
    assert.strictEqual(networkName('mainnet-public'), 'mainnet');
    assert.strictEqual(networkName('mainnet'), 'mainnet');
    assert.strictEqual(networkName('testnet'), 'testnet');
    assert.strictEqual(networkName('not-a-network'), 'not-a-network');
    assert.strictEqual(foundElsewhereWhy('mainnet-public', 'testnet'), 'mainnet · not found on testnet, found here');
    assert.strictEqual(linkWhy('mainnet-public'), 'mainnet · the network of the link that opened it');
    assert.strictEqual(savedWhy('previewnet'), 'previewnet · the network this panel was opened on');
    assert.deepStrictEqual(await settingsChooser(settings)(), { network: 'testnet', why: 'testnet · from settings' });
    assert.deepStrictEqual(await settingsChooser(settings)('mainnet-public'), {
      network: 'mainnet-public',
      why: 'mainnet · the network of the link that opened it',
    });
  });
});
