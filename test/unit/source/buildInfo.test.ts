// Reading real compiler output (solc-js compiles of a small project, written as Hardhat 2 and 3,
// Foundry and solc standard JSON write it): the index pass keeps per contract only its prepared
// code and what it has; the detail pass reads one contract's source map, selectors, ASTs and texts.
// Run in this thread (the worker's own reading, without the worker: see sourceIndex.test.ts).
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { prepareCode } from '../../../src/abi/bytecode';
import { CompilerOutputIndexer, type OutputFileAccess } from '../../../src/source/indexer';
import { nodeFileAccess } from '../../../src/source/nodeFiles';
import { inThreadAccess } from '../../../src/source/readers';
import { sourceMapFileIds } from '../../../src/source/outputParts';
import { decodeSourceMap } from '../../../src/source/sourceMap';
import type { CompiledContractDetail } from '../../../src/source/types';
import {
  BASE_SOL,
  COUNTER_SOL,
  VAULT_SOL,
  TempWorkspace,
  compile,
  deployedOf,
  writeFoundry,
  writeHardhat2,
  writeHardhat3,
  writeSolcJson,
  type Compiled,
} from './buildInfoFixtures';

const VAULT = 'contracts/Vault.sol';
const BASE = 'contracts/Base.sol';

function indexer(access: OutputFileAccess = nodeFileAccess()): CompilerOutputIndexer {
  return new CompilerOutputIndexer(access, { detailBudgetBytes: 64 * 1024 * 1024 });
}

async function detailOf(ix: CompilerOutputIndexer, key: string): Promise<CompiledContractDetail> {
  const detail = await ix.detail(key);
  if (typeof detail === 'string') throw new Error(`${key}: ${detail}`);
  return detail;
}

const byName = (d: CompiledContractDetail, name: string) => [...d.sources.values()].find(s => s.name === name);

