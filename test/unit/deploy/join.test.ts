// Pairing deployments with the workspace's artifacts: the record's own artifact file, then its
// contract and source names, then its label; the nearest folder among same-named artifacts; and a
// cost of one lookup per deployment (n deployments with m artifacts touch each artifact once,
// counted, and cost ~8× at 8×: not n × m).
import * as assert from 'assert';
import { joinArtifacts, MAX_OTHER_ARTIFACTS, type FoundDeployment } from '../../../src/deploy';
import { assertGrowth } from '../../support/growth';
import { longZero } from './fixtures';

interface Artifact {
  readonly contractName: string;
  readonly sourceName?: string;
  readonly file: string;
}

function deployment(label: string, file: string, artifact?: FoundDeployment['artifact']): FoundDeployment {
  return {
    network: 'testnet',
    address: longZero(1006),
    label,
    ...(artifact ? { artifact } : {}),
    source: { tool: 'hardhat-deploy', file },
  };
}

const hardhat: Artifact = {
  contractName: 'Crowdfund',
  sourceName: 'contracts/Crowdfund.sol',
  file: 'hardhat-sample/artifacts/contracts/Crowdfund.sol/Crowdfund.json',
};
const other: Artifact = {
  contractName: 'Crowdfund',
  sourceName: 'src/Crowdfund.sol',
  file: 'other/out/Crowdfund.sol/Crowdfund.json',
};
const ignition: Artifact = {
  contractName: 'Crowdfund',
  sourceName: 'contracts/Crowdfund.sol',
  file: 'hardhat-sample/ignition/deployments/chain-296/artifacts/CrowdfundModule#Crowdfund.json',
};

describe('joinArtifacts', () => {
  it('prefers the source name the record gives, then the folder nearest the record', () => {
    const bySource = deployment('Crowdfund', 'anywhere/deployments/testnet/Crowdfund.json', {
      contractName: 'Crowdfund',
      sourceName: 'src/Crowdfund.sol',
    });
    const byFolder = deployment('Crowdfund', 'hardhat-sample/deployments/previewnet/Crowdfund.json', {
      contractName: 'Crowdfund',
    });
    const [a, b] = joinArtifacts([bySource, byFolder], [hardhat, other]);
    assert.strictEqual(a.artifact, other);
    assert.deepStrictEqual(a.others, [hardhat]);
    assert.strictEqual(b.artifact, hardhat);
    assert.deepStrictEqual(b.others, [other]);
  });

  it('the artifact file the record points at wins', () => {
    const d = deployment(
      'CrowdfundModule#Crowdfund',
      'hardhat-sample/ignition/deployments/chain-296/deployed_addresses.json',
      {
        contractName: 'Crowdfund',
        sourceName: 'contracts/Crowdfund.sol',
        file: ignition.file,
      },
    );
    const [pair] = joinArtifacts([d], [hardhat, other, ignition]);
    assert.strictEqual(pair.artifact, ignition);
    assert.deepStrictEqual(pair.others, [hardhat, other]);
  });

  it('without a contract name, the label names it (a file name, a future id after #)', () => {
    const [byFile, byFuture, none] = joinArtifacts(
      [
        deployment('Crowdfund', 'deployments/testnet/Crowdfund.json'),
        deployment('CrowdfundModule#Crowdfund', 'ignition/deployments/chain-296/deployed_addresses.json'),
        deployment('Unknown', 'deployments/testnet/Unknown.json'),
      ],
      [hardhat],
    );
    assert.strictEqual(byFile.artifact, hardhat);
    assert.strictEqual(byFuture.artifact, hardhat);
    assert.strictEqual(none.artifact, undefined);
    assert.deepStrictEqual(none.others, []);
  });

  it('a contract name no artifact has falls back to the label', () => {
    const d = deployment('Crowdfund', 'deployments/testnet/Crowdfund.json', { contractName: 'Renamed' });
    assert.strictEqual(joinArtifacts([d], [hardhat])[0].artifact, hardhat);
  });

  it('names like `__proto__` and `constructor` are names like any other', () => {
    const proto: Artifact = { contractName: '__proto__', file: 'a.json' };
    const [a, b] = joinArtifacts([deployment('__proto__', 'x.json'), deployment('constructor', 'y.json')], [proto]);
    assert.strictEqual(a.artifact, proto);
    assert.strictEqual(b.artifact, undefined);
  });

  it('lists at most MAX_OTHER_ARTIFACTS others', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ contractName: 'Crowdfund', file: `p${i}/Crowdfund.json` }));
    const [pair] = joinArtifacts([deployment('Crowdfund', 'deployments/testnet/Crowdfund.json')], many);
    assert.ok(pair.artifact !== undefined);
    assert.strictEqual(pair.others.length, MAX_OTHER_ARTIFACTS);
  });

  it('touches each artifact a bounded number of times: n + m, not n × m', () => {
    const reads = { count: 0 };
    const counted = (m: number): Artifact[] =>
      Array.from({ length: m }, (_, i) => {
        const contractName = `C${i}`;
        const file = `artifacts/${contractName}.json`;
        return {
          get contractName() {
            reads.count++;
            return contractName;
          },
          get file() {
            reads.count++;
            return file;
          },
        };
      });
    const deployments = (n: number) =>
      Array.from({ length: n }, (_, i) => deployment(`C${i}`, `deployments/testnet/C${i}.json`));
    const readsFor = (n: number) => {
      const artifacts = counted(n * 10);
      reads.count = 0;
      joinArtifacts(deployments(n), artifacts);
      return reads.count;
    };
    const small = readsFor(100);
    const large = readsFor(800);
    assert.ok(large <= small * 8.5, `${small} property reads at n=100, ${large} at n=800`);
    assert.ok(small <= 5 * (100 + 1000), `${small} reads for 100 deployments and 1,000 artifacts`);
  });

  it('costs ~8× the time at 8× the deployments and artifacts', () => {
    const make = (n: number) => ({
      deployments: Array.from({ length: n }, (_, i) =>
        deployment(`C${i % 50}`, `p${i}/deployments/testnet/C${i}.json`),
      ),
      artifacts: Array.from({ length: n * 10 }, (_, i) => ({
        contractName: `C${i}`,
        file: `p${i}/artifacts/C${i}.json`,
      })),
    });
    assertGrowth('joinArtifacts', make, ({ deployments, artifacts }) => joinArtifacts(deployments, artifacts), 100);
  });
});
