// Each tool's record as the tool writes it (the sample workspaces' records, made by
// test/tools/make-deployment-fixtures.mjs from the documented formats): Hardhat Ignition's
// deployed_addresses.json with its artifacts, hardhat-deploy's deployment file with its folder's
// .chainId, and Foundry's run-latest.json. Read one at a time (readDeploymentRecord) and as a
// workspace (DeploymentFinder), in the extension host's thread and in the worker.
import * as assert from 'assert';
import * as path from 'path';
import { globMatcher } from '../../../src/abi/globs';
import {
  DEPLOYMENT_RECORD_GLOBS,
  DeploymentFinder,
  deploymentRecordKind,
  readDeploymentRecord,
  type FoundDeployment,
} from '../../../src/deploy';
import {
  SAMPLE_FOUNDRY,
  SAMPLE_HARDHAT_DEPLOY,
  SAMPLE_HARDHAT_DEPLOY_CHAIN_ID,
  SAMPLE_IGNITION,
  SAMPLE_RECORDS,
  WORKER_SCRIPT,
  diskAccess,
  longZero,
  sampleRoot,
  sampleText,
} from './fixtures';

const CROWDFUND = longZero(1006);
const MY_TOKEN = longZero(1002);
const COUNTER = longZero(1008);
const HASH = /^0x[0-9a-f]{64}$/;

function only(deployments: readonly FoundDeployment[], label: string): FoundDeployment {
  const found = deployments.filter(d => d.label === label);
  assert.strictEqual(found.length, 1, `one ${label} in ${JSON.stringify(deployments.map(d => d.label))}`);
  return found[0];
}

describe('deployment records: where they are', () => {
  it('names each tool’s record and the chain or network its path says', () => {
    assert.deepStrictEqual(deploymentRecordKind(SAMPLE_IGNITION), { tool: 'ignition', chainId: 296 });
    assert.deepStrictEqual(deploymentRecordKind(SAMPLE_HARDHAT_DEPLOY), {
      tool: 'hardhat-deploy',
      networkName: 'previewnet',
    });
    assert.deepStrictEqual(deploymentRecordKind(SAMPLE_FOUNDRY), { tool: 'foundry', chainId: 296 });
    assert.deepStrictEqual(deploymentRecordKind('ignition/deployments/my-release/deployed_addresses.json'), {
      tool: 'ignition',
    });
  });

  it('passes over the files beside the records and what is not one', () => {
    for (const file of [
      SAMPLE_HARDHAT_DEPLOY_CHAIN_ID,
      'hardhat-sample/deployments/previewnet/.migrations.json',
      'hardhat-sample/deployments/previewnet/solcInputs/4ab1f68fd49f7bb4ac710d28b50d53c5.json',
      'hardhat-sample/ignition/deployments/chain-296/journal.jsonl',
      'hardhat-sample/ignition/deployments/chain-296/deployment_stamps.json',
      'hardhat-sample/ignition/deployments/chain-296/artifacts/CrowdfundModule#Crowdfund.json',
      'foundry-sample/broadcast/Deploy.s.sol/296/dry-run/run-latest.json',
      'foundry-sample/broadcast/Deploy.s.sol/296/run-1767225600.json',
      'foundry-sample/broadcast/Deploy.s.sol/sepolia/run-latest.json',
      'node_modules/pkg/deployments/testnet/Token.json',
      'hardhat-sample/artifacts/contracts/Crowdfund.sol/Crowdfund.json',
      'deployments/testnet.json',
    ])
      assert.strictEqual(deploymentRecordKind(file), undefined, file);
  });

  it('the globs a watcher and findFiles use match every sample record and the .chainId', () => {
    const matchers = DEPLOYMENT_RECORD_GLOBS.map(globMatcher);
    for (const file of SAMPLE_RECORDS)
      assert.ok(
        matchers.some(m => m.test(file)),
        file,
      );
    assert.ok(!matchers.some(m => m.test('hardhat-sample/artifacts/contracts/Crowdfund.sol/Crowdfund.json')));
  });
});

