// The SourceIndex as the extension uses it: real compiler output indexed by the worker thread (the
// tsc output's src/source/worker.js), contracts found by the code a chain holds, revert sites and
// compiled texts answered in the worker; the in-thread mode through `read`; and the worker failing:
// a file that is gone, one too large, a worker that crashes once (restarted, files learnt again) or
// keeps crashing (unavailable, with the reason), dispose() — with no rejection left unhandled.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { SourceIndex, type SourceIndexOptions } from '../../../src/source/sourceIndex';
import { WorkerClient } from '../../../src/source/workerClient';
import { NODE_PLATFORM, WEB_PLATFORM, usePlatform } from '../../../src/util/platform';
import type { CompiledContractRef, RevertToFind } from '../../../src/source/types';
import {
  VAULT_SOL,
  TempWorkspace,
  WORKER_SCRIPT,
  compile,
  deployedOf,
  onChain,
  writeFoundry,
  writeHardhat2,
  writeLargeBuildInfo,
  type Compiled,
} from './buildInfoFixtures';

const MB = 1024 * 1024;
const VAULT = 'contracts/Vault.sol';
const INSUFFICIENT: RevertToFind = { kind: 'custom', name: 'InsufficientBalance', selector: '0xcf479181' };
const WITHDRAW = '0x2e1a7d4d';

