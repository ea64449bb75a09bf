// Writes the sample workspaces' deployment records, as the deployment tools write them, from the
// compiler output test/tools/make-abi-fixtures.mjs has just made (it runs this at its end):
//   - test/workspace/hardhat-sample/ignition/deployments/chain-296/: Hardhat Ignition's deployment
//     folder on testnet (chain 296) after deploying TokenModule (MyToken as 0.0.1002) and then
//     CrowdfundModule (Crowdfund as 0.0.1006): deployed_addresses.json (future id → address),
//     journal.jsonl (one JSON message a line, keys sorted, bigints as {"_kind":"bigint"}, each line
//     written after a newline), artifacts/<future id>.json (the Hardhat artifact) with its
//     .dbg.json, and build-info/<id>.json (Hardhat's build-info, written with 2-space indents);
//   - test/workspace/hardhat-sample/deployments/previewnet/: hardhat-deploy's folder on previewnet:
//     .chainId (297), Crowdfund.json (address, abi, transactionHash, receipt, args, numDeployments,
//     solcInputHash, metadata, bytecode, deployedBytecode, devdoc, userdoc, storageLayout) and
//     solcInputs/<hash>.json;
//   - test/workspace/foundry-sample/broadcast/Deploy.s.sol/296/run-latest.json: Foundry's record of
//     a script that created Counter on testnet, as 0.0.1008.
// The ids are the test world's (test/support/evmScenarios.ts and the Crowdfund facts of the
// sample world): the payer 0.0.1001 deploys. Hashes, blocks and times are made up and fixed, so the
// output is the same bytes every run. Not committed (like the compiler output it is made from).
//   node test/tools/make-deployment-fixtures.mjs
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeDeployData, getAddress } from 'viem';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', 'workspace');
const hardhatDir = join(root, 'hardhat-sample');
const foundryDir = join(root, 'foundry-sample');

const PAYER = '0.0.1001';
const MY_TOKEN = '0.0.1002';
const CROWDFUND = '0.0.1006';
const COUNTER = '0.0.1008';
/** Crowdfund's constructor: goal (above 2^64), deadline, title, a description longer than 31 bytes. */
const CROWDFUND_ARGS = [
  5_000_000n * 10n ** 18n,
  1_800_000_000,
  'Solar roof',
  'Panels for the community hall, installed before the winter of 2027.',
];
const MY_TOKEN_ARGS = [1_000_000n, 2];

/** The long-zero address of `0.0.n`, lower case. */
function longZero(id) {
  const num = /^0\.0\.(\d+)$/.exec(id);
  if (!num) throw new Error(`not a 0.0.n id: ${id}`);
  return `0x${BigInt(num[1]).toString(16).padStart(40, '0')}`;
}

/** A fixed 32-byte value named by `label` (a made-up hash that stays the same every run). */
function fixedHash(label) {
  return `0x${createHash('sha256').update(`ledger-lens sample: ${label}`).digest('hex')}`;
}

function writeJson(file, value, { indent = 2, newline = true } = {}) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, undefined, indent) + (newline ? '\n' : ''));
}

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The Hardhat build-info and the artifacts of the hardhat sample, as make-abi-fixtures.mjs wrote them. */
function hardhatOutput() {
  const buildInfoDir = join(hardhatDir, 'artifacts', 'build-info');
  const [buildInfoFile] = readdirSync(buildInfoDir).filter(f => f.endsWith('.json'));
  const buildInfo = readJson(join(buildInfoDir, buildInfoFile));
  const artifact = (source, name) => readJson(join(hardhatDir, 'artifacts', 'contracts', source, `${name}.json`));
  return { buildInfo, crowdfund: artifact('Crowdfund.sol', 'Crowdfund'), myToken: artifact('MyToken.sol', 'MyToken') };
}

// ---- Hardhat Ignition ------------------------------------------------------------------------

/** Ignition's journal serialization: keys sorted at every level, bigints as {"_kind":"bigint"}. */
function journalLine(message) {
  const sorted = value => {
    if (typeof value === 'bigint') return { _kind: 'bigint', value: value.toString(10) };
    if (Array.isArray(value)) return value.map(sorted);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map(k => [k, sorted(value[k])]),
      );
    return value;
  };
  return `\n${JSON.stringify(sorted(message))}`;
}

/** The journal messages of one future that deployed a contract, and its address. */
function futureMessages({ futureId, artifact, args, id, nonce, block }) {
  const address = getAddress(longZero(id));
  const hash = fixedHash(`${futureId} transaction`);
  return [
    {
      artifactId: futureId,
      constructorArgs: args,
      contractName: artifact.contractName,
      dependencies: [],
      from: longZero(PAYER),
      futureId,
      futureType: 'NAMED_ARTIFACT_CONTRACT_DEPLOYMENT',
      libraries: {},
      strategy: 'basic',
      strategyConfig: {},
      type: 'DEPLOYMENT_EXECUTION_STATE_INITIALIZE',
      value: 0n,
    },
    {
      futureId,
      networkInteraction: {
        data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args }),
        id: 1,
        type: 'ONCHAIN_INTERACTION',
        value: 0n,
      },
      type: 'NETWORK_INTERACTION_REQUEST',
    },
    {
      futureId,
      networkInteractionId: 1,
      nonce,
      transaction: { fees: { maxFeePerGas: 710_000_000_000n, maxPriorityFeePerGas: 0n }, hash },
      type: 'TRANSACTION_SEND',
    },
    {
      futureId,
      hash,
      networkInteractionId: 1,
      receipt: {
        blockHash: fixedHash(`block ${block}`),
        blockNumber: block,
        contractAddress: address,
        logs: [],
        status: 'SUCCESS',
      },
      type: 'TRANSACTION_CONFIRM',
    },
    { futureId, result: { address, type: 'SUCCESS' }, type: 'DEPLOYMENT_EXECUTION_STATE_COMPLETE' },
  ];
}

