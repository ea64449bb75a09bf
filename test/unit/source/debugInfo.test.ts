// A compiled contract's debug information (SourceIndex.debugInfo) on real solc-js output: each
// instruction's source range is what decodeSourceMap says for it, at the pc instructionStarts
// gives; the sources are the map's, with their texts (a build-info's input) or their keccak-256
// (Foundry); the generated sources are the code's own (creation and deployed differ); the storage
// layout is solc's. The pcs a real EVM runs (deploying the contract, then calling it) all start an
// instruction and map into the source statements that ran. The worker thread and the extension
// host's own thread give the same answer.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { encodeAbiParameters, encodeFunctionData, type Abi } from 'viem';
import { SourceIndex, type SourceIndexOptions } from '../../../src/source/sourceIndex';
import { decodeSourceMap, instructionIndexAt, instructionStarts } from '../../../src/source/sourceMap';
import { JUMP_IN, JUMP_OUT, JUMP_REGULAR, type CodeDebugInfo } from '../../../src/source/debugTypes';
import type { CompiledContractRef } from '../../../src/source/types';
import { SOURCES, TempWorkspace, WORKER_SCRIPT, compile, deployedOf, writeHardhat3 } from './buildInfoFixtures';
import {
  LEDGER,
  LEDGER_SOL,
  TestChain,
  codeOf,
  compileLedger,
  linked,
  writeBuildInfo,
  writeFoundryLedger,
  type CodeOutput,
  type DebugCompiled,
} from './debugInfoFixtures';

const JUMPS = { '-': JUMP_REGULAR, i: JUMP_IN, o: JUMP_OUT } as const;

/** Asserts that `info` pairs each instruction of `code` with its source map entry; returns the entries. */
function assertAgreesWithMap(info: CodeDebugInfo, code: CodeOutput): number {
  assert.deepStrictEqual(info.pcs, instructionStarts(code.object));
  const entries = decodeSourceMap(code.sourceMap);
  assert.ok(entries.length > 100 && entries.length < info.pcs.length, 'the map covers the code, not the data after it');
  for (let k = 0; k < info.pcs.length; k++) {
    const e = entries[k];
    const got = [info.start[k], info.length[k], info.fileIndex[k], info.jump[k], info.modifierDepth[k]];
    const want = e ? [e.start, e.length, e.fileIndex, JUMPS[e.jump], e.modifierDepth] : [-1, -1, -1, 0, 0];
    assert.deepStrictEqual(got, want, `instruction ${k} at pc ${info.pcs[k]}`);
  }
  return entries.length;
}

/** The source text (UTF-8 bytes, as solc counts) of instruction `k`, or undefined. */
function textAt(info: CodeDebugInfo, k: number): string | undefined {
  const source = info.sources.find(s => s.id === info.fileIndex[k]);
  if (source?.content === undefined || info.start[k] < 0) return undefined;
  const bytes = Buffer.from(source.content, 'utf8');
  return bytes.subarray(info.start[k], info.start[k] + info.length[k]).toString('utf8');
}

