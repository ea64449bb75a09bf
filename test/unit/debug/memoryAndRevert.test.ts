// Two things a step-level session gives beyond stepping, over DAP on EVM-made scenarios: memory,
// loaded on request (the trace asked again with memory=true, put under the session at the same
// position, its rows the ones the EVM had), and the exact revert site, which the session hands to
// the panels (ExactSites) and stops at: the statement that reverted, also when the revert itself
// ran in a compiler-generated helper (a Panic from checked arithmetic).
import * as assert from 'assert';
import { startDebugPipeline, type DebugPipeline } from '../../support/debugPipeline';
import { opcodesOf } from '../../support/evmOpcodes';
import type { EvmScenario } from '../../support/evmTraces';
import type { DapClient } from './dapClient';
import { launch, TOKEN_SOL, VAULT_SOL } from './dapLaunch';
import { derive } from './derivedTraces';

const TRANSFER_LINE = 31; // token.transfer(msg.sender, amount);
const DEBIT_LINE = 32; // deposits[msg.sender] -= amount;
const REVERT_LINE = 84; // if (balance < amount) revert InsufficientBalance(from, balance, amount);

/** The 0-based entry the session is stopped at (the Instruction scope says "k of n", 1-based). */
async function entryAt(dap: DapClient): Promise<number> {
  const entry = (await dap.scope('Instruction')).find(v => v.name === 'entry')?.value ?? '';
  return Number(/^(\d+) of/.exec(entry)?.[1]) - 1;
}

/** The memory rows the EVM had after `entry`, as the mirror node's trace with memory lists them. */
function evmMemory(scenario: EvmScenario, entry: number): string[] {
  return opcodesOf(scenario, { stack: true, memory: true, storage: true }).opcodes[entry].memory;
}

describe('debug adapter: Load memory, over DAP', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;
  let withdrawal: EvmScenario;

  before(async () => {
    pipeline = await startDebugPipeline();
    withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
  });
  after(async () => pipeline?.close());

  it('turns the Memory scope from "not loaded" into the EVM’s 32-byte rows, at the same position', async () => {
    const { dap } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [TRANSFER_LINE] });
    await dap.step('continue');
    const before = { entry: await entryAt(dap), frames: await dap.frames() };
    const unloaded = await dap.scope('Memory');
    assert.deepStrictEqual(
      unloaded.map(v => v.name),
      ['not loaded'],
    );
    assert.match(unloaded[0].value, /Load memory/);

    const invalidated = dap.next('invalidated');
    const response = await dap.request('loadMemory', {}, 60_000);
    assert.ok(response.success, response.message);
    await invalidated;
    assert.match(dap.console(), new RegExp(`Memory loaded: ${opcodesOf(withdrawal).opcodes.length} instructions`));

    assert.strictEqual(await entryAt(dap), before.entry, 'the same entry');
    assert.deepStrictEqual(await dap.frames(), before.frames, 'the same frames and places');
    const rows = await dap.scope('Memory');
    const expected = evmMemory(withdrawal, before.entry);
    assert.ok(expected.length > 0, 'Vault has memory in use at its call');
    assert.deepStrictEqual(
      rows.map(v => [v.name, v.value]),
      expected.map((row, i) => [`0x${(i * 32).toString(16).padStart(4, '0')}`, row]),
    );

    // Moving on, each stop shows the memory the EVM had there.
    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    const revertEntry = await entryAt(dap);
    assert.deepStrictEqual(
      (await dap.scope('Memory')).map(v => v.value),
      evmMemory(withdrawal, revertEntry),
    );
    await dap.step('stepBack');
    assert.deepStrictEqual(
      (await dap.scope('Memory')).map(v => v.value),
      evmMemory(withdrawal, await entryAt(dap)),
    );
  });

  it('refuses Load memory in a call-level session, in words', async () => {
    const derived = derive(withdrawal, { opcodesStatus: { status: 404, message: 'Not found' } });
    pipeline.add(derived.records);
    const { dap } = await launch(pipeline, derived.scenario);
    const response = await dap.request('loadMemory', {});
    assert.strictEqual(response.success, false);
    assert.match(response.message ?? JSON.stringify(response.body), /only in a step-level session/);
  });
});

describe('debug adapter: the exact revert site', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;

  before(async () => {
    pipeline = await startDebugPipeline();
  });
  after(async () => pipeline?.close());

  it('a step-level session of the proxy withdrawal hands the failing action’s site to the panels, where it stops', async () => {
    const withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
    const failing = withdrawal.actions.find(a => a.result_data_type === 'REVERT_REASON' && a.call_depth === 2);
    assert.strictEqual(failing?.index, 2, 'MyToken.transfer, three frames deep, is the failing action');
    const { dap } = await launch(pipeline, withdrawal);
    const site = pipeline.exact.get('testnet', withdrawal.transactionId, 2);
    assert.ok(site, 'the exact site is known once the session is loaded');
    assert.deepStrictEqual([site.sourceName, site.line], ['contracts/MyToken.sol', REVERT_LINE]);
    assert.match(site.text, /InsufficientBalance/);
    for (const other of [0, 1])
      assert.strictEqual(pipeline.exact.get('testnet', withdrawal.transactionId, other), undefined);
    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    const top = await dap.top();
    assert.deepStrictEqual([top.source?.path, top.line, top.column], [TOKEN_SOL, site.line, site.column]);
  });

  it('a Panic from checked arithmetic stops at the statement, not in the compiler’s helper that reverted', async () => {
    const scenario = await pipeline.scenario('withdrawAboveDeposit');
    const { dap } = await launch(pipeline, scenario);
    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    assert.match(atRevert.body.text ?? '', /Panic/);
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => [f.name, f.source?.path, f.line]),
      [['Vault.withdraw', VAULT_SOL, DEBIT_LINE]],
    );
    const site = pipeline.exact.get('testnet', scenario.transactionId, 0);
    assert.deepStrictEqual([site?.sourceName, site?.line], ['contracts/Vault.sol', DEBIT_LINE]);
    // The REVERT itself is in generated code (the Panic helper): shown in the disassembly.
    let op = '';
    for (let guard = 0; guard < 200 && op !== 'REVERT'; guard++) {
      await dap.step('next', { threadId: 1, granularity: 'instruction' });
      op = (await dap.scope('Instruction')).find(v => v.name === 'op')?.value ?? '';
    }
    assert.strictEqual(op, 'REVERT');
    const revert = await dap.top();
    assert.strictEqual(revert.source?.path, undefined);
    assert.match(revert.source?.name ?? '', /^Vault \(disassembly\)$/);
  });
});
