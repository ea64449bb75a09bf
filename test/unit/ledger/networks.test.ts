import * as assert from 'assert';
import {
  NETWORKS,
  NETWORK_INFO,
  defaultMirrorUrl,
  doorFor,
  hashscanNetworkOf,
  inferredNetworkOf,
  isNetwork,
  ledgerOf,
  hashscanNetworkFor,
  mirrorEndpoints,
  networkLabel,
  networkPlace,
  networksToTryAfterMiss,
  type EndpointSettings,
  type Network,
  networkNamed,
  networkOfChainId,
  networkOfHashscan,
  otherNetworks,
  publicDoorOf,
  publicLedgers,
  publicMirrorUrl,
  statusGroupOf,
} from '../../../src/ledger/networks';
import { NETWORKS as SETTINGS_NETWORKS } from '../../../src/app/settings';
import { isEntityKind, longZeroAddressOf, toEntityTarget, type EntityKind } from '../../../src/ledger/target';

describe('ledger/networks', () => {
  it('lists the same networks as the settings, each with a row of facts', () => {
    assert.deepStrictEqual([...NETWORKS].sort(), [...SETTINGS_NETWORKS].sort());
    for (const n of NETWORKS) assert.ok(NETWORK_INFO[n], n);
  });
  it('names the ledger behind each network: mainnet-public and mainnet are one ledger', () => {
    assert.strictEqual(ledgerOf('mainnet-public'), 'mainnet');
    assert.strictEqual(ledgerOf('mainnet'), 'mainnet');
    assert.strictEqual(ledgerOf('testnet'), 'testnet');
    assert.strictEqual(ledgerOf('previewnet'), 'previewnet');
  });
  it('gives the public mirror node URL in the scheme asked', () => {
    assert.strictEqual(publicMirrorUrl('testnet'), 'https://testnet.mirrornode.hedera.com');
    assert.strictEqual(publicMirrorUrl('mainnet-public', 'http'), 'http://mainnet-public.mirrornode.hedera.com');
  });
  it('names HashScan networks, none for a custom mirror node', () => {
    assert.strictEqual(hashscanNetworkOf('mainnet-public'), 'mainnet');
    assert.strictEqual(hashscanNetworkOf('mainnet'), 'mainnet');
    assert.strictEqual(hashscanNetworkOf('previewnet'), 'previewnet');
    assert.strictEqual(hashscanNetworkOf('testnet', true), undefined);
  });
  it('tries one door per other ledger after a miss (the free one for mainnet)', () => {
    assert.deepStrictEqual(otherNetworks('testnet', false), ['mainnet-public', 'previewnet']);
    assert.deepStrictEqual(otherNetworks('mainnet', false), ['previewnet', 'testnet']);
    assert.deepStrictEqual(otherNetworks('mainnet-public', false), ['previewnet', 'testnet']);
    // a custom mirror node: every public ledger is "other", the selected one included
    assert.deepStrictEqual(otherNetworks('testnet', true), ['mainnet-public', 'previewnet', 'testnet']);
  });
  it('recognises network names and nothing else', () => {
    for (const n of NETWORKS) assert.ok(isNetwork(n));
    for (const x of ['', 'Testnet', 'Local', 'localhost', 'auto', 7, null, 'testnet '])
      assert.ok(!isNetwork(x), String(x));
  });
  it('local (a local node or Solo): one row, chain id 298, no ledger, no public host, no HashScan', () => {
    assert.ok(isNetwork('local'));
    assert.strictEqual(NETWORK_INFO.local.chainId, 298);
    assert.strictEqual(ledgerOf('local'), undefined, 'no HIP-15 checksum is checked for it');
    assert.strictEqual(publicMirrorUrl('local'), undefined);
    assert.strictEqual(defaultMirrorUrl('local'), 'http://localhost:5551');
    assert.strictEqual(
      defaultMirrorUrl('local', 'https'),
      'http://localhost:5551',
      'the scheme setting is for public hosts',
    );
    assert.strictEqual(defaultMirrorUrl('testnet', 'http'), 'http://testnet.mirrornode.hedera.com');
    assert.strictEqual(hashscanNetworkOf('local'), undefined);
  });
  it('a miss on a local node is not looked for elsewhere, and no public miss tries the local node', () => {
    for (const n of NETWORKS) assert.ok(!otherNetworks(n, false).includes('local'), n);
    assert.ok(!otherNetworks('testnet', true).includes('local'));
    assert.deepStrictEqual(
      [295, 295, 297, 296],
      (['mainnet-public', 'mainnet', 'previewnet', 'testnet'] as const).map(n => NETWORK_INFO[n].chainId),
    );
  });
  it('one row per network: names, chain ids, status groups, doors, HashScan names', () => {
    // Inference answers with a network that has names; `mainnet-public` is a name of the ledger.
    assert.strictEqual(networkNamed('mainnet-public'), 'mainnet');
    assert.strictEqual(networkNamed(' Hedera_Testnet '), 'testnet');
    assert.strictEqual(networkNamed('solo'), 'local');
    assert.strictEqual(networkNamed('constructor'), undefined);
    assert.deepStrictEqual([295n, 296n, 297n, 298n, 1n].map(networkOfChainId), [
      'mainnet',
      'testnet',
      'previewnet',
      'local',
      undefined,
    ]);
    assert.deepStrictEqual(NETWORKS.map(statusGroupOf), ['Mainnet', 'Mainnet', 'Previewnet', 'Testnet', undefined]);
    assert.deepStrictEqual(NETWORKS.map(inferredNetworkOf), ['mainnet', 'mainnet', 'previewnet', 'testnet', 'local']);
    assert.deepStrictEqual(NETWORKS.map(publicDoorOf), [
      'mainnet-public',
      'mainnet-public',
      'previewnet',
      'testnet',
      'local',
    ]);
    assert.strictEqual(doorFor('mainnet', 'mainnet'), 'mainnet', 'the paid door the settings chose');
    assert.strictEqual(doorFor('mainnet', 'testnet'), 'mainnet-public');
    assert.strictEqual(doorFor('testnet', 'mainnet'), 'testnet');
    assert.strictEqual(doorFor('local', 'testnet'), 'local');
    assert.deepStrictEqual(publicLedgers(), ['mainnet', 'testnet', 'previewnet']);
    assert.strictEqual(networkOfHashscan('mainnet'), 'mainnet');
    assert.strictEqual(networkOfHashscan('local'), undefined);
    for (const n of NETWORKS) {
      const ledger = ledgerOf(n);
      // Two doors to one ledger share its id byte and chain id; a network without a ledger has neither checksum nor group.
      if (ledger === undefined) assert.strictEqual(NETWORK_INFO[n].ledgerId, undefined, n);
      else {
        assert.strictEqual(NETWORK_INFO[n].ledgerId, NETWORK_INFO[ledger].ledgerId, n);
        assert.strictEqual(NETWORK_INFO[n].chainId, NETWORK_INFO[ledger].chainId, n);
      }
      assert.ok(NETWORK_INFO[n].description.length > 0, n);
      for (const name of NETWORK_INFO[n].names) assert.strictEqual(name, name.toLowerCase(), name);
    }
  });
});

