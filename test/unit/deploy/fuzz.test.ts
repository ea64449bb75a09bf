// Property tests of the record readers: any text, any JSON, and the samples damaged (cut, bytes
// changed, pieces inserted) under each tool's path. Nothing may escape as an exception, and what is
// listed is always well-formed: an address of 40 lower-case hex, a Hedera network, a label without
// control characters. The readers' cost grows with the record (n vs 8n), not faster.
import * as assert from 'assert';
import fc from 'fast-check';
import { DeploymentFinder, readDeploymentRecord, type DiscoveryResult } from '../../../src/deploy';
import { NETWORKS } from '../../../src/ledger/networks';
import { assertGrowth } from '../../support/growth';
import { SAMPLE_FOUNDRY, SAMPLE_HARDHAT_DEPLOY, SAMPLE_IGNITION, longZero, sampleJson, sampleText } from './fixtures';

const PATHS: [string, { chainIdFileText?: string }][] = [
  ['ignition/deployments/chain-296/deployed_addresses.json', {}],
  ['ignition/deployments/custom/deployed_addresses.json', { chainIdFileText: '297' }],
  ['deployments/testnet/Crowdfund.json', {}],
  ['deployments/anything/Crowdfund.json', { chainIdFileText: '295' }],
  ['broadcast/Deploy.s.sol/296/run-latest.json', {}],
];
const SAMPLES = [sampleText(SAMPLE_IGNITION), sampleText(SAMPLE_HARDHAT_DEPLOY), sampleText(SAMPLE_FOUNDRY)];
/** Control characters (C0, C1) and bidi marks and overrides, which no label may hold. */
function hasHidden(text: string): boolean {
  return [...text].some(ch => {
    const c = ch.codePointAt(0) ?? 0;
    return (
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0x200e ||
      c === 0x200f ||
      (c >= 0x202a && c <= 0x202e) ||
      (c >= 0x2066 && c <= 0x2069)
    );
  });
}

function assertWellFormed(result: DiscoveryResult): void {
  for (const d of result.deployments) {
    assert.match(d.address, /^0x[0-9a-f]{40}$/);
    assert.ok((NETWORKS as readonly string[]).includes(d.network), d.network);
    assert.ok(!hasHidden(d.label) && d.label.length <= 201, JSON.stringify(d.label));
    if (d.artifact) assert.match(d.artifact.contractName, /^[A-Za-z_$][A-Za-z0-9_$]*$/);
    if (d.transactionHash !== undefined) assert.match(d.transactionHash, /^0x[0-9a-f]{64}$/);
  }
  for (const p of result.problems) assert.ok(typeof p.message === 'string' && p.message.length > 0);
}

const damage = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('char' as const),
    at: fc.nat(),
    text: fc.constantFrom('{', '}', '[', ']', '"', ',', ':', '\\', '\u0000', '9e999', ''),
  }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.string({ maxLength: 12 }), fc.json({ maxDepth: 2 })),
  }),
);

function damaged(text: string, changes: readonly { kind: string; at: number; text?: string }[]): string {
  let out = text;
  for (const c of changes) {
    const at = out.length === 0 ? 0 : c.at % out.length;
    if (c.kind === 'cut') out = out.slice(0, at);
    else if (c.kind === 'char') out = out.slice(0, at) + (c.text ?? '') + out.slice(at + 1);
    else out = out.slice(0, at) + (c.text ?? '') + out.slice(at);
  }
  return out;
}

describe('deployment record readers: fuzz', function () {
  this.timeout(120_000);

  it('any text under any tool’s path: never throws, lists only well-formed deployments', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATHS),
        fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 4 })),
        ([file, context], text) => {
          assertWellFormed(readDeploymentRecord(file, text, context));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('the samples damaged: never throws, lists only well-formed deployments', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PATHS),
        fc.constantFrom(...SAMPLES),
        fc.array(damage, { minLength: 1, maxLength: 4 }),
        ([file, context], sample, changes) => {
          assertWellFormed(readDeploymentRecord(file, damaged(sample, changes), context));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('Ignition: every future with an address is listed once, the last of a name twice', () => {
    const value = fc.oneof(
      fc.integer({ min: 1, max: 99_999 }).map(n => longZero(n)),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const key = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'M#A', 'M#B'));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 30 }), entries => {
        const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
        const last = new Map<string, unknown>();
        for (const [k, v] of entries) {
          last.delete(k);
          last.set(k, v);
        }
        const expected = [...last].filter(([, v]) => typeof v === 'string' && /^0x[0-9a-f]{40}$/.test(v)).length;
        const result = readDeploymentRecord(PATHS[0][0], text);
        assertWellFormed(result);
        assert.strictEqual(result.deployments.length, expected);
      }),
      { numRuns: 800 },
    );
  });

  it('the finder never rejects on damaged records, in the host thread', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...PATHS), fc.constantFrom(...SAMPLES), fc.array(damage, { maxLength: 3 })), {
          maxLength: 5,
        }),
        async records => {
          const files = new Map<string, string>();
          records.forEach(([[file]], i) => files.set(`w${i}/${file}`, damaged(records[i][1], records[i][2])));
          const finder = new DeploymentFinder({
            readFile: async f => {
              const text = files.get(f);
              if (text === undefined) throw new Error(`ENOENT ${f}`);
              return new TextEncoder().encode(text);
            },
          });
          assertWellFormed(await finder.discover([...files.keys()].map(file => ({ file }))));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('costs ~8× the time at 8× the record, for each tool', () => {
    const hardhatDeploy = sampleJson(SAMPLE_HARDHAT_DEPLOY);
    const broadcast = sampleJson(SAMPLE_FOUNDRY) as {
      transactions: Record<string, unknown>[];
      receipts: Record<string, unknown>[];
    };
    const shapes: [string, string, (n: number) => string][] = [
      [
        'Ignition futures',
        PATHS[0][0],
        n => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`M#C${i}`, longZero(i + 1)]))),
      ],
      [
        'hardhat-deploy history',
        PATHS[2][0],
        n => JSON.stringify({ ...hardhatDeploy, history: Array.from({ length: n / 50 }, () => hardhatDeploy) }),
      ],
      [
        'Foundry transactions',
        PATHS[4][0],
        n => {
          const hash = (i: number) => `0x${i.toString(16).padStart(64, '0')}`;
          const transactions = Array.from({ length: n / 10 }, (_, i) => ({
            ...broadcast.transactions[0],
            hash: hash(i),
            contractAddress: longZero(i + 1),
          }));
          const receipts = Array.from({ length: n / 10 }, (_, i) => ({
            ...broadcast.receipts[0],
            transactionHash: hash(i),
          }));
          return JSON.stringify({ ...broadcast, transactions, receipts });
        },
      ],
    ];
    for (const [what, file, make] of shapes)
      assertGrowth(`readDeploymentRecord: ${what}`, make, text => readDeploymentRecord(file, text), 400);
  });
});
