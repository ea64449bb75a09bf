// Records as they may be found: half-written, of another format version, naming another chain,
// far too large, with names twice, or with hostile text. Each gets a problem in words where it
// happens, no deployment that is not one, and never an exception.
import * as assert from 'assert';
import * as fs from 'fs';
import { DeploymentFinder, MAX_RECORD_BYTES, readDeploymentRecord, type DiscoveryResult } from '../../../src/deploy';
import {
  SAMPLE_FOUNDRY,
  SAMPLE_HARDHAT_DEPLOY,
  SAMPLE_IGNITION,
  TempWorkspace,
  WORKER_SCRIPT,
  diskAccess,
  longZero,
  sampleText,
} from './fixtures';

const MB = 1024 * 1024;
const IGNITION = 'ignition/deployments/chain-296/deployed_addresses.json';
const HARDHAT_DEPLOY = 'deployments/testnet/Crowdfund.json';
const FOUNDRY = 'broadcast/Deploy.s.sol/296/run-latest.json';

function messages(result: DiscoveryResult): string {
  return result.problems.map(p => `${p.file}: ${p.message}`).join('\n');
}

function sampleObject(file: string): Record<string, unknown> {
  return JSON.parse(sampleText(file)) as Record<string, unknown>;
}

describe('deployment records: half-written', () => {
  const samples: [string, string][] = [
    [IGNITION, sampleText(SAMPLE_IGNITION)],
    [HARDHAT_DEPLOY, sampleText(SAMPLE_HARDHAT_DEPLOY)],
    [FOUNDRY, sampleText(SAMPLE_FOUNDRY)],
  ];
  for (const [file, text] of samples) {
    it(`${file} cut anywhere before its end lists nothing and says why`, () => {
      const end = text.lastIndexOf('}');
      const step = Math.max(1, Math.floor(end / 300));
      for (let cut = 0; cut < end; cut += step) {
        const result = readDeploymentRecord(file, text.slice(0, cut));
        assert.deepStrictEqual(result.deployments, [], `cut at ${cut}`);
        assert.strictEqual(result.problems.length, 1, `cut at ${cut}`);
        assert.match(result.problems[0].message, cut === 0 ? /^empty/ : /half-written|not JSON/, `cut at ${cut}`);
      }
    });
  }

  it('says where the text ends', () => {
    const text = sampleText(SAMPLE_IGNITION);
    const result = readDeploymentRecord(IGNITION, text.slice(0, 40));
    assert.match(result.problems[0].message, /^not complete JSON \(Unexpected end in JSON at byte 40\): half-written/);
  });
});

