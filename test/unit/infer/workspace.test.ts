import * as assert from 'assert';
import {
  type ConfigEvidence,
  candidatePaths,
  describeAnswer,
  inferFromConfig,
  inferFromSource,
  inferNetwork,
  MAX_CONFIG_BYTES,
  nearestFirst,
  networkFromChainId,
  networkFromName,
  networkFromUrl,
  settingsAnswer,
  tooLarge,
} from '../../../src/infer';

function summary(e: ConfigEvidence): string {
  switch (e.kind) {
    case 'network':
      return `${e.network} via ${e.claim.what}${e.claim.line === undefined ? '' : `@${e.claim.line}`}`;
    case 'conflict':
      return `conflict ${e.claims.map(c => `${c.network}@${c.line ?? '?'}`).join(' ')}`;
    case 'skipped':
      return `skipped: ${e.reason}`;
    case 'none':
      return 'none';
  }
}

const HEDERA_HARDHAT = `import { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-toolbox";
import * as dotenv from "dotenv";
dotenv.config();

const config: HardhatUserConfig = {
  solidity: "0.8.24",
  defaultNetwork: "testnet",
  networks: {
    // mainnet: { url: "https://mainnet.hashio.io/api", chainId: 295 },
    testnet: {
      url: process.env.TESTNET_ENDPOINT || "https://testnet.hashio.io/api",
      accounts: [process.env.TESTNET_OPERATOR_PRIVATE_KEY ?? ""],
      chainId: 296,
    },
    previewnet: {
      url: "https://previewnet.hashio.io/api",
      accounts: [],
    },
  },
};
export default config;
`;