describe('SourceIndex: the compiler-output index through its worker thread', function () {
  this.timeout(120_000);
  let compiled: Compiled;
  let ws: TempWorkspace;
  const open: SourceIndex[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);

  const make = (options: SourceIndexOptions = { workerPath: WORKER_SCRIPT }) => {
    const index = new SourceIndex(options);
    open.push(index);
    return index;
  };

  before(() => {
    compiled = compile();
    process.on('unhandledRejection', onUnhandled);
  });
  after(() => process.off('unhandledRejection', onUnhandled));
  beforeEach(() => {
    ws = new TempWorkspace();
  });
  afterEach(async () => {
    for (const index of open.splice(0)) index.dispose();
    await new Promise(resolve => setTimeout(resolve, 20));
    ws.remove();
    assert.deepStrictEqual(unhandled.splice(0), [], 'a rejection was left unhandled');
  });

  /** A Hardhat 2 build-info at the root and a Foundry project in foundry/: the same compile twice. */
  function project(): { hardhat: string; foundry: string[] } {
    return { hardhat: writeHardhat2(ws, compiled), foundry: writeFoundry(ws, compiled) };
  }

  it('finds contracts by the code a chain holds; the same code twice is kept twice', async () => {
    const { hardhat, foundry } = project();
    const index = make();
    const report = await index.update([ws.file(hardhat), ...foundry.map(f => ws.file(f, 'foundry'))]);
    assert.deepStrictEqual(report, { files: 1 + foundry.length, contracts: 6, skipped: [] });
    const vault = onChain(deployedOf(compiled, VAULT, 'Vault'));
    const all = index.findAllByCode(vault);
    assert.deepStrictEqual(
      all.map(r => r.origin),
      [
        { kind: 'hardhat-build-info', file: hardhat },
        { kind: 'foundry', file: 'foundry/out/Vault.sol/Vault.json' },
      ],
    );
    assert.strictEqual(index.findByCode(vault), all[0]);
    assert.strictEqual(
      index.findByCode(onChain(deployedOf(compiled, 'contracts/Counter.sol', 'Counter')))?.contractName,
      'Counter',
    );
    const changed = `${vault.slice(0, 40)}${vault[40] === '0' ? '1' : '0'}${vault.slice(41)}`;
    for (const code of [changed, '0x', 'not hex', `${vault}00`])
      assert.strictEqual(index.findByCode(code), undefined, code);
    assert.strictEqual(index.projectRootOf(all[1]), 'foundry');
    assert.strictEqual(index.projectRootOf(all[0]), '');
  });

  it('answers revert sites and compiled texts in the worker', async () => {
    const { hardhat, foundry } = project();
    const index = make();
    await index.update([ws.file(hardhat), ...foundry.map(f => ws.file(f, 'foundry'))]);
    const [fromHardhat, fromFoundry] = index.findAllByCode(onChain(deployedOf(compiled, VAULT, 'Vault')));
    for (const ref of [fromHardhat, fromFoundry]) {
      const answer = await index.sites(ref, WITHDRAW, INSUFFICIENT);
      assert.ok(answer.kind === 'inferred' && answer.sites.length === 1, JSON.stringify(answer));
      assert.deepStrictEqual(
        [answer.sites[0].sourceName, answer.sites[0].line, answer.sites[0].kind, answer.sites[0].text],
        [VAULT, 23, 'revert-error', 'revert InsufficientBalance(available, amount)'],
      );
    }
    const panic = await index.sites(fromHardhat, '0xaa60e733', { kind: 'panic', code: 1n });
    assert.ok(panic.kind === 'inferred' && panic.sites[0]?.kind === 'assert', JSON.stringify(panic));
    assert.strictEqual(await index.compiledText(fromHardhat, VAULT), VAULT_SOL);
    assert.strictEqual(await index.compiledText(fromFoundry, VAULT), undefined);
    const stats = await index.workerStats();
    assert.ok(stats && stats.details >= 2 && stats.peakHeapUsed > 0, JSON.stringify(stats));
  });

  it('tells of changes, and forgets removed files', async () => {
    const { hardhat } = project();
    const index = make();
    let changes = 0;
    const stop = index.onDidChange(() => changes++);
    await index.update([ws.file(hardhat)]);
    const ref = index.findByCode(onChain(deployedOf(compiled, VAULT, 'Vault')));
    assert.ok(ref !== undefined && changes === 1);
    index.remove([hardhat]);
    assert.strictEqual(changes, 2);
    assert.strictEqual(index.findByCode(onChain(deployedOf(compiled, VAULT, 'Vault'))), undefined);
    assert.deepStrictEqual(await index.sites(ref, WITHDRAW, INSUFFICIENT), {
      kind: 'none',
      reason: `${hardhat} is not indexed`,
    });
    stop();
    await index.update([ws.file(hardhat)]);
    assert.strictEqual(changes, 2);
  });

  it('skips, with the reason, a file that is malformed, gone, or over 512 MB', async () => {
    const full = JSON.stringify({ _format: 'hh-sol-build-info-1', output: compiled.output });
    const cut = ws.write('cut.json', full.slice(0, 5000));
    const huge = ws.write('huge.json', '');
    fs.truncateSync(path.join(ws.root, huge), 513 * 1024 * 1024); // sparse: nothing is written
    const index = make();
    const report = await index.update([ws.file(cut), ws.file('gone.json'), ws.file(huge)]);
    assert.deepStrictEqual(report.skipped, [
      { file: cut, reason: 'not valid JSON: Unexpected end in JSON at byte 5000' },
      { file: 'gone.json', reason: 'the file is gone (deleted or moved)' },
      { file: huge, reason: 'larger than 512 MB (513 MB): not read' },
    ]);
    assert.strictEqual(report.contracts, 0);
  });

  it('reads in this thread through `read` where files have no path on disk', async () => {
    const { hardhat, foundry } = project();
    const read = async (file: string) => fs.readFileSync(path.join(ws.root, ...file.split('/')));
    const index = make({ read });
    const files = [{ file: hardhat, projectRoot: '' }, ...foundry.map(f => ({ file: f, projectRoot: 'foundry' }))];
    assert.strictEqual((await index.update(files)).contracts, 6);
    const [fromHardhat, fromFoundry] = index.findAllByCode(onChain(deployedOf(compiled, VAULT, 'Vault')));
    for (const ref of [fromHardhat, fromFoundry]) {
      const answer = await index.sites(ref, WITHDRAW, INSUFFICIENT);
      assert.ok(answer.kind === 'inferred' && answer.sites[0]?.line === 23, JSON.stringify(answer));
    }
    assert.strictEqual(await index.compiledText(fromHardhat, VAULT), VAULT_SOL);
    assert.strictEqual(await index.workerStats(), undefined);
    // Neither a worker nor a reader: said so.
    const neither = make({});
    assert.deepStrictEqual((await neither.update([ws.file(hardhat)])).skipped, [
      { file: hardhat, reason: 'not read: no worker and no reader given' },
    ]);
  });

  it('in a browser (no worker threads) the worker is not tried: files on disk are read in this thread too', async () => {
    const { hardhat, foundry } = project();
    const reads: string[] = [];
    const read = async (file: string) => (reads.push(file), fs.readFileSync(path.join(ws.root, ...file.split('/'))));
    usePlatform(WEB_PLATFORM);
    try {
      // The real worker script and files with a path on disk: in Node the worker would read them.
      const index = make({ workerPath: WORKER_SCRIPT, read });
      const files = [ws.file(hardhat), ...foundry.map(f => ({ ...ws.file(f), projectRoot: 'foundry' }))];
      assert.strictEqual((await index.update(files)).contracts, 6);
      assert.deepStrictEqual(reads.sort(), [hardhat, ...foundry].sort());
      const [ref] = index.findAllByCode(onChain(deployedOf(compiled, VAULT, 'Vault')));
      assert.strictEqual(await index.compiledText(ref, VAULT), VAULT_SOL);
      assert.strictEqual(await index.workerStats(), undefined, 'no worker was started');
      assert.strictEqual(index.unavailableReason, undefined);
      // Its client, asked directly, refuses to construct a Worker rather than meet the build's stand-in.
      const client = new WorkerClient(WORKER_SCRIPT, {
        onRestart: () => assert.fail('not started, so never restarted'),
      });
      await assert.rejects(client.request({ type: 'stats' }), /the web worker extension host has no worker threads/);
      client.dispose();
    } finally {
      usePlatform(NODE_PLATFORM);
    }
  });

  it('in this thread, reads 15 MB in slices the event loop runs between; refuses what is over 20 MB', async () => {
    writeLargeBuildInfo(path.join(ws.root, 'mid.json'), 15 * MB, compiled);
    writeLargeBuildInfo(path.join(ws.root, 'big.json'), 21 * MB, compiled);
    const index = make({ read: file => fs.promises.readFile(path.join(ws.root, file)) });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const report = await index.update([
      { file: 'mid.json', projectRoot: '' },
      { file: 'big.json', projectRoot: '' },
    ]);
    clearInterval(timer);
    assert.strictEqual(report.contracts, 3);
    assert.match(report.skipped[0]?.reason ?? '', /^larger than 20 MB \(21\.\d MB\): not read without a worker thread/);
    assert.ok(ticks >= 10, `the event loop ran ${ticks} times`);
    const ref = index.findByCode(onChain(deployedOf(compiled, VAULT, 'Vault')));
    assert.strictEqual(ref?.origin.file, 'mid.json');
  });

  it('restarts a worker that crashed once, and learns its files again', async () => {
    const { hardhat } = project();
    const script = ws.write(
      'crash-once.js',
      `const fs = require('fs');
const marker = __filename + '.crashed';
if (fs.existsSync(marker)) require(${JSON.stringify(WORKER_SCRIPT)});
else {
  fs.writeFileSync(marker, '');
  require('worker_threads').parentPort.on('message', () => { throw new Error('first run'); });
}`,
    );
    const index = make({ workerPath: path.join(ws.root, script) });
    const first = await index.update([ws.file(hardhat)]);
    assert.match(first.skipped[0]?.reason ?? '', /worker thread stopped: first run/);
    await index.update([]); // after the re-indexing the restart queued
    const ref = index.findByCode(onChain(deployedOf(compiled, VAULT, 'Vault')));
    assert.ok(ref !== undefined, 'indexed again by the new worker');
    assert.strictEqual((await index.sites(ref, WITHDRAW, INSUFFICIENT)).kind, 'inferred');
    assert.strictEqual(index.unavailableReason, undefined);
  });

  it('says the index is unavailable when the worker crashes twice', async () => {
    const { hardhat } = project();
    const script = ws.write(
      'crash.js',
      `require('worker_threads').parentPort.on('message', () => { throw new Error('boom'); });`,
    );
    const index = make({ workerPath: path.join(ws.root, script) });
    await index.update([ws.file(hardhat)]);
    await index.update([]);
    assert.match(index.unavailableReason ?? '', /worker thread stopped twice \(last: boom\)/);
    const again = await index.update([ws.file(hardhat)]);
    assert.match(again.skipped[0]?.reason ?? '', /stopped twice/);
    const ref = { key: 'x', origin: { file: hardhat } } as CompiledContractRef;
    assert.match(
      ((await index.sites(ref, WITHDRAW, INSUFFICIENT)) as { reason: string }).reason,
      /could not answer: its worker thread stopped twice/,
    );
  });

  it('dispose() stops the worker; what was pending gets an answer, nothing is rejected', async () => {
    const { hardhat } = project();
    const index = make();
    await index.update([ws.file(hardhat)]);
    const ref = index.findByCode(onChain(deployedOf(compiled, VAULT, 'Vault')))!;
    const site = index.sites(ref, WITHDRAW, INSUFFICIENT);
    const text = index.compiledText(ref, VAULT);
    const report = index.update([ws.file(hardhat)]);
    index.dispose();
    assert.strictEqual((await site).kind, 'none');
    assert.strictEqual(await text, undefined);
    assert.strictEqual((await report).contracts, 0);
    assert.deepStrictEqual(await index.update([ws.file(hardhat)]), { files: 0, contracts: 0, skipped: [] });
    assert.strictEqual(index.findByCode(onChain(deployedOf(compiled, VAULT, 'Vault'))), undefined);
    assert.strictEqual(index.unavailableReason, 'the index was closed');
  });
});
