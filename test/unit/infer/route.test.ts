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
import { inferNetwork, inferFromSource, publicOnly, settingsAnswer, describeAnswer } from '../../../src/infer';

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

describe('infer/route: an untrusted workspace names public networks only', () => {
  it('a public answer stands', () => {
    const answer = fromCode('// production\nconst c = Client.forMainnet();\n');
    assert.strictEqual(publicOnly(answer), answer);
  });

  it('local from the code becomes the default, and says why', () => {
    const answer = publicOnly(fromCode('\nconst c = Client.forLocalNode();\n'));
    assert.strictEqual(answer.network, 'testnet');
    assert.strictEqual(answer.source, 'default');
    assert.strictEqual(
      describeAnswer(answer),
      'testnet · by default (Client.forLocalNode() at line 2 names a local node, not asked: the workspace is not trusted)',
    );
    assert.deepStrictEqual(answer.conflicts[0]?.lines, [2]);
  });

  it('local from a config (a hardhat chain id 298) becomes the default too', () => {
    const answer = publicOnly(
      inferNetwork({
        configs: [
          {
            kind: 'network',
            path: 'hardhat.config.ts',
            network: 'local',
            claim: { network: 'local', what: 'networks.local (chainId 298)', line: 4 },
          },
        ],
      }),
    );
    assert.strictEqual(answer.network, 'testnet');
    assert.strictEqual(answer.conflicts[0]?.where, 'hardhat.config.ts');
    assert.match(
      describeAnswer(answer),
      /networks\.local \(chainId 298\) at line 4 in hardhat\.config\.ts names a local node/,
    );
  });

  it('local chosen in the settings stands (its URL is ours or the user’s)', () => {
    const answer = settingsAnswer('local');
    assert.strictEqual(publicOnly(answer), answer);
  });
});