function ignition({ buildInfo, crowdfund, myToken }) {
  const base = join(hardhatDir, 'ignition', 'deployments');
  rmSync(base, { recursive: true, force: true });
  const dir = join(base, 'chain-296');
  const futures = [
    {
      futureId: 'TokenModule#MyToken',
      artifact: myToken,
      args: MY_TOKEN_ARGS,
      id: MY_TOKEN,
      nonce: 0,
      block: 2_000_101,
    },
    {
      futureId: 'CrowdfundModule#Crowdfund',
      artifact: crowdfund,
      args: CROWDFUND_ARGS,
      id: CROWDFUND,
      nonce: 4,
      block: 2_000_160,
    },
  ];
  const journal = [{ chainId: 296, type: 'DEPLOYMENT_INITIALIZE' }, ...futures.flatMap(futureMessages)];
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'journal.jsonl'), journal.map(journalLine).join(''));
  writeJson(
    join(dir, 'deployed_addresses.json'),
    Object.fromEntries(futures.map(f => [f.futureId, getAddress(longZero(f.id))])),
  );
  writeJson(join(dir, 'build-info', `${buildInfo.id}.json`), buildInfo, { newline: false });
  for (const { futureId, artifact } of futures) {
    writeJson(join(dir, 'artifacts', `${futureId}.json`), artifact, { newline: false });
    writeJson(
      join(dir, 'artifacts', `${futureId}.dbg.json`),
      { _format: 'hh-sol-dbg-1', buildInfo: `../build-info/${buildInfo.id}.json` },
      { newline: false },
    );
  }
}

// ---- hardhat-deploy --------------------------------------------------------------------------

function hardhatDeploy({ buildInfo, crowdfund }) {
  const base = join(hardhatDir, 'deployments');
  rmSync(base, { recursive: true, force: true });
  const dir = join(base, 'previewnet');
  const compiled = buildInfo.output.contracts['contracts/Crowdfund.sol'].Crowdfund;
  const metadata = JSON.parse(compiled.metadata);
  const address = getAddress(longZero(CROWDFUND));
  const hash = fixedHash('previewnet Crowdfund transaction');
  const block = 9_000_160;
  const solcInputHash = buildInfo.id;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '.chainId'), '297');
  writeJson(
    join(dir, 'Crowdfund.json'),
    {
      address,
      abi: crowdfund.abi,
      transactionHash: hash,
      receipt: {
        to: null,
        from: getAddress(longZero(PAYER)),
        contractAddress: address,
        transactionIndex: 0,
        gasUsed: '1893521',
        logsBloom: `0x${'0'.repeat(512)}`,
        blockHash: fixedHash(`previewnet block ${block}`),
        transactionHash: hash,
        logs: [],
        blockNumber: block,
        cumulativeGasUsed: '1893521',
        status: 1,
        byzantium: true,
      },
      args: CROWDFUND_ARGS.map(a => (typeof a === 'bigint' ? a.toString() : a)),
      numDeployments: 1,
      solcInputHash,
      metadata: compiled.metadata,
      bytecode: crowdfund.bytecode,
      deployedBytecode: crowdfund.deployedBytecode,
      devdoc: metadata.output.devdoc,
      userdoc: metadata.output.userdoc,
      storageLayout: compiled.storageLayout,
    },
    { newline: false },
  );
  mkdirSync(join(dir, 'solcInputs'), { recursive: true });
  writeFileSync(join(dir, 'solcInputs', `${solcInputHash}.json`), JSON.stringify(buildInfo.input));
}

// ---- Foundry ---------------------------------------------------------------------------------

function foundryBroadcast() {
  const base = join(foundryDir, 'broadcast');
  rmSync(base, { recursive: true, force: true });
  const counter = readJson(join(foundryDir, 'out', 'Counter.sol', 'Counter.json'));
  const address = longZero(COUNTER);
  const from = longZero(PAYER);
  const hash = fixedHash('foundry Counter transaction');
  const block = 2_000_190;
  const blockHash = fixedHash(`block ${block}`);
  writeJson(join(base, 'Deploy.s.sol', '296', 'run-latest.json'), {
    transactions: [
      {
        hash,
        transactionType: 'CREATE',
        contractName: 'Counter',
        contractAddress: address,
        function: null,
        arguments: null,
        transaction: {
          from,
          gas: '0x7a120',
          value: '0x0',
          input: counter.bytecode.object,
          nonce: '0x5',
          chainId: '0x128',
        },
        additionalContracts: [],
        isFixedGasLimit: false,
      },
    ],
    receipts: [
      {
        status: '0x1',
        cumulativeGasUsed: '0x4f2b1',
        logs: [],
        logsBloom: `0x${'0'.repeat(512)}`,
        type: '0x2',
        transactionHash: hash,
        transactionIndex: '0x0',
        blockHash,
        blockNumber: `0x${block.toString(16)}`,
        gasUsed: '0x4f2b1',
        effectiveGasPrice: '0xa54f4c3c00',
        from,
        to: null,
        contractAddress: address,
      },
    ],
    libraries: [],
    pending: [],
    returns: {},
    timestamp: 1_767_225_600,
    chain: 296,
    commit: '5c1d2e3',
  });
}

const output = hardhatOutput();
ignition(output);
hardhatDeploy(output);
foundryBroadcast();
console.log(
  `deployment records: ${join(hardhatDir, 'ignition', 'deployments')}, ${join(hardhatDir, 'deployments')}, ${join(foundryDir, 'broadcast')}`,
);
