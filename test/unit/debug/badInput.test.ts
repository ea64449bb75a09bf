// What the debugger does with input that is wrong or short, over DAP, each case derived from an
// EVM-made scenario by one documented change (test/unit/debug/derivedTraces.ts): actions that do
// not match the trace's depths, a trace cut short (and one cut at the server's own limit), an entry
// whose pc is outside the code and whose op name no EVM has, code whose metadata differs from the
// compiled code's, and the answers that are no trace (429, 404). Each must be said in words and
// leave a session that still works (or, for a transaction that does not exist, a launch that fails
// with the reason): never a throw out of the adapter.
import * as assert from 'assert';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { stripMetadata } from '../../../src/abi/bytecode';
import { SERVER_TRACE_LIMIT } from '../../../src/debug/model/frames';
import { aContract, recordFor } from '../../support/builders';
import { startDebugPipeline, type DebugPipeline } from '../../support/debugPipeline';
import { opcodesPath } from '../../support/evmRecords';
import { executedPcs } from '../../support/evmOpcodes';
import { evmTraces, longZeroAddress, VAULT_ID, type EvmScenario } from '../../support/evmTraces';
import { mirrorErrorBody } from '../../support/mirrorReplay';
import type { DapClient } from './dapClient';
import { failedLaunch, launch, sourceText, TOKEN_SOL, VAULT_SOL } from './dapLaunch';
import { loadModel } from './debugModels';
import {
  copiesFor,
  derive,
  firstEntries,
  newTransactionId,
  repeatedCall,
  withEntry,
  withoutAction,
  type Change,
} from './derivedTraces';

const TRANSFER_LINE = 31; // token.transfer(msg.sender, amount);
const REVERT_LINE = 84; // if (balance < amount) revert InsufficientBalance(from, balance, amount);

/** The 1-based entry the session is stopped at (the Instruction scope's `entry`: "k of n"). */
async function entryNumber(dap: DapClient): Promise<number> {
  const entry = (await dap.scope('Instruction')).find(v => v.name === 'entry')?.value ?? '';
  return Number(/^(\d+) of/.exec(entry)?.[1]);
}

async function instructionScope(dap: DapClient): Promise<Record<string, string>> {
  return Object.fromEntries((await dap.scope('Instruction')).map(v => [v.name, v.value]));
}