describe('compiler output: the index pass and the detail pass on real solc output', function () {
  this.timeout(120_000);
  let compiled: Compiled;
  let ws: TempWorkspace;

  before(() => {
    compiled = compile();
  });
  beforeEach(() => {
    ws = new TempWorkspace();
  });
  afterEach(() => ws.remove());

  it('Hardhat 2 build-info: every contract with deployed code, prepared as the ABI index prepares it', async () => {
    const file = writeHardhat2(ws, compiled);
    const ix = indexer();
    const outcome = await ix.index(ws.file(file));
    assert.strictEqual(outcome.skipped, undefined);
    assert.deepStrictEqual(outcome.refs.map(r => `${r.sourceName}:${r.contractName}`).sort(), [
      'contracts/Base.sol:Checks',
      'contracts/Counter.sol:Counter',
      'contracts/Vault.sol:Vault',
    ]);
    const vault = outcome.refs.find(r => r.contractName === 'Vault')!;
    const deployed = deployedOf(compiled, VAULT, 'Vault');
    assert.deepStrictEqual(
      vault.code,
      prepareCode(deployed.object, Object.values(deployed.immutableReferences).flat()),
    );
    assert.deepStrictEqual(
      { ...vault, code: undefined },
      {
        key: `${file}#${VAULT}:Vault`,
        contractName: 'Vault',
        sourceName: VAULT,
        origin: { kind: 'hardhat-build-info', file },
        solcVersion: compiled.longVersion,
        code: undefined,
        hasAst: true,
        hasSourceMap: true,
      },
    );
  });

  it('Hardhat 2 detail: the deployed map, selectors, the ASTs and texts of the sources the code runs through', async () => {
    const file = writeHardhat2(ws, compiled);
    const ix = indexer();
    await ix.index(ws.file(file));
    const detail = await detailOf(ix, `${file}#${VAULT}:Vault`);
    assert.strictEqual(detail.deployedSourceMap, deployedOf(compiled, VAULT, 'Vault').sourceMap);
    assert.strictEqual(detail.selectors.get('0x2e1a7d4d'), 'withdraw(uint256)');
    assert.strictEqual(detail.selectors.size, 6);
    const ids = compiled.output.sources;
    assert.deepStrictEqual(byName(detail, VAULT), {
      id: ids[VAULT].id,
      name: VAULT,
      generated: false,
      content: VAULT_SOL,
    });
    assert.deepStrictEqual(byName(detail, BASE), { id: ids[BASE].id, name: BASE, generated: false, content: BASE_SOL });
    assert.strictEqual(byName(detail, 'contracts/Counter.sol'), undefined, 'a source the code does not run through');
    assert.deepStrictEqual([...detail.asts.keys()].sort(), [ids[BASE].id, ids[VAULT].id].sort());
    assert.deepStrictEqual(detail.asts.get(ids[VAULT].id as number), ids[VAULT].ast);
    const generated = [...detail.sources.values()].filter(s => s.generated);
    assert.ok(generated.length > 0 && generated.every(s => s.name.endsWith('.yul') && (s.content ?? '').length > 0));
    assert.strictEqual(await ix.compiledText(`${file}#${VAULT}:Vault`, BASE), BASE_SOL);
    // A source outside the detail is read on its own.
    assert.strictEqual(await ix.compiledText(`${file}#${VAULT}:Vault`, 'contracts/Counter.sol'), COUNTER_SOL);
  });

  it('Hardhat 3 split build-info: user source names, the version and the texts from the input beside it', async () => {
    const file = writeHardhat3(ws);
    const ix = indexer();
    const outcome = await ix.index(ws.file(file));
    const vault = outcome.refs.find(r => r.contractName === 'Vault')!;
    assert.strictEqual(vault.sourceName, VAULT);
    assert.strictEqual(vault.key, `${file}#${VAULT}:Vault`);
    assert.strictEqual(vault.origin.kind, 'hardhat-build-info');
    assert.strictEqual(vault.solcVersion, compiled.longVersion);
    const detail = await detailOf(ix, vault.key);
    assert.strictEqual(byName(detail, VAULT)?.content, VAULT_SOL);
    assert.strictEqual(byName(detail, BASE)?.content, BASE_SOL);
    // The input half alone is no contract and no complaint.
    const input = file.replace(/\.output\.json$/, '.json');
    assert.deepStrictEqual(await ix.index(ws.file(input)), { file: input, refs: [] });
    // Without its input the output still indexes, names without `project/`, no texts.
    fs.rmSync(path.join(ws.root, ...input.split('/')));
    const alone = indexer();
    const refs = (await alone.index(ws.file(file))).refs;
    assert.ok(refs.some(r => r.sourceName === VAULT && r.solcVersion === undefined));
    assert.strictEqual(byName(await detailOf(alone, vault.key), VAULT)?.content, undefined);
  });

  it('Foundry out/: one contract per artifact, the keccak-256 for the text, the ASTs of its compilation', async () => {
    const artifacts = writeFoundry(ws, compiled);
    const ix = indexer();
    const refs = [];
    for (const a of artifacts) refs.push(...(await ix.index(ws.file(a, 'foundry'))).refs);
    assert.deepStrictEqual(refs.map(r => r.contractName).sort(), ['Checks', 'Counter', 'Vault']);
    const vault = refs.find(r => r.contractName === 'Vault')!;
    assert.deepStrictEqual([vault.origin.kind, vault.hasAst, vault.hasSourceMap], ['foundry', true, true]);
    const detail = await detailOf(ix, vault.key);
    const metadata = JSON.parse(compiled.output.contracts[VAULT].Vault.metadata as string) as {
      sources: Record<string, { keccak256: string }>;
    };
    assert.deepStrictEqual(byName(detail, VAULT)?.keccak256, metadata.sources[VAULT].keccak256);
    assert.strictEqual(byName(detail, VAULT)?.content, undefined);
    // Base.sol's AST comes from the artifacts of Base.sol (Checks, Owned): same compilation.
    assert.deepStrictEqual(
      [...detail.asts.keys()].sort(),
      [compiled.output.sources[BASE].id, compiled.output.sources[VAULT].id].sort(),
    );
    assert.strictEqual(detail.selectors.get('0x2e1a7d4d'), 'withdraw(uint256)');
    assert.strictEqual(await ix.compiledText(vault.key, VAULT), undefined, 'Foundry keeps no text');
    // The small default build-info has no output.
    const info = await ix.index(ws.file('foundry/out/build-info/a1b2c3.json', 'foundry'));
    assert.match(info.skipped ?? '', /without the compiler output/);
  });

  it('solc standard JSON: an output file, and one holding its input too', async () => {
    const ix = indexer();
    const plain = await ix.index(ws.file(writeSolcJson(ws, compiled)));
    const combined = await ix.index(ws.file(writeSolcJson(ws, compiled, true)));
    for (const o of [plain, combined]) {
      assert.strictEqual(o.refs.length, 3);
      assert.ok(o.refs.every(r => r.origin.kind === 'solc-json' && r.hasAst && r.hasSourceMap));
    }
    const key = (o: typeof plain) => o.refs.find(r => r.contractName === 'Vault')!.key;
    assert.strictEqual(byName(await detailOf(ix, key(plain)), VAULT)?.content, undefined);
    assert.strictEqual(byName(await detailOf(ix, key(combined)), VAULT)?.content, VAULT_SOL);
  });

  it('Foundry build-info (forge build --build-info): the whole standard JSON, shown as Foundry', async () => {
    const ids = Object.fromEntries(Object.entries(compiled.output.sources).map(([name, s]) => [String(s.id), name]));
    const file = ws.write('foundry/out/build-info/f00d.json', {
      id: 'f00d',
      source_id_to_path: ids,
      language: 'Solidity',
      _format: 'ethers-rs-sol-build-info-1',
      input: compiled.input,
      output: compiled.output,
      solcLongVersion: compiled.longVersion,
    });
    const ix = indexer();
    const { refs, skipped } = await ix.index(ws.file(file, 'foundry'));
    assert.strictEqual(skipped, undefined);
    assert.ok(
      refs.length === 3 && refs.every(r => r.origin.kind === 'foundry' && r.solcVersion === compiled.longVersion),
    );
    const vault = refs.find(r => r.contractName === 'Vault')!;
    assert.strictEqual(byName(await detailOf(ix, vault.key), VAULT)?.content, VAULT_SOL);
  });

  it('knows what the output lacks: no AST, no source map, no deployed bytecode', async () => {
    const bare = structuredClone<Compiled['output']>(compiled.output);
    for (const s of Object.values(bare.sources)) delete s.ast;
    for (const byContract of Object.values(bare.contracts))
      for (const c of Object.values(byContract))
        delete (c.evm as { deployedBytecode: { sourceMap?: string } }).deployedBytecode.sourceMap;
    const ix = indexer();
    const o = await ix.index(ws.file(ws.write('solc/bare.json', bare)));
    assert.ok(o.refs.length === 3 && o.refs.every(r => !r.hasAst && !r.hasSourceMap));
    const abiOnly = { contracts: { [VAULT]: { Vault: { abi: [] } } }, sources: {} };
    const none = await ix.index(ws.file(ws.write('solc/abi.json', abiOnly)));
    assert.deepStrictEqual(none.refs, []);
    assert.match(none.skipped ?? '', /lacks `evm.deployedBytecode.object`/);
  });

  it('bad input, case by case: a clear reason, nothing indexed, never a throw', async () => {
    const ix = indexer();
    const full = JSON.stringify({ _format: 'hh-sol-build-info-1', input: compiled.input, output: compiled.output });
    const cases: [string, string, RegExp][] = [
      ['cut.json', full.slice(0, full.length / 2), /^not valid JSON: Unexpected end in JSON at byte \d+$/],
      ['text.json', 'not json at all', /^not valid JSON: Unexpected character 'o' in JSON at byte 1$/],
      ['array.json', '[1,2,3]', /^not compiler output/],
      [
        'artifact.json',
        JSON.stringify({ _format: 'hh-sol-artifact-1', deployedBytecode: '0x6080' }),
        /^not compiler output/,
      ],
      ['deep.json', '['.repeat(5000) + ']'.repeat(5000), /^not read: nested deeper than 1000/],
      [
        'hostile.json',
        JSON.stringify({
          contracts: { [VAULT]: { V: { evm: { deployedBytecode: { object: '0xzz', immutableReferences: 'x' } } } } },
        }),
        /not hex/,
      ],
    ];
    for (const [name, text, reason] of cases) {
      const outcome = await ix.index(ws.file(ws.write(name, text)));
      assert.deepStrictEqual(outcome.refs, [], name);
      assert.match(outcome.skipped ?? '', reason, name);
    }
    const gone = await ix.index(ws.file('missing.json'));
    assert.deepStrictEqual(gone, { file: 'missing.json', refs: [], skipped: 'the file is gone (deleted or moved)' });
  });

  it('re-indexing replaces, removing forgets: a detail asked after says so', async () => {
    const file = writeHardhat2(ws, compiled);
    const ix = indexer();
    const key = `${file}#${VAULT}:Vault`;
    await ix.index(ws.file(file));
    await detailOf(ix, key);
    ws.write(file, { _format: 'hh-sol-build-info-1', output: { contracts: {}, sources: {} } });
    assert.deepStrictEqual((await ix.index(ws.file(file))).refs, []);
    const gone = await ix.detail(key);
    assert.ok(typeof gone === 'string' && /no longer indexed/.test(gone), String(typeof gone));
    ix.remove(file);
    assert.strictEqual(ix.detailsHeld, 0);
  });

  it('keeps loaded details within their weight budget (still answering beyond it)', async () => {
    const file = writeHardhat2(ws, compiled);
    const names = ['contracts/Vault.sol:Vault', 'contracts/Counter.sol:Counter', 'contracts/Base.sol:Checks'];
    const held = async (budget: number) => {
      const ix = new CompilerOutputIndexer(nodeFileAccess(), { detailBudgetBytes: budget });
      await ix.index(ws.file(file));
      for (const name of names) assert.ok((await detailOf(ix, `${file}#${name}`)).deployedSourceMap);
      return ix.detailsHeld;
    };
    assert.strictEqual(await held(64 * 1024 * 1024), 3);
    assert.strictEqual(await held(1), 0);
  });

  it('reads in this thread through `read`, with its cap: 20 MB a file', async () => {
    const file = writeHardhat2(ws, compiled);
    const reads: string[] = [];
    const ix = indexer(
      inThreadAccess({
        read: async f => {
          reads.push(f);
          return fs.readFileSync(path.join(ws.root, f));
        },
        size: async f => (f === 'huge.json' ? 21 * 1024 * 1024 : undefined),
      }),
    );
    const outcome = await ix.index({ file, projectRoot: '' });
    assert.strictEqual(outcome.refs.length, 3);
    assert.strictEqual(byName(await detailOf(ix, `${file}#${VAULT}:Vault`), VAULT)?.content, VAULT_SOL);
    const huge = await ix.index({ file: 'huge.json', projectRoot: '' });
    assert.match(huge.skipped ?? '', /^larger than 20 MB \(21\.0 MB\): not read without a worker thread/);
    assert.ok(!reads.includes('huge.json'), 'a file over the cap is not read');
  });

  it('finds the source ids a source map points at, as the source-map decoder does', () => {
    for (const [source, byContract] of Object.entries(compiled.output.contracts))
      for (const name of Object.keys(byContract)) {
        const map = deployedOf(compiled, source, name).sourceMap;
        const decoded = [...new Set(decodeSourceMap(map).map(e => e.fileIndex))]
          .filter(f => f >= 0)
          .sort((a, b) => a - b);
        assert.deepStrictEqual(sourceMapFileIds(map), decoded, `${source}:${name}`);
      }
    assert.deepStrictEqual(sourceMapFileIds(''), []);
    assert.deepStrictEqual(sourceMapFileIds('1:2:-1:-;;:3:5'), [5]);
    assert.deepStrictEqual(sourceMapFileIds('1:2:0;3;4:5;:::i;1:1:x'), [0]);
  });
});
