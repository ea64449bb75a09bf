// Finding the compiled contract a deployment ran (SourceIndex.findByCreationCode): the initcode a
// real EVM deploys is the creation code (library linked) followed by the constructor's arguments;
// the index finds the contract and hands back the arguments, whatever the metadata's hash (another
// compile) or length (other metadata settings), in the worker and in the host's thread alike; what
// is not such an initcode finds nothing.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { encodeAbiParameters } from 'viem';
import { SourceIndex, type SourceIndexOptions } from '../../../src/source/sourceIndex';
import { constructorArgsAfter, initcodeHex, prepareCreation } from '../../../src/source/creationCode';
import { TempWorkspace, WORKER_SCRIPT, compile, contractOf, writeHardhat2 } from './buildInfoFixtures';
import {
  TestChain,
  codeOf,
  compileLedger,
  linked,
  otherMetadata,
  writeBuildInfo,
  writeFoundryLedger,
  type DebugCompiled,
} from './debugInfoFixtures';

const ARGS = encodeAbiParameters([{ type: 'uint16' }, { type: 'string' }], [250, 'état']).slice(2);

describe('SourceIndex.findByCreationCode: the contract a deployment ran, and its constructor arguments', function () {
  this.timeout(120_000);
  let compiled: DebugCompiled;
  let ws: TempWorkspace;
  const open: SourceIndex[] = [];

  const make = (options: SourceIndexOptions) => {
    const index = new SourceIndex(options);
    open.push(index);
    return index;
  };
  const both = () => [
    make({ read: file => fs.promises.readFile(path.join(ws.root, file)) }),
    make({ workerPath: WORKER_SCRIPT }),
  ];

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

  it('the initcode a real EVM deploys: the contract, its arguments, and the code it left found by findByCode', async () => {
    const file = writeBuildInfo(ws, compiled);
    const chain = await TestChain.start();
    const fees = await chain.run(codeOf(compiled, 'Fees', 'creation').object);
    assert.ok(fees.createdAddress);
    const initcode = `0x${linked(codeOf(compiled, 'Ledger', 'creation').object, fees.createdAddress)}${ARGS}`;
    const deployed = await chain.run(initcode);
    assert.ok(deployed.createdAddress && deployed.error === undefined, `deployed (${deployed.error})`);
    const runtime = await chain.code(deployed.createdAddress);
    for (const index of both()) {
      await index.update([ws.file(file)]);
      const found = index.findByCreationCode(initcode);
      assert.strictEqual(found?.ref.contractName, 'Ledger');
      assert.strictEqual(found?.ref.sourceName, 'contracts/Ledger.sol');
      assert.strictEqual(found?.constructorArgs, ARGS);
      assert.strictEqual(index.findByCode(runtime), found?.ref, 'the same ref as the code it deployed');
      // Another compile: the metadata's hash differs; upper-case hex, no 0x.
      const recompiled = otherMetadata(initcode.slice(2, -ARGS.length)) + ARGS;
      assert.deepStrictEqual(index.findByCreationCode(recompiled.toUpperCase()), found);
      // A library without a constructor: its creation code alone, no arguments.
      const lib = index.findByCreationCode(codeOf(compiled, 'Fees', 'creation').object);
      assert.deepStrictEqual([lib?.ref.contractName, lib?.constructorArgs], ['Fees', '']);
    }
  });

  it('metadata of another length (other settings) is skipped by its own length bytes', async () => {
    const file = writeBuildInfo(ws, compiled);
    const creation = linked(codeOf(compiled, 'Ledger', 'creation').object, '11'.repeat(20));
    const prepared = prepareCreation(creation);
    assert.ok(prepared && prepared.metadataBytes > 40);
    // CBOR {"solc": 0.8.37}: 10 bytes, then its length 0x000a.
    const short = `a164736f6c6343000825000a`;
    const init = `${prepared.hex}${short}${ARGS}`;
    for (const index of both()) {
      await index.update([ws.file(file)]);
      assert.strictEqual(index.findByCreationCode(init)?.constructorArgs, ARGS);
      // No metadata where the compiled code had some: not this compile.
      assert.strictEqual(index.findByCreationCode(`${prepared.hex}${ARGS}`), undefined);
    }
  });

  it('not an initcode of an indexed contract: undefined', async () => {
    const file = writeBuildInfo(ws, compiled);
    const creation = linked(codeOf(compiled, 'Ledger', 'creation').object, '22'.repeat(20));
    const changed = `${creation.slice(0, 100)}${creation[100] === '0' ? '1' : '0'}${creation.slice(101)}`;
    for (const index of both()) {
      await index.update([ws.file(file)]);
      for (const initcode of [
        '',
        '0x',
        'zz',
        '0x123',
        creation.slice(0, 2000),
        changed + ARGS,
        `0x${'00'.repeat(5000)}`,
      ])
        assert.strictEqual(index.findByCreationCode(initcode), undefined, initcode.slice(0, 20));
    }
  });

  it('found in every output format indexed; the one with an AST and a source map first', async () => {
    const files = [writeBuildInfo(ws, compiled), ...writeFoundryLedger(ws, compiled)];
    const vault = compile();
    const hardhat = writeHardhat2(ws, vault, 'vaults');
    const index = make({ workerPath: WORKER_SCRIPT });
    await index.update([
      ...files.map(f => ws.file(f, f.startsWith('foundry') ? 'foundry' : '')),
      ws.file(hardhat, 'vaults'),
    ]);
    const ledger = index.findByCreationCode(
      linked(codeOf(compiled, 'Ledger', 'creation').object, '33'.repeat(20)) + ARGS,
    );
    assert.strictEqual(ledger?.ref.origin.kind, 'hardhat-build-info');
    const vaultCreation = (contractOf(vault, 'contracts/Vault.sol', 'Vault').evm as { bytecode: { object: string } })
      .bytecode.object;
    const cap = encodeAbiParameters([{ type: 'uint256' }], [1234n]).slice(2);
    const found = index.findByCreationCode(vaultCreation + cap);
    assert.deepStrictEqual([found?.ref.contractName, found?.constructorArgs], ['Vault', cap]);
    index.remove([hardhat]);
    assert.strictEqual(index.findByCreationCode(vaultCreation + cap), undefined);
  });

  it('the matcher on any initcode: never throws, and finds the code it was given before any suffix', () => {
    const code = prepareCreation(codeOf(compiled, 'Ledger', 'creation').object);
    assert.ok(code);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.uint8Array({ maxLength: 100 }), (junk, bytes) => {
        const init = initcodeHex(junk);
        if (init !== undefined) constructorArgsAfter(code, init);
        const suffix = Buffer.from(bytes).toString('hex');
        const whole = initcodeHex(linked(codeOf(compiled, 'Ledger', 'creation').object, '55'.repeat(20)) + suffix);
        assert.strictEqual(whole && constructorArgsAfter(code, whole), suffix);
      }),
      { numRuns: 200 },
    );
  });
});