describe('ledger/target', () => {
  it('accepts a well-formed target from untrusted input', () => {
    assert.deepStrictEqual(toEntityTarget({ kind: 'token', id: '0.0.5' }), { kind: 'token', id: '0.0.5' });
    assert.deepStrictEqual(toEntityTarget({ kind: 'account', id: '0.0.5', evmAddress: '0xab' }), {
      kind: 'account',
      id: '0.0.5',
      evmAddress: '0xab',
    });
  });
  it('refuses anything else', () => {
    for (const bad of [
      null,
      'x',
      { kind: 'file', id: '1' },
      { kind: 'token' },
      { kind: 'token', id: '' },
      { kind: 'token', id: 'x'.repeat(201) },
      { kind: 'token', id: '0.0.1', evmAddress: 5 },
    ])
      assert.strictEqual(toEntityTarget(bad), undefined, JSON.stringify(bad));
    assert.ok(isEntityKind('schedule'));
    assert.ok(!isEntityKind('Schedule'));
  });
});

describe('ledger/target: the long-zero EVM address of every entity kind', () => {
  const cases: Array<[EntityKind, string, string | undefined]> = [
    ['account', '0.0.1234', '0x00000000000000000000000000000000000004d2'],
    ['contract', '0.0.1001', '0x00000000000000000000000000000000000003e9'],
    ['token', '0.0.456858', '0x000000000000000000000000000000000006f89a'],
    ['topic', '0.0.7', '0x0000000000000000000000000000000000000007'],
    ['schedule', '0.0.9999999999', '0x00000000000000000000000000000002540be3ff'],
    ['token', '1.2.3', '0x0000000100000000000000020000000000000003'],
    ['token', '0.0.123-vfmkw', '0x000000000000000000000000000000000000007b'],
    ['transaction', '0.0.2-1700000000-0', undefined],
    ['block', '17', undefined],
    ['token', 'USDC', undefined],
  ];
  for (const [kind, id, expected] of cases)
    it(`${kind} ${id} → ${expected ?? 'none'}`, () => assert.strictEqual(longZeroAddressOf({ kind, id }), expected));
});