describe('Hardhat Ignition: deployed_addresses.json', () => {
  it('lists each future with its address, on the chain its folder names', () => {
    const { deployments, problems } = readDeploymentRecord(SAMPLE_IGNITION, sampleText(SAMPLE_IGNITION));
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(
      deployments.map(d => [d.label, d.address, d.network]),
      [
        ['TokenModule#MyToken', MY_TOKEN, 'testnet'],
        ['CrowdfundModule#Crowdfund', CROWDFUND, 'testnet'],
      ],
    );
    const crowdfund = only(deployments, 'CrowdfundModule#Crowdfund');
    assert.deepStrictEqual(crowdfund.source, { tool: 'ignition', file: SAMPLE_IGNITION });
    assert.deepStrictEqual(crowdfund.artifact, {
      contractName: 'Crowdfund',
      file: 'hardhat-sample/ignition/deployments/chain-296/artifacts/CrowdfundModule#Crowdfund.json',
    });
  });

  it('the finder reads each future’s artifact for its contract and source names', async () => {
    const access = diskAccess(sampleRoot());
    const finder = new DeploymentFinder(access);
    const { deployments, problems } = await finder.discover([{ file: SAMPLE_IGNITION }]);
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(only(deployments, 'TokenModule#MyToken').artifact, {
      contractName: 'MyToken',
      sourceName: 'contracts/MyToken.sol',
      file: 'hardhat-sample/ignition/deployments/chain-296/artifacts/TokenModule#MyToken.json',
    });
    assert.ok(
      access.reads.some(r => r.endsWith('artifacts/CrowdfundModule#Crowdfund.json')),
      access.reads.join('\n'),
    );
  });

  it('a deployment id of its own takes the chain id from the journal’s first line', async () => {
    const journal = sampleText('hardhat-sample/ignition/deployments/chain-296/journal.jsonl');
    const file = 'ignition/deployments/release-1/deployed_addresses.json';
    const alone = readDeploymentRecord(file, sampleText(SAMPLE_IGNITION));
    assert.deepStrictEqual(alone.deployments, []);
    assert.match(alone.problems[0].message, /deployment id 'release-1' names no chain/);
    const files = new Map([
      [file, sampleText(SAMPLE_IGNITION)],
      ['ignition/deployments/release-1/journal.jsonl', journal],
    ]);
    const finder = new DeploymentFinder({ readFile: async f => memory(files, f) });
    const { deployments, problems } = await finder.discover([{ file }]);
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(
      deployments.map(d => d.network),
      ['testnet', 'testnet'],
    );
  });
});

function memory(files: ReadonlyMap<string, string>, file: string): Uint8Array {
  const text = files.get(file);
  if (text === undefined) throw new Error(`ENOENT: ${file}`);
  return new TextEncoder().encode(text);
}

describe('hardhat-deploy: deployments/<network>/<name>.json', () => {
  it('lists the deployment on the chain of its folder’s .chainId, with the contract its metadata names', () => {
    const { deployments, problems } = readDeploymentRecord(SAMPLE_HARDHAT_DEPLOY, sampleText(SAMPLE_HARDHAT_DEPLOY), {
      chainIdFileText: sampleText(SAMPLE_HARDHAT_DEPLOY_CHAIN_ID),
    });
    assert.deepStrictEqual(problems, []);
    assert.strictEqual(deployments.length, 1);
    const [d] = deployments;
    assert.strictEqual(d.network, 'previewnet');
    assert.strictEqual(d.address, CROWDFUND);
    assert.strictEqual(d.label, 'Crowdfund');
    assert.deepStrictEqual(d.artifact, { contractName: 'Crowdfund', sourceName: 'contracts/Crowdfund.sol' });
    assert.match(d.transactionHash ?? '', HASH);
    assert.deepStrictEqual(d.source, { tool: 'hardhat-deploy', file: SAMPLE_HARDHAT_DEPLOY });
  });

  it('without a .chainId the folder’s name says the network, written any of the usual ways', () => {
    for (const folder of [
      'previewnet',
      'hedera_previewnet',
      'hedera-previewnet',
      'hederaPreviewnet',
      'HederaPreviewNet',
    ]) {
      const file = `deployments/${folder}/Crowdfund.json`;
      const { deployments, problems } = readDeploymentRecord(file, sampleText(SAMPLE_HARDHAT_DEPLOY));
      assert.deepStrictEqual(problems, [], folder);
      assert.strictEqual(deployments[0]?.network, 'previewnet', folder);
    }
    const sepolia = readDeploymentRecord('deployments/sepolia/Crowdfund.json', sampleText(SAMPLE_HARDHAT_DEPLOY));
    assert.deepStrictEqual(sepolia.deployments, []);
    assert.match(sepolia.problems[0].message, /'sepolia' names no Hedera network and has no \.chainId/);
  });

  it('the finder reads the folder’s .chainId once for all its records', async () => {
    const text = sampleText(SAMPLE_HARDHAT_DEPLOY);
    const files = new Map([
      ['deployments/anything/A.json', text],
      ['deployments/anything/B.json', text],
      ['deployments/anything/.chainId', '296\n'],
    ]);
    const reads: string[] = [];
    const finder = new DeploymentFinder({ readFile: async f => (reads.push(f), memory(files, f)) });
    const { deployments } = await finder.discover([...files.keys()].map(file => ({ file })));
    assert.deepStrictEqual(
      deployments.map(d => [d.label, d.network]),
      [
        ['A', 'testnet'],
        ['B', 'testnet'],
      ],
    );
    assert.strictEqual(reads.filter(r => r.endsWith('.chainId')).length, 1);
  });
});

