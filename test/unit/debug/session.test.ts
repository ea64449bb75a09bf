// The debug adapter over DAP messages, end to end on EVM-made traces (test/support/debugPipeline):
// a withdrawal through VaultProxy (DELEGATECALL into Vault, which calls MyToken.transfer, which
// reverts with InsufficientBalance three frames deep). Launch, stop on entry, breakpoints, the
// stack, the scopes and their variables, every kind of step both ways, and the call-level session
// a 501 gives.
import * as assert from 'assert';
import * as path from 'path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startDebugPipeline, type DebugPipeline } from '../../support/debugPipeline';
import { opcodesPath } from '../../support/evmRecords';
import { mirrorErrorBody } from '../../support/mirrorReplay';
import { DapClient } from './dapClient';
import { CONTRACTS, PROXY_SOL, TOKEN_SOL, VAULT_SOL, launch } from './dapLaunch';
import type { EvmScenario } from '../../support/evmTraces';
import { OpcodesAvailability } from '../../../src/debug/load/availability';

const TRANSFER_LINE = 31; // token.transfer(msg.sender, amount);
const REQUIRE_LINE = 30; // require(amount > 0, "Vault: nothing to withdraw");
const REVERT_LINE = 84; // if (balance < amount) revert InsufficientBalance(from, balance, amount);