describe('debug adapter: bad input gives a clear message and a session that still works', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;
  let withdrawal: EvmScenario;

  before(async () => {
    pipeline = await startDebugPipeline();
    withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
  });
  after(async () => pipeline?.close());

  function served(base: EvmScenario, change: Change): EvmScenario {
    const derived = derive(base, change);
    pipeline.add(derived.records);
    return derived.scenario;
  }

  it('depths that do not match the actions (the middle frame’s action lost): notes, frames kept, the unmatched one listed', async () => {
    // The actions of the proxy's withdrawal without action 1 (Vault's DELEGATECALL).
    const scenario = served(withdrawal, { actions: withoutAction(1) });
    const { dap, first, answers } = await launch(pipeline, scenario, { [VAULT_SOL]: [TRANSFER_LINE] });
    assert.strictEqual(first.body.reason, 'entry');
    assert.match(
      dap.console(),
      /entry \d+: no action at call depth 1 is left for this frame: the depths do not match the actions/,
    );
    assert.strictEqual(answers[0][0].verified, false, 'Vault’s code is not known in this session');
    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => f.name),
      ['MyToken.transfer', 'frame 1', 'VaultProxy.fallback'],
    );
    assert.strictEqual(frames[0].source?.path, TOKEN_SOL);
    assert.strictEqual(frames[0].line, REVERT_LINE);
    const unmatched = frames[1];
    assert.strictEqual(unmatched.source?.path, undefined);
    assert.strictEqual(unmatched.source?.name, 'frame 1 (instructions run)');
    const listing = (await sourceText(dap, unmatched.source?.sourceReference ?? 0)).split('\n');
    // The caller stands at its call: the listing's line names the CALL it made.
    assert.match(listing[unmatched.line - 1] ?? '', /^\d+: CALL$/);
    const call = await dap.scope('Call', 1);
    assert.ok(
      call.some(v => v.name === 'note' && /no action matched/.test(v.value)),
      JSON.stringify(call),
    );
  });

  it('a trace cut short (its first 200 entries): said where it stops, and the session ends there', async () => {
    const scenario = served(withdrawal, { opcodes: firstEntries(200) });
    const { dap } = await launch(pipeline, scenario);
    assert.match(
      dap.console(),
      /The opcode trace is incomplete: it stops at entry 199 \(pc \d+, [A-Z0-9]+\) at call depth 2 without an instruction that ends the transaction/,
    );
    const end = await dap.step('continue');
    assert.strictEqual(end.body.reason, 'step');
    assert.match(end.body.text ?? '', /End of the transaction \(entry 200 of 200\)/);
    assert.deepStrictEqual(
      (await dap.frames()).map(f => f.name),
      ['MyToken.transfer', 'Vault.withdraw', 'VaultProxy.fallback'],
    );
  });

  it('a trace cut at the server’s limit is said to be probably truncated; one entry fewer is only incomplete', async () => {
    // depositViaProxy with its call repeated (derivedTraces.repeatedCall) past the limit, then cut.
    const deposit = await pipeline.scenario('depositViaProxy');
    const long = repeatedCall(deposit, copiesFor(deposit, SERVER_TRACE_LIMIT + 1));
    const cut = (count: number): Change => ({
      ...long,
      opcodes: entries => (long.opcodes?.(entries) ?? []).slice(0, count),
    });
    const atLimit = await launch(pipeline, served(deposit, cut(SERVER_TRACE_LIMIT)));
    assert.match(
      atLimit.dap.console(),
      new RegExp(
        `The opcode trace is probably truncated: the server stops traces after ${SERVER_TRACE_LIMIT.toLocaleString('en-US')} entries, and this one stops at entry ${SERVER_TRACE_LIMIT - 1} `,
      ),
    );
    const below = await launch(pipeline, served(deposit, cut(SERVER_TRACE_LIMIT - 1)));
    assert.doesNotMatch(below.dap.console(), /probably truncated/);
    assert.match(
      below.dap.console(),
      new RegExp(`The opcode trace is incomplete: it stops at entry ${SERVER_TRACE_LIMIT - 2} `),
    );
  });

  it('an entry whose op no EVM has, and one whose pc is outside the code: shown in a listing, stepping goes on', async () => {
    // One entry of Vault's frame (in its dispatcher) renamed FROBNICATE, its pc set to 99999: the
    // server writes the pc after the instruction, so the entry after it is at pc 99999.
    const e = executedPcs(withdrawal)[1].entries[20];
    const renamed = withEntry(e, 'op', 'FROBNICATE');
    const moved = withEntry(e, 'pc', 99_999);
    const scenario = served(withdrawal, { opcodes: entries => moved?.(renamed?.(entries) ?? []) ?? [] });
    const { dap } = await launch(pipeline, scenario);
    assert.match(dap.console(), /entry \d+: pc 99999 is not an instruction of Vault's code/);
    for (let guard = 0; guard < 200 && (await entryNumber(dap)) < e + 1; guard++)
      await dap.step('next', { threadId: 1, granularity: 'instruction' });
    assert.strictEqual(await entryNumber(dap), e + 1);
    assert.strictEqual((await instructionScope(dap))['op'], 'FROBNICATE');
    assert.strictEqual((await dap.top()).source?.path, VAULT_SOL, 'its own pc is still in the code');

    await dap.step('next', { threadId: 1, granularity: 'instruction' });
    const outside = await instructionScope(dap);
    assert.strictEqual(outside['pc'], '99999');
    const top = await dap.top();
    assert.strictEqual(top.name, 'Vault.withdraw');
    assert.strictEqual(top.source?.path, undefined);
    const lines = (await sourceText(dap, top.source?.sourceReference ?? 0)).split('\n');
    assert.strictEqual(lines[top.line - 1], `99999: ${outside['op']}`);

    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => [f.name, f.line]),
      [
        ['MyToken.transfer', REVERT_LINE],
        ['Vault.withdraw', TRANSFER_LINE],
        ['VaultProxy.fallback', 28],
      ],
    );
  });

  it('no entry of any EVM-made scenario is said to be outside its code (the note is no false alarm)', async () => {
    for (const scenario of (await evmTraces()).scenarios) {
      const { model, console: lines } = await loadModel(pipeline, scenario);
      assert.strictEqual(model.stepLevel, true, scenario.name);
      assert.deepStrictEqual(
        lines.filter(line => /is not an instruction|disagree/.test(line)),
        [],
        scenario.name,
      );
    }
  });

  it('404 for the trace of a transaction the mirror node has: not served, a call-level session', async () => {
    const scenario = served(withdrawal, { opcodesStatus: { status: 404, message: 'Not found' } });
    const { dap, first } = await launch(pipeline, scenario);
    assert.strictEqual(first.body.reason, 'entry');
    assert.match(
      dap.console(),
      /answered 404 for the opcode trace of a transaction it has: it does not serve opcode traces/,
    );
    assert.match(dap.console(), /This session steps call by call/);
  });

  it('404 for the trace of a transaction the mirror node does not have: the launch fails with "was not found"', async () => {
    const scenario: EvmScenario = { ...withdrawal, transactionId: newTransactionId() };
    // Only the trace's 404: the transaction, its result and its actions are not served either.
    for (const memory of [false, true])
      pipeline.add([{ url: opcodesPath(scenario, memory), status: 404, bodyText: mirrorErrorBody('Not found') }]);
    const { dap, response } = await failedLaunch(pipeline, scenario);
    assert.strictEqual(response.success, false);
    assert.match(response.message ?? '', /was not found on testnet: no contract result answers for it/);
    assert.match(dap.console(), /was not found on testnet/);
    const threads = await dap.ok<DebugProtocol.ThreadsResponse['body']>('threads');
    assert.strictEqual(threads.threads.length, 1, 'the adapter still answers');
  });

  // Last: a 429 holds the whole origin a moment (src/net/budget.ts), which the others would wait out.
  it('429 for the trace: the call-level session, with "run Debug transaction again in a moment"', async () => {
    const scenario = served(withdrawal, { opcodesStatus: { status: 429, message: 'Too many requests' } });
    const { dap, first } = await launch(pipeline, scenario);
    assert.strictEqual(first.body.reason, 'entry');
    assert.match(dap.console(), /429 Too Many Requests.*run Debug transaction again in a moment/);
    assert.match(dap.console(), /This session steps call by call/);
    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    // The call level names each call as the call trace decodes it: the proxy's by its call data.
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => f.name),
      ['MyToken.transfer', 'Vault.withdraw', 'VaultProxy.withdraw'],
    );
    assert.deepStrictEqual([frames[0].source?.path, frames[0].line], [TOKEN_SOL, REVERT_LINE], 'the inferred site');
  });
});

