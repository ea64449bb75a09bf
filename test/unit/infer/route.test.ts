// Where an inferred network is asked and what the why line says; an untrusted workspace never
// sends us to a node on this machine.
import * as assert from 'assert';
import {
  hostOf,
  localMirrorBaseUrl,
  localUsesConfigured,
  mirrorNetworkFor,
  whyLine,
  type MirrorConfig,
} from '../../../src/infer/route';
import { inferNetwork, inferFromSource, describeAnswer } from '../../../src/infer';

const AUTO: MirrorConfig = {
  network: 'testnet',
  networkSetting: 'auto',
  customMirror: false,
  mirrorBaseUrl: 'https://testnet.mirrornode.hedera.com',
};

function fromCode(code: string) {
  return inferNetwork({ file: inferFromSource(code, 'c'), configs: [] });
}

describe('infer/route: where the inferred network is asked', () => {
  it('mainnet through the configured mainnet door, the others as themselves', () => {
    assert.strictEqual(mirrorNetworkFor('mainnet', AUTO), 'mainnet-public');
    assert.strictEqual(mirrorNetworkFor('mainnet', { network: 'mainnet' }), 'mainnet');
    assert.strictEqual(mirrorNetworkFor('testnet', { network: 'mainnet' }), 'testnet');
    assert.strictEqual(mirrorNetworkFor('previewnet', AUTO), 'previewnet');
    assert.strictEqual(mirrorNetworkFor('local', AUTO), 'local');
  });

  it('the local node: http://localhost:5551 unless the user pointed ledgerLens.mirrorNodeUrl at it', () => {
    assert.strictEqual(localUsesConfigured(AUTO), false);
    assert.strictEqual(localMirrorBaseUrl(AUTO), 'http://localhost:5551');
    const custom = { ...AUTO, customMirror: true, mirrorBaseUrl: 'http://127.0.0.1:8081' };
    assert.strictEqual(localUsesConfigured(custom), true, 'under auto, the custom URL serves the local node');
    assert.strictEqual(localMirrorBaseUrl(custom), 'http://127.0.0.1:8081');
    // A custom URL set for an explicit public network is that network's, not the local node's.
    const paid = { ...custom, network: 'mainnet' as const, networkSetting: 'mainnet' as const };
    assert.strictEqual(localUsesConfigured(paid), false);
    assert.strictEqual(localMirrorBaseUrl(paid), 'http://localhost:5551');
    const local = { network: 'local' as const, networkSetting: 'local' as const, customMirror: false };
    assert.strictEqual(
      localMirrorBaseUrl({ ...local, mirrorBaseUrl: 'http://localhost:5551' }),
      'http://localhost:5551',
    );
  });

  it('the why line names the host a local node is asked at', () => {
    const answer = fromCode('const c = Client.forLocalNode();\n');
    assert.strictEqual(whyLine(answer, AUTO), 'local · from Client.forLocalNode() at line 1, asked at localhost:5551');
    assert.strictEqual(
      whyLine(answer, { ...AUTO, customMirror: true, mirrorBaseUrl: 'http://127.0.0.1:8081' }),
      'local · from Client.forLocalNode() at line 1, asked at 127.0.0.1:8081',
    );
    assert.strictEqual(whyLine(fromCode('Client.forMainnet()'), AUTO), 'mainnet · from Client.forMainnet() at line 1');
    assert.strictEqual(hostOf('not a url'), 'not a url');
  });
});

describe('infer: an untrusted workspace names public networks only', () => {
  const hardhatLocal = {
    kind: 'network' as const,
    path: 'hardhat.config.ts',
    network: 'local' as const,
    claim: { network: 'local' as const, what: 'networks.local (chainId 298)', line: 4 },
  };
  const envMainnet = {
    kind: 'network' as const,
    path: '.env',
    network: 'mainnet' as const,
    claim: { network: 'mainnet' as const, what: 'HEDERA_NETWORK', line: 1 },
  };

  it('a public answer stands', () => {
    const file = inferFromSource('// production\nconst c = Client.forMainnet();\n', 'c');
    assert.deepStrictEqual(
      inferNetwork({ file, configs: [] }, { publicOnly: true }),
      inferNetwork({ file, configs: [] }),
    );
  });

  it('local from the code is passed over, said, and the workspace decides', () => {
    const file = inferFromSource('\nconst c = Client.forLocalNode();\n', 'c');
    assert.strictEqual(inferNetwork({ file, configs: [envMainnet] }).network, 'local', 'trusted: the file decides');
    const answer = inferNetwork({ file, configs: [envMainnet] }, { publicOnly: true });
    assert.strictEqual(answer.network, 'mainnet');
    assert.strictEqual(answer.source, 'workspace');
    assert.strictEqual(
      describeAnswer(answer),
      'mainnet · from HEDERA_NETWORK at line 1 in .env (Client.forLocalNode() at line 2 names a local node, not asked: the workspace is not trusted)',
    );
    assert.deepStrictEqual(answer.conflicts[0]?.lines, [2]);
  });

  it('local from a config (a Hardhat chain id 298) is passed over too; nothing else: the default', () => {
    const answer = inferNetwork({ configs: [hardhatLocal] }, { publicOnly: true });
    assert.strictEqual(answer.network, 'testnet');
    assert.strictEqual(answer.source, 'default');
    assert.strictEqual(answer.conflicts[0]?.where, 'hardhat.config.ts');
    assert.strictEqual(
      describeAnswer(answer),
      'testnet · by default (networks.local (chainId 298) at line 4 in hardhat.config.ts names a local node, not asked: the workspace is not trusted)',
    );
    assert.strictEqual(inferNetwork({ configs: [hardhatLocal, envMainnet] }, { publicOnly: true }).network, 'mainnet');
  });
});