describe('deployment records: another format, or another version of one', () => {
  it('Ignition: a future with an object where its address belongs', () => {
    const text = JSON.stringify({ 'Mod#A': { address: longZero(1006), kind: 'contract' }, 'Mod#B': longZero(1002) });
    const result = readDeploymentRecord(IGNITION, text);
    assert.deepStrictEqual(
      result.deployments.map(d => d.label),
      ['Mod#B'],
    );
    assert.match(
      messages(result),
      /'Mod#A' has an object where its address belongs \(another version of Ignition's format\?\)/,
    );
  });

  it('hardhat-deploy: a compiler artifact, a file without an ABI, and v2’s transaction.hash', () => {
    const artifact = readDeploymentRecord(
      HARDHAT_DEPLOY,
      JSON.stringify({ _format: 'hh-sol-artifact-1', contractName: 'X', abi: [] }),
    );
    assert.match(messages(artifact), /a compiler artifact \('hh-sol-artifact-1'\), not a hardhat-deploy deployment/);
    const noAbi = readDeploymentRecord(HARDHAT_DEPLOY, JSON.stringify({ address: longZero(1006), abi: {} }));
    assert.match(messages(noAbi), /no `abi` list \(another tool’s file, or another version of the format\?\)/);
    assert.deepStrictEqual(noAbi.deployments, []);
    const hash = `0x${'ab'.repeat(32)}`;
    const v2 = readDeploymentRecord(
      HARDHAT_DEPLOY,
      JSON.stringify({ address: longZero(1006), abi: [], transaction: { hash } }),
    );
    assert.deepStrictEqual(v2.problems, []);
    assert.strictEqual(v2.deployments[0].transactionHash, hash);
  });

  it('Foundry: transactions that are not a list, and an old record without `chain`', () => {
    const notList = readDeploymentRecord(FOUNDRY, JSON.stringify({ transactions: { 0: {} }, receipts: [] }));
    assert.match(messages(notList), /no `transactions` list/);
    const old = sampleObject(SAMPLE_FOUNDRY);
    delete old.chain;
    delete old.commit;
    const result = readDeploymentRecord(
      FOUNDRY,
      JSON.stringify({ ...old, path: '/home/me/broadcast/run-latest.json' }),
    );
    assert.deepStrictEqual(result.problems, []);
    assert.strictEqual(result.deployments.length, 1);
  });

  it('not a JSON object, a byte-order mark, nesting without end, a value far over its size', () => {
    for (const text of ['[]', '"x"', '42', 'null', '  \n']) {
      const result = readDeploymentRecord(IGNITION, text);
      assert.deepStrictEqual(result.deployments, [], text);
      assert.match(messages(result), /not a JSON object|^.*: empty/, text);
    }
    const bom = readDeploymentRecord(IGNITION, `\uFEFF${sampleText(SAMPLE_IGNITION)}`);
    assert.deepStrictEqual(bom.problems, []);
    assert.strictEqual(bom.deployments.length, 2);
    const deep = readDeploymentRecord(IGNITION, `{"a":${'['.repeat(100_000)}`);
    assert.match(messages(deep), /nested deeper than 256/);
    const large = readDeploymentRecord(IGNITION, JSON.stringify({ 'Mod#A': 'x'.repeat(2 * MB) }));
    assert.match(messages(large), /larger than 1024 KB \(JSON at byte \d+\), where the tool writes a short value/);
  });

  it('hardhat-deploy metadata over its cap: the deployment is still listed, without the names it held', () => {
    const record = sampleObject(SAMPLE_HARDHAT_DEPLOY);
    const result = readDeploymentRecord(
      HARDHAT_DEPLOY,
      JSON.stringify({ ...record, metadata: `${' '.repeat(3 * MB)}{}` }),
    );
    assert.deepStrictEqual(result.problems, []);
    assert.strictEqual(result.deployments[0].address, longZero(1006));
    assert.strictEqual(result.deployments[0].artifact, undefined);
  });

  it('failed and unsent deployments are not listed', () => {
    const failed = sampleObject(SAMPLE_HARDHAT_DEPLOY);
    (failed.receipt as Record<string, unknown>).status = 0;
    assert.match(
      messages(readDeploymentRecord(HARDHAT_DEPLOY, JSON.stringify(failed))),
      /deploying transaction failed/,
    );
    const broadcast = sampleObject(SAMPLE_FOUNDRY) as {
      transactions: Record<string, unknown>[];
      receipts: Record<string, unknown>[];
    };
    const unsent = { ...broadcast, transactions: [{ ...broadcast.transactions[0], hash: null }] };
    const notSent = readDeploymentRecord(FOUNDRY, JSON.stringify(unsent));
    assert.deepStrictEqual(notSent.deployments, []);
    assert.match(messages(notSent), /1 transactions creating contracts were never sent/);
    const reverted = { ...broadcast, receipts: [{ ...broadcast.receipts[0], status: '0x0' }] };
    assert.match(messages(readDeploymentRecord(FOUNDRY, JSON.stringify(reverted))), /failed \(receipt status 0\)/);
  });

  it('a path that is no tool’s record', () => {
    assert.match(
      messages(readDeploymentRecord('contracts/Crowdfund.json', '{}')),
      /not a deployment record: Ledger Lens reads/,
    );
  });
});

describe('deployment records: another chain', () => {
  it('Ignition and Foundry folders of chains 1 and 31337', () => {
    for (const chain of [1, 31337]) {
      const ignition = readDeploymentRecord(
        `ignition/deployments/chain-${chain}/deployed_addresses.json`,
        sampleText(SAMPLE_IGNITION),
      );
      const foundry = readDeploymentRecord(
        `broadcast/Deploy.s.sol/${chain}/run-latest.json`,
        sampleText(SAMPLE_FOUNDRY),
      );
      for (const result of [ignition, foundry]) {
        assert.deepStrictEqual(result.deployments, []);
        assert.match(
          messages(result),
          new RegExp(
            `chain ${chain} is not a Hedera network \\(Hedera's chain ids: 295 mainnet, 296 testnet, 297 previewnet, 298 a local node\\)`,
          ),
        );
      }
    }
  });

  it('a broadcast whose `chain` differs from its folder: the folder’s is used, and said', () => {
    const result = readDeploymentRecord(FOUNDRY, JSON.stringify({ ...sampleObject(SAMPLE_FOUNDRY), chain: 31337 }));
    assert.strictEqual(result.deployments[0].network, 'testnet');
    assert.match(
      messages(result),
      /its `chain` \(31337\) differs from its folder's chain id \(296\): the folder's is used/,
    );
  });

  it('a hardhat-deploy folder of chain 31337: said once for the folder, with how many records', async () => {
    const text = sampleText(SAMPLE_HARDHAT_DEPLOY);
    const files = new Map<string, string>([['deployments/localhost/.chainId', '31337']]);
    for (const name of ['A', 'B', 'C']) files.set(`deployments/localhost/${name}.json`, text);
    const reads: string[] = [];
    const finder = new DeploymentFinder({
      readFile: async f => {
        reads.push(f);
        const t = files.get(f);
        if (t === undefined) throw new Error(`ENOENT ${f}`);
        return new TextEncoder().encode(t);
      },
    });
    const result = await finder.discover([...files.keys()].map(file => ({ file })));
    assert.deepStrictEqual(result.deployments, []);
    assert.deepStrictEqual(result.problems, [
      {
        file: 'deployments/localhost/.chainId',
        message:
          "chain 31337 is not a Hedera network (Hedera's chain ids: 295 mainnet, 296 testnet, 297 previewnet, 298 a local node): its 3 deployments are not listed (deployments/localhost/)",
      },
    ]);
    assert.deepStrictEqual(reads, ['deployments/localhost/.chainId'], 'records on another chain are not read');
  });

  it('chain ids far too large to be any chain’s', () => {
    const digits = '9'.repeat(400);
    const chainIdFile = readDeploymentRecord(HARDHAT_DEPLOY, sampleText(SAMPLE_HARDHAT_DEPLOY), {
      chainIdFileText: digits,
    });
    assert.match(messages(chainIdFile), /the chain id 999999999999… \(400 digits\) is no chain's/);
    const folder = readDeploymentRecord(`ignition/deployments/chain-${'9'.repeat(25)}/deployed_addresses.json`, '{}');
    assert.match(messages(folder), /chain 999999999999… is not a Hedera network/);
    const notDigits = readDeploymentRecord(HARDHAT_DEPLOY, '{}', { chainIdFileText: '0x128' });
    assert.match(messages(notDigits), /'0x128' is not a chain id/);
  });
});

describe('deployment records: 200 MB', () => {
  it('a record over the cap is measured and never read', async () => {
    const reads: string[] = [];
    const finder = new DeploymentFinder({
      readFile: async f => (reads.push(f), new Uint8Array(0)),
      size: async () => 200 * MB,
    });
    const result = await finder.discover([{ file: IGNITION }, { file: FOUNDRY }]);
    assert.deepStrictEqual(reads, []);
    assert.deepStrictEqual(
      result.problems.map(p => p.message),
      ['larger than 64 MiB (200.0 MiB): not read', 'larger than 64 MiB (200.0 MiB): not read'],
    );
    assert.strictEqual(MAX_RECORD_BYTES, 64 * MB);
  });

  it('a sparse 200 MB file on disk, in the host thread and in the worker', async () => {
    const ws = new TempWorkspace();
    try {
      const big = ws.write(HARDHAT_DEPLOY, '');
      fs.truncateSync(big.fsPath, 200 * MB); // sparse: no 200 MB is written or held
      ws.write('deployments/testnet/.chainId', '296');
      for (const workerScript of [undefined, WORKER_SCRIPT]) {
        const access = diskAccess(ws.root);
        const finder = new DeploymentFinder({ ...access, ...(workerScript ? { workerScript } : {}) });
        try {
          const result = await finder.discover([big]);
          assert.deepStrictEqual(result.problems, [
            { file: HARDHAT_DEPLOY, message: 'larger than 64 MiB (200.0 MiB): not read' },
          ]);
          assert.ok(!access.reads.includes(big.fsPath), 'never read');
        } finally {
          finder.dispose();
        }
      }
    } finally {
      ws.remove();
    }
  });

  it('a record that cannot be read says so', async () => {
    const finder = new DeploymentFinder({
      readFile: async () => Promise.reject(new Error('EACCES: permission denied')),
    });
    const result = await finder.discover([{ file: IGNITION }]);
    assert.deepStrictEqual(result.problems, [
      { file: IGNITION, message: 'could not be read (EACCES: permission denied)' },
    ]);
  });
});

describe('deployment records: names twice', () => {
  it('a future listed twice: the last address is used, as Ignition reads it', () => {
    const text = `{"Mod#A": "${longZero(1)}", "Mod#B": "${longZero(2)}", "Mod#A": "${longZero(3)}"}`;
    const result = readDeploymentRecord(IGNITION, text);
    assert.deepStrictEqual(
      result.deployments.map(d => [d.label, d.address]),
      [
        ['Mod#A', longZero(3)],
        ['Mod#B', longZero(2)],
      ],
    );
    assert.match(messages(result), /the future 'Mod#A' is listed twice: the last address is used/);
  });

  it('a hardhat-deploy address written twice', () => {
    const text = `{"address": "${longZero(1)}", "abi": [], "address": "${longZero(2)}"}`;
    const result = readDeploymentRecord(HARDHAT_DEPLOY, text);
    assert.strictEqual(result.deployments[0].address, longZero(2));
    assert.match(messages(result), /'address' is written twice: the last is used/);
  });

  it('the same contract created twice by one script: both are listed', () => {
    const broadcast = sampleObject(SAMPLE_FOUNDRY) as { transactions: Record<string, unknown>[] };
    const again = { ...broadcast.transactions[0], hash: `0x${'cd'.repeat(32)}`, contractAddress: longZero(1011) };
    const result = readDeploymentRecord(
      FOUNDRY,
      JSON.stringify({ ...broadcast, transactions: [broadcast.transactions[0], again] }),
    );
    assert.deepStrictEqual(
      result.deployments.map(d => [d.label, d.address]),
      [
        ['Counter', longZero(1008)],
        ['Counter', longZero(1011)],
      ],
    );
  });
});

describe('deployment records: hostile text', () => {
  it('control and direction characters in names are shown as �, long names cut', () => {
    const text = JSON.stringify({
      'Mod#Evil\u202Egnp.exe': longZero(1),
      'Mod#Bell\u0007': longZero(2),
      [`Mod#${'A'.repeat(5000)}`]: longZero(3),
    });
    const result = readDeploymentRecord(IGNITION, text);
    const labels = result.deployments.map(d => d.label);
    assert.deepStrictEqual(labels.slice(0, 2), ['Mod#Evil\uFFFDgnp.exe', 'Mod#Bell\uFFFD']);
    assert.strictEqual(labels[2].length, 201);
    assert.ok(labels[2].endsWith('…'));
    assert.deepStrictEqual(
      result.deployments.slice(0, 2).map(d => d.artifact),
      [undefined, undefined],
    );
    assert.strictEqual(result.deployments[2].artifact?.file, undefined, 'a 5,000-character future id names no file');
  });

  it('`__proto__` and other keys of Object.prototype are names like any other', () => {
    const text = `{"__proto__": "${longZero(1)}", "constructor": "${longZero(2)}", "Mod#toString": "${longZero(3)}"}`;
    const result = readDeploymentRecord(IGNITION, text);
    assert.deepStrictEqual(
      result.deployments.map(d => d.label),
      ['__proto__', 'constructor', 'Mod#toString'],
    );
    assert.strictEqual(({} as Record<string, unknown>).polluted, undefined);
    const metadata = '{"settings":{"compilationTarget":{"__proto__":"Evil"}}}';
    const record = readDeploymentRecord(HARDHAT_DEPLOY, JSON.stringify({ address: longZero(1), abi: [], metadata }));
    assert.deepStrictEqual(record.deployments[0].artifact, { contractName: 'Evil', sourceName: '__proto__' });
  });

  it('addresses in other shapes, names that are not names, and huge numbers', () => {
    const ignition = readDeploymentRecord(
      IGNITION,
      JSON.stringify({
        'M#A': ` ${longZero(1)}`,
        'M#B': `0X${'a'.repeat(40)}`,
        'M#C': 12345,
        'M#D': `${longZero(4)}00`,
      }),
    );
    assert.deepStrictEqual(ignition.deployments, []);
    assert.strictEqual(ignition.problems.length, 4);
    const broadcast = sampleObject(SAMPLE_FOUNDRY) as { transactions: Record<string, unknown>[] };
    const text = JSON.stringify({
      ...broadcast,
      transactions: [{ ...broadcast.transactions[0], contractName: 'Counter\u0000; rm -rf' }],
    })
      .replace('"chain":296', '"chain":1e400')
      .replace('"timestamp":1767225600', '"timestamp":1e30');
    const foundry = readDeploymentRecord(FOUNDRY, text);
    const [d] = foundry.deployments;
    assert.strictEqual(d.label, 'Counter\uFFFD; rm -rf');
    assert.strictEqual(d.artifact, undefined);
    assert.strictEqual(d.deployedAt, undefined);
    assert.match(messages(foundry), /is not a contract name/);
    assert.match(messages(foundry), /its `chain` \(Infinity\) differs/);
  });

  it('problems are capped per record, and say how many more there were', () => {
    const text = JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`M#C${i}`, 'nope'])));
    const result = readDeploymentRecord(IGNITION, text);
    assert.strictEqual(result.problems.length, 21);
    assert.strictEqual(result.problems[20].message, 'and 480 more problems like these');
  });
});