describe('SourceIndex.debugInfo: the source map, sources and storage layout of compiled code', function () {
  this.timeout(120_000);
  let compiled: DebugCompiled;
  let ws: TempWorkspace;
  const open: SourceIndex[] = [];

  const make = (options: SourceIndexOptions) => {
    const index = new SourceIndex(options);
    open.push(index);
    return index;
  };
  const inThread = () => make({ read: file => fs.promises.readFile(path.join(ws.root, file)) });
  const inWorker = () => make({ workerPath: WORKER_SCRIPT });

  /** The Ledger's ref, found by its deployed code (library address zero). */
  function findLedger(index: SourceIndex, from = compiled): CompiledContractRef {
    const ref = index.findByCode(linked(codeOf(from, 'Ledger', 'deployed').object, '0'.repeat(40)));
    assert.ok(ref, 'Ledger is indexed');
    return ref;
  }

  async function ledgerRef(index: SourceIndex, file: string, from = compiled): Promise<CompiledContractRef> {
    const report = await index.update([ws.file(file)]);
    assert.deepStrictEqual(report.skipped, []);
    return findLedger(index, from);
  }

  async function infoOf(index: SourceIndex, ref: CompiledContractRef, kind: 'deployed' | 'creation') {
    const info = await index.debugInfo(ref, kind);
    assert.ok(info, `${kind} debug info of ${ref.contractName}`);
    return info;
  }

  before(() => {
    compiled = compileLedger();
  });
  beforeEach(() => {
    ws = new TempWorkspace();
  });
  afterEach(() => {
    for (const index of open.splice(0)) index.dispose();
    ws.remove();
  });

  it('deployed code: each instruction as decodeSourceMap says, the texts, the generated sources, the layout', async () => {
    const index = inThread();
    const ref = await ledgerRef(index, writeBuildInfo(ws, compiled));
    const info = await infoOf(index, ref, 'deployed');
    const deployed = codeOf(compiled, 'Ledger', 'deployed');
    const mapped = assertAgreesWithMap(info, deployed);
    assert.deepStrictEqual(info.problems, []);
    assert.strictEqual(info.kind, 'deployed');
    assert.strictEqual(info.ref, ref);
    assert.strictEqual(info.userSources, 1);
    const [user, ...generated] = info.sources;
    assert.deepStrictEqual(user, { id: 0, name: LEDGER, generated: false, content: LEDGER_SOL });
    assert.deepStrictEqual(
      generated,
      deployed.generatedSources
        .filter(g => info.fileIndex.includes(g.id))
        .map(g => ({ id: g.id, name: g.name, generated: true, content: g.contents })),
    );
    assert.ok(generated.length > 0, 'the code runs through #utility.yul');
    // Every instruction the map gives a source names one of `sources`.
    const ids = new Set(info.sources.map(s => s.id));
    assert.ok([...info.fileIndex].every(f => f === -1 || ids.has(f)));
    assert.ok(info.pcs.length - mapped > 20, 'the metadata and the INVALID before it are past the map');
  });

  it("deployed code: the storage layout is solc's (its astIds aside)", async () => {
    const index = inThread();
    const ref = await ledgerRef(index, writeBuildInfo(ws, compiled));
    const info = await infoOf(index, ref, 'deployed');
    type Raw = { storage: Record<string, unknown>[]; types: Record<string, Record<string, unknown>> };
    const raw = compiled.output.contracts[LEDGER].Ledger.storageLayout as Raw;
    const noAst = ({ astId: _a, ...rest }: Record<string, unknown>) => rest;
    const types = Object.fromEntries(
      Object.entries(raw.types).map(([id, t]) => [
        id,
        t.members ? { ...t, members: (t.members as Record<string, unknown>[]).map(noAst) } : t,
      ]),
    );
    assert.deepStrictEqual(info.storageLayout, { storage: raw.storage.map(noAst), types });
    assert.deepStrictEqual(
      info.storageLayout?.storage.map(v => `${v.label}@${v.slot}+${v.offset}`),
      ['guardian@0+0', 'total@1+0', 'count@1+16', 'entries@2+0', 'history@3+0', 'name@4+0'],
    );
    const entry = Object.values(info.storageLayout?.types ?? {}).find(t => t.label === 'struct Ledger.Entry');
    assert.deepStrictEqual(
      entry?.members?.map(m => m.label),
      ['who', 'amount', 'note'],
    );
  });

  it('creation code: its own map and generated sources, the library placeholder walked over', async () => {
    const index = inThread();
    const ref = await ledgerRef(index, writeBuildInfo(ws, compiled));
    const info = await infoOf(index, ref, 'creation');
    const creation = codeOf(compiled, 'Ledger', 'creation');
    assertAgreesWithMap(info, creation);
    assert.deepStrictEqual(info.problems, []);
    const generated = info.sources.filter(s => s.generated);
    const own = new Map(creation.generatedSources.map(g => [g.id, g.contents]));
    assert.ok(generated.length > 0);
    for (const g of generated) assert.strictEqual(g.content, own.get(g.id), `${g.name} is the creation code's`);
    const deployedYul = codeOf(compiled, 'Ledger', 'deployed').generatedSources[0].contents;
    assert.notStrictEqual(generated[0].content, deployedYul);
    // The placeholder `__$…$__` is the data of a PUSH20 (0x73): the next instruction is 21 bytes on.
    for (const code of [creation.object, codeOf(compiled, 'Ledger', 'deployed').object]) {
      const at = code.indexOf('__$') / 2;
      assert.ok(at > 0, 'the code has a library placeholder');
      const k = instructionIndexAt(instructionStarts(code), at - 1);
      assert.strictEqual(code.slice((at - 1) * 2, at * 2), '73');
      assert.strictEqual(instructionStarts(code)[k + 1], at + 20);
    }
    assert.deepStrictEqual(info.storageLayout, (await infoOf(index, ref, 'deployed')).storageLayout);
  });

  it("a real EVM's pcs, deploying and calling: each starts an instruction and maps to what ran", async () => {
    const index = inThread();
    const ref = await ledgerRef(index, writeBuildInfo(ws, compiled));
    const creationInfo = await infoOf(index, ref, 'creation');
    const deployedInfo = await infoOf(index, ref, 'deployed');
    const chain = await TestChain.start();
    const fees = await chain.run(codeOf(compiled, 'Fees', 'creation').object);
    assert.ok(fees.createdAddress && fees.error === undefined, 'Fees deployed');
    const args = encodeAbiParameters([{ type: 'uint16' }, { type: 'string' }], [250, 'état']).slice(2);
    const deploy = await chain.run(linked(codeOf(compiled, 'Ledger', 'creation').object, fees.createdAddress) + args);
    assert.ok(deploy.createdAddress && deploy.error === undefined, `Ledger deployed (${deploy.error})`);
    const abi = compiled.output.contracts[LEDGER].Ledger.abi as Abi;
    const data = encodeFunctionData({ abi, functionName: 'record', args: [1000n, '0x1234'] });
    const call = await chain.run(data, deploy.createdAddress);
    assert.strictEqual(call.error, undefined);

    /** The user-source texts of the steps running `opcode`; a generated source's name for those in one. */
    const statementsRun = (info: CodeDebugInfo, steps: readonly { pc: number; opcode: string }[], opcode: string) => {
      const texts = new Set<string>();
      for (const step of steps) {
        const k = instructionIndexAt(info.pcs, step.pc);
        assert.ok(k >= 0, `pc ${step.pc} starts an instruction`);
        if (step.opcode !== opcode) continue;
        const source = info.sources.find(s => s.id === info.fileIndex[k]);
        texts.add(source?.generated ? source.name : (textAt(info, k) ?? `no source (${info.fileIndex[k]})`));
      }
      return [...texts].sort();
    };
    const inCreate = deploy.steps.filter(s => s.depth === 0);
    // The string is stored by a helper of the creation code's #utility.yul.
    assert.deepStrictEqual(statementsRun(creationInfo, inCreate, 'SSTORE'), ['#utility.yul', 'guardian = msg.sender']);
    const inLedger = call.steps.filter(s => s.depth === 0);
    const ranInCall = statementsRun(deployedInfo, inLedger, 'SSTORE');
    assert.ok(ranInCall.includes('total += uint128(amount - fee)'), ranInCall.join(' | '));
    assert.ok(ranInCall.includes('count += 1'), ranInCall.join(' | '));
    const reads = statementsRun(deployedInfo, inLedger, 'SLOAD');
    assert.ok(reads.includes('guardian'), reads.join(' | '));
    // The modifier's code runs at modifier depth 0 and the body's at 1 (`_` inlines it).
    const depths = new Set(inLedger.map(s => deployedInfo.modifierDepth[instructionIndexAt(deployedInfo.pcs, s.pc)]));
    assert.deepStrictEqual([...depths].sort(), [0, 1]);
  });

  it('the worker thread and the extension host thread give the same answer (typed arrays and all)', async () => {
    const file = writeBuildInfo(ws, compiled);
    const [thread, worker] = [inThread(), inWorker()];
    const [a, b] = [await ledgerRef(thread, file), await ledgerRef(worker, file)];
    for (const kind of ['deployed', 'creation'] as const) {
      const fromWorker = await infoOf(worker, b, kind);
      assert.ok(fromWorker.pcs instanceof Uint32Array && fromWorker.fileIndex instanceof Int32Array);
      assert.strictEqual(fromWorker.ref, b, "the host's own ref");
      assert.deepStrictEqual(fromWorker, await infoOf(thread, a, kind));
    }
  });

  it('kept within the detail budget: asked again, the same answer without reading; gone with its file', async () => {
    const file = writeBuildInfo(ws, compiled);
    const index = inThread();
    const ref = await ledgerRef(index, file);
    const first = await infoOf(index, ref, 'deployed');
    assert.strictEqual(await index.debugInfo(ref, 'deployed'), first);
    index.remove([file]);
    assert.strictEqual(await index.debugInfo(ref, 'deployed'), undefined);
    const worker = inWorker();
    assert.strictEqual(await worker.debugInfo(ref, 'deployed'), undefined, 'not indexed there');
  });

  it('via-IR (code generation through Yul): the maps agree too', async function () {
    const started = Date.now();
    const viaIR = compileLedger(true);
    if (Date.now() - started > 20_000) this.skip(); // solc-js too slow here for via-IR
    const index = inThread();
    const ref = await ledgerRef(index, writeBuildInfo(ws, viaIR, 'via-ir'), viaIR);
    for (const kind of ['deployed', 'creation'] as const) {
      const info = await infoOf(index, ref, kind);
      assertAgreesWithMap(info, codeOf(viaIR, 'Ledger', kind));
      assert.ok(info.sources.some(s => s.id === 0 && s.content === LEDGER_SOL));
      assert.strictEqual(info.storageLayout?.storage.length, 6);
    }
  });

  it("Hardhat 3's split build-info: the texts from the input beside the output, by the project's names", async () => {
    const file = writeHardhat3(ws);
    const index = inThread();
    await index.update([ws.file(file)]);
    const vault = deployedOf(
      compile(Object.fromEntries(Object.entries(SOURCES).map(([n, t]) => [`project/${n}`, t]))),
      'project/contracts/Vault.sol',
      'Vault',
    );
    const ref = index.findByCode(vault.object);
    assert.strictEqual(ref?.sourceName, 'contracts/Vault.sol');
    const info = await infoOf(index, ref, 'deployed');
    assert.deepStrictEqual(info.problems, []);
    const user = info.sources.filter(s => !s.generated);
    assert.deepStrictEqual(user.map(s => s.name).sort(), ['contracts/Base.sol', 'contracts/Vault.sol']);
    for (const s of user) assert.strictEqual(s.content, SOURCES[s.name]);
    assert.strictEqual(info.storageLayout, undefined, 'not in its outputSelection');
  });

  it('Foundry out/: no texts but their keccak-256, the layout from the artifact, through the worker too', async () => {
    const files = writeFoundryLedger(ws, compiled);
    for (const index of [inThread(), inWorker()]) {
      await index.update(files.map(f => ws.file(f, 'foundry')));
      const ref = findLedger(index);
      assert.strictEqual(ref.origin.kind, 'foundry');
      const info = await infoOf(index, ref, 'deployed');
      assertAgreesWithMap(info, codeOf(compiled, 'Ledger', 'deployed'));
      const user = info.sources.find(s => s.id === 0);
      assert.strictEqual(user?.name, LEDGER);
      assert.strictEqual(user?.content, undefined);
      assert.match(user?.keccak256 ?? '', /^0x[0-9a-f]{64}$/);
      assert.strictEqual(info.storageLayout?.storage.length, 6);
      assert.strictEqual(info.userSources, 1);
      // Foundry's artifacts carry no generated sources: the map's ids of #utility.yul are unknown.
      assert.strictEqual(info.problems.length, 1);
      assert.match(info.problems[0], /source id\(s\) \d+.*Foundry's artifacts carry no generated sources/);
    }
  });
});