describe('the one network label, and what a route can offer', () => {
  const settings = (over: Partial<EndpointSettings>): EndpointSettings => ({
    networkSetting: 'auto',
    scheme: 'https',
    mirrorNodeUrl: undefined,
    mirrorNodeUrls: {},
    ...over,
  });
  // [case, settings, network asked, label, place, HashScan name, networks offered after a miss]
  const rows: Array<[string, Partial<EndpointSettings>, Network, string, string, string | undefined, Network[]]> = [
    ['a public network', {}, 'testnet', 'testnet', 'on testnet', 'testnet', ['mainnet-public', 'previewnet']],
    ['the mainnet-public door', {}, 'mainnet-public', 'mainnet', 'on mainnet', 'mainnet', ['previewnet', 'testnet']],
    ['the paid mainnet door', {}, 'mainnet', 'mainnet', 'on mainnet', 'mainnet', ['previewnet', 'testnet']],
    [
      'a mirrorNodeUrls entry on another host',
      { mirrorNodeUrls: { mainnet: 'https://my-mirror.example' } },
      'mainnet',
      'mainnet · my-mirror.example',
      'on mainnet · my-mirror.example',
      'mainnet',
      ['mainnet-public', 'previewnet', 'testnet'],
    ],
    [
      'the local default',
      {},
      'local',
      'local · localhost:5551',
      'on local · localhost:5551',
      undefined,
      ['mainnet-public', 'previewnet', 'testnet'],
    ],
    [
      'a mirrorNodeUrl serving every network, none known',
      { mirrorNodeUrl: 'http://127.0.0.1:18571' },
      'testnet',
      '127.0.0.1:18571',
      'at 127.0.0.1:18571',
      undefined,
      [],
    ],
    [
      'a mirrorNodeUrl serving every network, its network set',
      { mirrorNodeUrl: 'https://my-mirror.example', networkSetting: 'mainnet' },
      'mainnet',
      'mainnet · my-mirror.example',
      'on mainnet · my-mirror.example',
      'mainnet',
      [],
    ],
    [
      'a mirrorNodeUrl known to serve mainnet, asked for testnet: mainnet answers, no testnet page',
      { mirrorNodeUrl: 'https://my-mirror.example', networkSetting: 'mainnet' },
      'testnet',
      'mainnet · my-mirror.example',
      'on mainnet · my-mirror.example',
      undefined,
      [],
    ],
    [
      "a mirrorNodeUrl at a network's public host",
      { mirrorNodeUrl: 'https://previewnet.mirrornode.hedera.com' },
      'previewnet',
      'previewnet',
      'on previewnet',
      'previewnet',
      [],
    ],
  ];
  for (const [name, over, network, label, place, hashscan, offered] of rows) {
    it(name, () => {
      const route = { network, endpoint: mirrorEndpoints(settings(over))[network] };
      assert.strictEqual(networkLabel(route), label);
      assert.strictEqual(networkPlace(route), place);
      assert.strictEqual(hashscanNetworkFor(route), hashscan);
      assert.deepStrictEqual(networksToTryAfterMiss(route), offered);
    });
  }
});