describe('Foundry: broadcast/<script>/<chain id>/run-latest.json', () => {
  it('lists each contract the script created, with its transaction and time', () => {
    const { deployments, problems } = readDeploymentRecord(SAMPLE_FOUNDRY, sampleText(SAMPLE_FOUNDRY));
    assert.deepStrictEqual(problems, []);
    assert.strictEqual(deployments.length, 1);
    const [d] = deployments;
    assert.deepStrictEqual(
      { network: d.network, address: d.address, label: d.label, artifact: d.artifact, deployedAt: d.deployedAt },
      {
        network: 'testnet',
        address: COUNTER,
        label: 'Counter',
        artifact: { contractName: 'Counter' },
        deployedAt: 1_767_225_600,
      },
    );
    assert.match(d.transactionHash ?? '', HASH);
  });

  it('lists contracts created along the way (additionalContracts), and reads milliseconds as seconds', () => {
    const record = JSON.parse(sampleText(SAMPLE_FOUNDRY)) as {
      transactions: Record<string, unknown>[];
      timestamp: number;
    };
    record.transactions[0].additionalContracts = [
      { transactionType: 'CREATE', contractName: 'Vault', address: longZero(1009), initCode: '0x6080' },
      { transactionType: 'CREATE2', address: longZero(1010), initCode: '0x6080' },
    ];
    record.timestamp = 1_767_225_600_123;
    const { deployments, problems } = readDeploymentRecord(SAMPLE_FOUNDRY, JSON.stringify(record));
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(
      deployments.map(d => [d.label, d.address, d.artifact?.contractName, d.deployedAt]),
      [
        ['Counter', COUNTER, 'Counter', 1_767_225_600],
        ['Vault', longZero(1009), 'Vault', 1_767_225_600],
        ['created by Counter', longZero(1010), undefined, 1_767_225_600],
      ],
    );
  });
});

describe('the sample workspaces as the Contracts view reads them', () => {
  for (const workerScript of [undefined, WORKER_SCRIPT]) {
    it(`Crowdfund on testnet and previewnet, MyToken and Counter on testnet (${workerScript ? 'worker' : 'host thread'})`, async () => {
      const access = diskAccess(sampleRoot());
      const finder = new DeploymentFinder({ ...access, ...(workerScript ? { workerScript } : {}) });
      try {
        const files = SAMPLE_RECORDS.map(file => ({ file, fsPath: path.join(sampleRoot(), file) }));
        const { deployments, problems } = await finder.discover(files);
        assert.deepStrictEqual(problems, []);
        assert.deepStrictEqual(
          deployments.map(d => [d.source.tool, d.network, d.artifact?.contractName, d.address]).sort(),
          [
            ['foundry', 'testnet', 'Counter', COUNTER],
            ['hardhat-deploy', 'previewnet', 'Crowdfund', CROWDFUND],
            ['ignition', 'testnet', 'Crowdfund', CROWDFUND],
            ['ignition', 'testnet', 'MyToken', MY_TOKEN],
          ],
        );
        assert.strictEqual(access.reads.length === 0, workerScript !== undefined, 'the worker reads from disk itself');
      } finally {
        finder.dispose();
      }
    });
  }
});