// [path, text, expected]
const table: Array<[string, string, string]> = [
  // .env
  ['.env', 'HEDERA_NETWORK=mainnet\nOPERATOR_ID=0.0.2\n', 'mainnet via HEDERA_NETWORK@1'],
  ['.env', 'OPERATOR_ID=0.0.1234\nOPERATOR_KEY=302e...\nHEDERA_NETWORK="testnet"\n', 'testnet via HEDERA_NETWORK@3'],
  ['.env', "export HEDERA_NETWORK='previewnet' # for the demo\n", 'previewnet via HEDERA_NETWORK@1'],
  ['.env', 'NETWORK=local\n', 'local via NETWORK@1'],
  ['.env', 'HEDERA_NETWORK=localhost\r\n', 'local via HEDERA_NETWORK@1'],
  ['.env', 'NETWORK=testnet\nHEDERA_NETWORK=mainnet\n', 'mainnet via HEDERA_NETWORK@2'],
  ['.env', 'HEDERA_NETWORK=testnet\nHEDERA_NETWORK=mainnet\n', 'mainnet via HEDERA_NETWORK@2'],
  ['.env', '# HEDERA_NETWORK=mainnet\nHEDERA_NETWORK=testnet\n', 'testnet via HEDERA_NETWORK@2'],
  [
    '.env',
    'HEDERA_NETWORK=custom\nRPC_URL=https://testnet.hashio.io/api\n',
    'testnet via RPC_URL (testnet.hashio.io)@2',
  ],
  [
    '.env',
    'MIRROR_NODE_URL=https://mainnet-public.mirrornode.hedera.com\n',
    'mainnet via MIRROR_NODE_URL (mainnet-public.mirrornode.hedera.com)@1',
  ],
  ['.env', 'RELAY=http://localhost:7546\n', 'local via RELAY (localhost:7546)@1'],
  ['.env', 'RPC_URL=http://localhost:8545\n', 'none'],
  ['.env', 'A=https://testnet.hashio.io/api\nB=https://mainnet.hashio.io/api\n', 'conflict testnet@1 mainnet@2'],
  ['.env', 'COMMENT="mainnet is for production"\n', 'none'],
  ['.env.local', 'HEDERA_NETWORK=previewnet', 'previewnet via HEDERA_NETWORK@1'],
  // hardhat
  ['hardhat.config.ts', HEDERA_HARDHAT, 'testnet via defaultNetwork "testnet" (chainId 296)@11'],
  ['hardhat.config.js', HEDERA_HARDHAT.replace('defaultNetwork: "testnet",', ''), 'conflict testnet@11 previewnet@16'],
  [
    'hardhat.config.js',
    'module.exports = {\n  solidity: "0.8.20",\n  networks: {\n    hedera: { url: "https://mainnet.hashio.io/api", accounts: [] },\n  },\n};\n',
    'mainnet via networks.hedera (mainnet.hashio.io)@4',
  ],
  [
    'hardhat.config.ts',
    'export default {\n  networks: {\n    "hedera-local": { url: "http://localhost:7546", chainId: 298 },\n    sepolia: { url: "https://rpc.sepolia.org", chainId: 11155111 },\n  },\n};\n',
    'local via networks.hedera-local (chainId 298)@3',
  ],
  [
    'hardhat.config.ts',
    'export default {\n  defaultNetwork: "hardhat",\n  networks: {\n    testnet: { url: "https://testnet.hashio.io/api", chainId: 0x128 },\n  },\n};\n',
    'testnet via networks.testnet (chainId 296)@4',
  ],
  [
    'hardhat.config.ts',
    'export default { networks: { mainnet: { url: "https://eth.llamarpc.com", chainId: 1 } } };',
    'none',
  ],
  [
    'hardhat.config.ts',
    'export default {\n  networks: {\n    testnet: { chainId: 296,\n};\n',
    'skipped: does not parse (unbalanced brackets)',
  ],
  [
    'hardhat.config.cjs',
    'const nets = makeNetworks();\nmodule.exports = { networks: nets, extra: "https://previewnet.hashio.io/api" };',
    'previewnet via previewnet.hashio.io@2',
  ],
  ['hardhat.config.ts', '// chainId: 295\nexport default { solidity: "0.8.0" };', 'none'],
  // foundry
  [
    'foundry.toml',
    '[profile.default]\nsrc = "src"\nout = "out"\neth_rpc_url = "https://testnet.hashio.io/api"\n',
    'testnet via eth_rpc_url (testnet.hashio.io)@4',
  ],
  ['foundry.toml', '[profile.default]\nchain_id = 295 # mainnet\n', 'mainnet via chain_id = 295@2'],
  [
    'foundry.toml',
    '[profile.default]\nsrc = "src"\n\n[rpc_endpoints]\nhedera_testnet = "https://testnet.hashio.io/api"\nsepolia = "${SEPOLIA_RPC}"\n',
    'testnet via rpc_endpoints.hedera_testnet (testnet.hashio.io)@5',
  ],
  [
    'foundry.toml',
    '[rpc_endpoints]\ntestnet = "https://testnet.hashio.io/api"\nmainnet = "https://mainnet.hashio.io/api"\n',
    'conflict testnet@2 mainnet@3',
  ],
  ['foundry.toml', '[profile.default\nsrc = "src"\n', 'skipped: does not parse (table header at line 1)'],
  ['foundry.toml', '# eth_rpc_url = "https://mainnet.hashio.io/api"\n[profile.default]\n', 'none'],
  // local node and Solo
  [
    'docker-compose.yml',
    'services:\n  rest:\n    image: "${MIRROR_IMAGE_PREFIX}hedera-mirror-node/hedera-mirror-rest:0.120.0"\n    ports:\n      - 5551:5551\n',
    'local via a local node (hedera-mirror-node)@3',
  ],
  ['docker-compose.yml', 'services:\n  db:\n    image: postgres:16\n', 'none'],
  [
    'package.json',
    '{"name":"x","devDependencies":{"@hashgraph/hedera-local":"^2.30.0"}}',
    'local via dependency @hashgraph/hedera-local',
  ],
  [
    'package.json',
    '{"name":"x","scripts":{"local":"hedera start -d","test":"mocha"}}',
    'local via script "local" (hedera start -d)',
  ],
  ['package.json', '{"name":"x","scripts":{"test":"mocha"},"dependencies":{"@hashgraph/sdk":"^2.50.0"}}', 'none'],
  // not text
  ['.env', 'HEDERA_NETWORK=mainnet\u0000\u0001\u0002', 'skipped: binary (NUL bytes), not a text file'],
  [
    '.env',
    `${'A=1\n'.repeat(MAX_CONFIG_BYTES / 4)}HEDERA_NETWORK=mainnet\n`,
    'skipped: 256 KB is over the 256 KB limit for a config file',
  ],
  // unknown files say nothing
  ['notes.txt', 'HEDERA_NETWORK=mainnet', 'none'],
];

describe('network inference from workspace configs', () => {
  for (const [path, text, expected] of table) {
    it(`${path}: ${JSON.stringify(text).slice(0, 80)} → ${expected}`, () => {
      assert.strictEqual(summary(inferFromConfig({ path, text })), expected);
    });
  }

  it("a package.json that does not parse is skipped with the parser's words", () => {
    const e = summary(inferFromConfig({ path: 'package.json', text: '{"name": "x",' }));
    assert.match(e, /^skipped: does not parse \(.*JSON.*\)$/);
  });

  it('a 5 MB file is refused by its size before it is read', () => {
    assert.strictEqual(tooLarge(5 * 1024 * 1024), '5.0 MB is over the 256 KB limit for a config file');
    assert.strictEqual(tooLarge(1000), undefined);
  });

  it('looks in the document folder first, then each parent up to the workspace folder, never beyond', () => {
    const paths = candidatePaths('contracts/scripts/deploy.ts');
    assert.strictEqual(paths[0], 'contracts/scripts/.env');
    assert.ok(paths.indexOf('contracts/.env') > paths.indexOf('contracts/scripts/package.json'));
    assert.ok(paths.includes('.env') && paths.includes('hardhat.config.ts'));
    assert.ok(paths.every(p => !p.startsWith('/') && !p.includes('..')));
    assert.deepStrictEqual(candidatePaths('main.go').slice(0, 2), ['.env', '.env.local']);
  });

  it('orders found files nearest first, then .env before Hardhat before Foundry', () => {
    const order = nearestFirst([
      { path: 'foundry.toml', text: '' },
      { path: 'hardhat.config.ts', text: '' },
      { path: 'contracts/foundry.toml', text: '' },
      { path: '.env', text: '' },
      { path: 'contracts/.env', text: '' },
    ]).map(f => f.path);
    assert.deepStrictEqual(order, [
      'contracts/.env',
      'contracts/foundry.toml',
      '.env',
      'hardhat.config.ts',
      'foundry.toml',
    ]);
  });
});

