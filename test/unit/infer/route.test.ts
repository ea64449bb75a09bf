// Where an inferred network is asked and what the why line says; an untrusted workspace never
// sends us to a node on this machine.
import * as assert from 'assert';
import { hostOf, localMirrorBaseUrl, mirrorNetworkFor, whyLine, type MirrorConfig } from '../../../src/infer/route';
import { inferNetwork, inferFromSource, describeAnswer } from '../../../src/infer';
import { parseSettings, type RawSettings } from '../../../src/app/settings';

/** The settings' snapshot for raw values, as the services hold it. */
function configOf(raw: RawSettings): MirrorConfig {
  return parseSettings(raw).config;
}

const AUTO: MirrorConfig = configOf({});

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

  it('the local node: http://localhost:5551 unless a URL the user set serves it', () => {
    assert.strictEqual(localMirrorBaseUrl(AUTO), 'http://localhost:5551');
    // A set mirrorNodeUrl takes every request: the local node's too, under auto or not.
    const custom = configOf({ mirrorNodeUrl: 'http://127.0.0.1:8081' });
    assert.strictEqual(localMirrorBaseUrl(custom), 'http://127.0.0.1:8081');
    const paid = configOf({ mirrorNodeUrl: 'http://127.0.0.1:8081', network: 'mainnet' });
    assert.strictEqual(localMirrorBaseUrl(paid), 'http://127.0.0.1:8081');
    // A mirrorNodeUrls entry serves its own network only.
    assert.strictEqual(
      localMirrorBaseUrl(configOf({ mirrorNodeUrls: { local: 'http://127.0.0.1:9090/' } })),
      'http://127.0.0.1:9090',
    );
    assert.strictEqual(
      localMirrorBaseUrl(configOf({ mirrorNodeUrls: { mainnet: 'http://127.0.0.1:9090' } })),
      'http://localhost:5551',
    );
    assert.strictEqual(localMirrorBaseUrl(configOf({ network: 'local' })), 'http://localhost:5551');
  });

  it('the why line names the host a local node is asked at', () => {
    const answer = fromCode('const c = Client.forLocalNode();\n');
    assert.strictEqual(whyLine(answer, AUTO), 'local · from Client.forLocalNode() at line 1, asked at localhost:5551');
    assert.strictEqual(
      whyLine(answer, configOf({ mirrorNodeUrl: 'http://127.0.0.1:8081' })),
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