describe('debug adapter: code whose metadata differs from the compiled code’s', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;

  // Its own mirror client: the contract's code below must not come from another test's cache.
  before(async () => {
    pipeline = await startDebugPipeline();
  });
  after(async () => pipeline?.close());

  it('is matched to the build-info’s contract (the index ignores the metadata), placed in its source, and said to be another compile', async () => {
    const withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
    const code = withdrawal.contracts.find(c => c.contract_id === VAULT_ID)?.runtime_bytecode ?? '';
    // Vault's code as a build of another source text would have it: one byte of the metadata's
    // IPFS hash flipped (the CBOR map after the code: a2 64 'ipfs' 58 22 12 20 <32 bytes> …).
    const hex = code.slice(2);
    const metadataStart = hex.length / 2 - 2 - parseInt(hex.slice(-4), 16);
    const flip = (metadataStart + 10) * 2;
    const other = `0x${hex.slice(0, flip)}${(parseInt(hex.slice(flip, flip + 2), 16) ^ 0xff).toString(16).padStart(2, '0')}${hex.slice(flip + 2)}`;
    assert.notStrictEqual(other, code);
    assert.strictEqual(stripMetadata(other.slice(2)), stripMetadata(hex), 'only the metadata differs');
    assert.strictEqual(pipeline.sources.findByCode(other)?.contractName, 'Vault');
    const body = aContract({ contract_id: VAULT_ID, evm_address: longZeroAddress(VAULT_ID), runtime_bytecode: other });
    pipeline.add([
      recordFor(`/api/v1/contracts/${VAULT_ID}`, body, 200, 'metadata-differs'),
      recordFor(`/api/v1/contracts/${longZeroAddress(VAULT_ID)}`, body, 200, 'metadata-differs'),
    ]);
    pipeline.replay.preferSource('metadata-differs');
    pipeline.replay.resetRequests();
    try {
      const { dap, answers } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [TRANSFER_LINE] });
      assert.ok(
        pipeline.replay.requests.some(r => r.url.startsWith(`/api/v1/contracts/${VAULT_ID}`)),
        'the session read the changed code',
      );
      assert.strictEqual(answers[0][0].verified, true);
      const hit = await dap.step('continue');
      assert.strictEqual(hit.body.reason, 'breakpoint');
      const top = await dap.top();
      assert.deepStrictEqual([top.name, top.source?.path, top.line], ['Vault.withdraw', VAULT_SOL, TRANSFER_LINE]);
      // The source map fits the instructions; the Debug Console says the sources may differ.
      assert.match(dap.console(), /Vault · DELEGATECALL · contracts\/Vault\.sol/);
      assert.match(dap.console(), /Vault: the deployed code's metadata differs from .*build-info.*another compile/);
      assert.doesNotMatch(
        dap.console(),
        /MyToken: the deployed code's metadata differs/,
        'the unchanged contracts say nothing',
      );
    } finally {
      pipeline.replay.clearSelections();
    }
  });
});