describe('names, chain ids and URLs', () => {
  it('names', () => {
    assert.strictEqual(networkFromName('MAINNET'), 'mainnet');
    assert.strictEqual(networkFromName('local-node'), 'local');
    assert.strictEqual(networkFromName('solo'), 'local');
    assert.strictEqual(networkFromName('toString'), undefined);
    assert.strictEqual(networkFromName('sepolia'), undefined);
  });
  it('chain ids', () => {
    assert.deepStrictEqual(['295', '296', '297', '298', '0x127', '1', '2960'].map(networkFromChainId), [
      'mainnet',
      'testnet',
      'previewnet',
      'local',
      'mainnet',
      undefined,
      undefined,
    ]);
  });
  it('URLs', () => {
    assert.strictEqual(networkFromUrl('https://testnet.hashio.io/api'), 'testnet');
    assert.strictEqual(networkFromUrl('https://testnet.mirrornode.hedera.com/api/v1'), 'testnet');
    assert.strictEqual(networkFromUrl('http://127.0.0.1:5551'), 'local');
    assert.strictEqual(networkFromUrl('https://testnet.hashio.io.evil.example/api'), undefined);
    assert.strictEqual(networkFromUrl('file:///testnet.hashio.io'), undefined);
    assert.strictEqual(networkFromUrl('not a url'), undefined);
  });
});

describe('the answer: nearest evidence first', () => {
  const env = inferFromConfig({ path: '.env', text: 'HEDERA_NETWORK=mainnet\n' });
  const hardhat = inferFromConfig({ path: 'hardhat.config.ts', text: HEDERA_HARDHAT });

  it('the file decides before the workspace', () => {
    const a = inferNetwork({ file: inferFromSource('\n\nClient.forPreviewnet();', 'c'), configs: [env] });
    assert.strictEqual(describeAnswer(a), 'previewnet · from Client.forPreviewnet() at line 3');
    assert.strictEqual(a.source, 'file');
    assert.strictEqual(a.line, 3);
  });

  it('the workspace decides when the file says nothing, nearest config first', () => {
    const a = inferNetwork({ file: inferFromSource('const x = 1;', 'c'), configs: [env, hardhat] });
    assert.strictEqual(describeAnswer(a), 'mainnet · from HEDERA_NETWORK at line 1 in .env');
    assert.strictEqual(a.path, '.env');
  });

  it('a conflict in the file is said, and the workspace decides', () => {
    const file = inferFromSource('Client.forMainnet();\nClient.forTestnet();', 'c');
    const a = inferNetwork({ file, configs: [hardhat] });
    assert.strictEqual(
      describeAnswer(a),
      'testnet · from defaultNetwork "testnet" (chainId 296) at line 11 in hardhat.config.ts ' +
        '(Client.forMainnet() at line 1 and Client.forTestnet() at line 2 disagree)',
    );
    assert.deepStrictEqual(a.conflicts[0].lines, [1, 2]);
  });

  it('nothing anywhere: testnet by default, with the skipped files for the log', () => {
    const skipped = inferFromConfig({ path: '.env', text: '\u0000' });
    const a = inferNetwork({ configs: [skipped, { kind: 'none', path: 'foundry.toml' }] });
    assert.strictEqual(describeAnswer(a), 'testnet · by default');
    assert.deepStrictEqual(a.skipped, [{ path: '.env', reason: 'binary (NUL bytes), not a text file' }]);
  });

  it('a config conflict falls through to the next config, and is said', () => {
    const both = inferFromConfig({
      path: 'foundry.toml',
      text: '[rpc_endpoints]\na = "https://testnet.hashio.io"\nb = "https://mainnet.hashio.io"\n',
    });
    const a = inferNetwork({ configs: [both] });
    assert.strictEqual(
      describeAnswer(a),
      'testnet · by default (rpc_endpoints.a (testnet.hashio.io) at line 2 and rpc_endpoints.b (mainnet.hashio.io) at line 3 disagree in foundry.toml)',
    );
  });

  it('settings', () => {
    assert.strictEqual(describeAnswer(settingsAnswer('mainnet')), 'mainnet · from settings');
  });
});