describe('debug adapter: a failed withdrawal through a proxy, over DAP', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;
  let withdrawal: EvmScenario;

  before(async () => {
    pipeline = await startDebugPipeline();
    withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
  });
  after(async () => pipeline?.close());

  it('stops on entry at the first statement, in the proxy', async () => {
    const { dap, first } = await launch(pipeline, withdrawal);
    assert.strictEqual(first.body.reason, 'entry');
    const top = await dap.top();
    assert.strictEqual(top.name, 'VaultProxy.fallback');
    assert.strictEqual(top.source?.path, PROXY_SOL);
    const threads = await dap.ok<DebugProtocol.ThreadsResponse['body']>('threads');
    assert.match(threads.threads[0].name, /on testnet/);
    assert.match(dap.console(), /Step-level trace: [\d,]+ instructions in 3 frame\(s\)/);
  });

  it('continues to a breakpoint in Vault.withdraw, then to the revert in MyToken, naming three frames', async () => {
    const { dap, answers } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [TRANSFER_LINE] });
    assert.deepStrictEqual(
      answers[0].map(b => [b.verified, b.line]),
      [[true, TRANSFER_LINE]],
    );
    const atBreakpoint = await dap.step('continue');
    assert.strictEqual(atBreakpoint.body.reason, 'breakpoint');
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => f.name),
      ['Vault.withdraw', 'VaultProxy.fallback'],
    );
    assert.strictEqual(frames[0].source?.path, VAULT_SOL);
    assert.strictEqual(frames[0].line, TRANSFER_LINE);
    const call = await dap.scope('Call');
    assert.ok(
      call.some(v => v.name === 'amount' && v.value === '1000'),
      JSON.stringify(call.map(v => `${v.name}=${v.value}`)),
    );
    assert.ok(call.some(v => v.name === 'storage of' && /DELEGATECALL/.test(v.value)));

    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    assert.match(atRevert.body.text ?? '', /InsufficientBalance/);
    const three = await dap.frames();
    assert.deepStrictEqual(
      three.map(f => f.name),
      ['MyToken.transfer', 'Vault.withdraw', 'VaultProxy.fallback'],
    );
    assert.strictEqual(three[0].source?.path, TOKEN_SOL);
    assert.strictEqual(three[0].line, REVERT_LINE);
    assert.strictEqual(three[1].line, TRANSFER_LINE, 'the caller stands at its call');
    const storage = await dap.scope('Storage');
    assert.ok(
      storage.some(v => /^balanceOf\[0x0{36}03ed\]$/.test(v.name)),
      `a named mapping entry: ${JSON.stringify(storage.map(v => v.name))}`,
    );
    const stack = await dap.scope('Stack');
    assert.ok(stack.length > 0 && stack[0].name.startsWith('0'));
    const instruction = await dap.scope('Instruction');
    assert.ok(instruction.some(v => v.name === 'gas left'));
  });

  it('steps over statement by statement in Vault.withdraw, back to the previous one, and out to the caller', async () => {
    const { dap } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [REQUIRE_LINE] });
    await dap.step('continue');
    assert.strictEqual((await dap.top()).line, REQUIRE_LINE);
    const over = await dap.step('next');
    assert.strictEqual(over.body.reason, 'step');
    assert.strictEqual((await dap.top()).line, TRANSFER_LINE, 'over: the next statement');
    await dap.step('stepBack');
    assert.strictEqual((await dap.top()).line, REQUIRE_LINE, 'back: the previous statement');
    await dap.step('next');
    const into = await dap.step('stepIn');
    const inside = await dap.top();
    assert.strictEqual(inside.source?.path, TOKEN_SOL, `into: ${inside.name}`);
    assert.strictEqual(into.body.reason, 'step');
    // MyToken.transfer reverts before it returns: stepping out stops at the revert on the way,
    // and out of that, in the caller at its call.
    const atRevert = await dap.step('stepOut');
    assert.strictEqual(atRevert.body.reason, 'exception');
    assert.strictEqual((await dap.top()).line, REVERT_LINE);
    await dap.step('stepOut');
    const out = await dap.frames();
    assert.deepStrictEqual(
      out.map(f => f.name),
      ['Vault.withdraw', 'VaultProxy.fallback'],
    );
    assert.strictEqual(out[0].line, TRANSFER_LINE, 'out: the caller, at its call');
  });

  it('moves one instruction each way, and reverse-continues to a breakpoint', async () => {
    const { dap } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [TRANSFER_LINE] });
    await dap.step('continue');
    const pcOf = async () => (await dap.scope('Instruction')).find(v => v.name === 'entry')?.value;
    const before = await pcOf();
    await dap.step('next', { threadId: 1, granularity: 'instruction' });
    const after = await pcOf();
    assert.notStrictEqual(after, before);
    await dap.step('stepBack', { threadId: 1, granularity: 'instruction' });
    assert.strictEqual(await pcOf(), before);
    await dap.step('continue');
    const back = await dap.step('reverseContinue');
    assert.strictEqual(back.body.reason, 'breakpoint');
    assert.strictEqual((await dap.top()).line, TRANSFER_LINE);
  });

  it('moves a breakpoint on a line without code to the next line with code, and refuses one in a file the trace never ran', async () => {
    const { answers } = await launch(pipeline, withdrawal, {
      [VAULT_SOL]: [REQUIRE_LINE - 1],
      [path.join(CONTRACTS, 'Registry.sol')]: [20],
    });
    const [moved] = answers[0];
    assert.strictEqual(moved.verified, true);
    assert.ok(moved.line !== undefined && moved.line >= REQUIRE_LINE - 1);
    assert.strictEqual(answers[1][0].verified, false);
    assert.match(answers[1][0].message ?? '', /No code this transaction ran/);
  });

  it('answers a hover over a state variable with its value at the position', async () => {
    const { dap } = await launch(pipeline, withdrawal, {}, { stopOnEntry: false });
    const hover = await dap.request<DebugProtocol.EvaluateResponse>('evaluate', {
      expression: 'balanceOf',
      frameId: 0,
      context: 'hover',
    });
    assert.ok(hover.success, hover.message);
    assert.match(hover.body.result, /balanceOf\[0x[0-9a-f]{40}\] = \d+/);
    const unknown = await dap.request('evaluate', { expression: 'nothingHere', frameId: 0, context: 'hover' });
    assert.strictEqual(unknown.success, false);
  });

  it('gives the call-level session with the reason when the mirror node answers 501', async () => {
    const other = await pipeline.scenario('withdrawAboveVaultBalance');
    pipeline.add([
      { url: opcodesPath(other), status: 501, bodyText: mirrorErrorBody('Not implemented'), source: 'not-served' },
    ]);
    pipeline.replay.preferSource('not-served');
    // Its own memory of what each mirror node serves: the 501 is remembered for the endpoint.
    const availability = new OpcodesAvailability(Date.now, 0);
    const { dap, first } = await launch(pipeline, other, { [VAULT_SOL]: [TRANSFER_LINE] }, {}, { availability });
    pipeline.replay.clearSelections();
    assert.strictEqual(availability.notServed(pipeline.client.baseUrl), 'Not implemented');
    assert.strictEqual(first.body.reason, 'entry');
    assert.match(dap.console(), /does not serve opcode traces \(501/);
    assert.match(dap.console(), /steps call by call/);
    // The entry stop is a call with no place in the source: still a frame the editor focuses, with its call.
    const [entry] = await dap.frames();
    assert.strictEqual(entry.presentationHint, undefined);
    const call = await dap.scope('Call');
    assert.ok(
      call.some(v => v.name === 'call' && /withdraw/.test(v.value)),
      JSON.stringify(call),
    );
    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => f.name),
      ['MyToken.transfer', 'Vault.withdraw'],
    );
    assert.strictEqual(frames[0].line, REVERT_LINE, 'the inferred site');
  });

  it('refuses a launch without a transaction, in words', async () => {
    const dap = new DapClient(pipeline.adapter(withdrawal));
    await dap.ok('initialize', { adapterID: 'ledger-lens', pathFormat: 'path' });
    const response = await dap.request('launch', { network: 'testnet' });
    assert.strictEqual(response.success, false);
    assert.match(response.message ?? JSON.stringify(response.body), /needs "transaction"/);
  });
});
