// The local replay as the debugger uses it, over DAP: the mirror node answers 501 for the opcode
// trace, the session replays the transaction on the local EVM (its state asked of the same test
// mirror: the sample's contracts as the reference EVM left them before the transaction), says it
// is a faithful replay, and steps it at the source level to the revert, as with the server's trace.
// A record the replay contradicts gives a session that says it diverged; the setting off (no
// replay given) gives the call-level session as before.
import * as assert from 'assert';
import { OpcodesAvailability } from '../../../../src/debug/load/availability';
import type { ReplaySource } from '../../../../src/debug/load/replayStep';
import { replayTransaction } from '../../../../src/debug/replay/host/replaySource';
import { startDebugPipeline, type DebugPipeline } from '../../../support/debugPipeline';
import { opcodesPath } from '../../../support/evmRecords';
import type { EvmScenario } from '../../../support/evmTraces';
import { mirrorErrorBody } from '../../../support/mirrorReplay';
import { replayFixtures } from '../../../support/replayFixtures';
import { replayMirrorRoutes } from '../../../support/replayMirror';
import { launch, TOKEN_SOL, VAULT_SOL } from '../dapLaunch';

const REVERT_LINE = 84; // if (balance < amount) revert InsufficientBalance(from, balance, amount);

describe('debug adapter: a local replay where the mirror node serves no opcode trace', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;
  let withdrawal: EvmScenario;
  let replays = 0;

  const replay: ReplaySource = request => {
    replays++;
    return replayTransaction(
      request.idOrHash,
      { mirror: pipeline.client, actions: request.actions, network: request.network },
      { memory: request.memory, signal: request.signal, onProgress: request.onProgress },
    );
  };

  before(async () => {
    pipeline = await startDebugPipeline();
    // What no record answers (a slot at a moment, a balance, a token) comes from the replay world.
    pipeline.replay.setRoutes(replayMirrorRoutes(await replayFixtures()));
    withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
    pipeline.add([
      { url: opcodesPath(withdrawal), status: 501, bodyText: mirrorErrorBody('Not implemented'), source: 'not-served' },
    ]);
  });
  beforeEach(() => {
    replays = 0;
    pipeline.replay.preferSource('not-served');
  });
  afterEach(() => pipeline.replay.clearSelections());
  after(async () => pipeline?.close());

  it('steps the replay in the source to the revert and says it is faithful', async () => {
    const availability = new OpcodesAvailability(Date.now, 0);
    const { dap, first } = await launch(pipeline, withdrawal, {}, {}, { availability, replay });
    assert.strictEqual(replays, 1);
    assert.strictEqual(first.body.reason, 'entry');
    const console = dap.console();
    assert.match(console, /does not serve opcode traces \(501/);
    assert.match(console, /Source: local replay, faithful/);
    assert.doesNotMatch(console, /steps call by call/);
    const threads = await dap.ok<{ threads: { name: string }[] }>('threads');
    assert.match(threads.threads[0].name, / · local replay, faithful$/);

    const atRevert = await dap.step('continue');
    assert.strictEqual(atRevert.body.reason, 'exception');
    // The source is said on every stop too (the Call Stack's header, the exception's widget).
    assert.match(atRevert.body.description ?? '', /^\[local replay, faithful\] Reverted here: InsufficientBalance\(/);
    const frames = await dap.frames();
    assert.deepStrictEqual(
      frames.map(f => f.name),
      ['MyToken.transfer', 'Vault.withdraw', 'VaultProxy.fallback'],
    );
    assert.strictEqual(frames[0].source?.path, TOKEN_SOL);
    assert.strictEqual(frames[0].line, REVERT_LINE);
    // Step back works on a replayed trace as on the server's: the whole trace is there.
    await dap.step('stepBack');
    assert.ok((await dap.frames()).length > 0);
    await dap.request('disconnect', {});
  });

  it('loads memory by replaying again with memory rows', async () => {
    const { dap } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [31] }, {}, { replay });
    await dap.step('continue');
    const response = await dap.request('loadMemory', {}, 60_000);
    assert.ok(response.success, response.message);
    assert.match(dap.console(), /Memory loaded: [\d,]+ instructions, .*replayed locally again, with memory/);
    assert.strictEqual(replays, 2);
    const rows = await dap.scope('Memory');
    assert.ok(rows.length > 0 && rows.every(r => /^0x[0-9a-f]{64}$/.test(r.value)), JSON.stringify(rows.slice(0, 3)));
    await dap.request('disconnect', {});
  });

  it('without a replay (the setting off) steps call by call, as before', async () => {
    const { dap } = await launch(pipeline, withdrawal, {}, {}, {});
    assert.strictEqual(replays, 0);
    assert.match(dap.console(), /steps call by call/);
    assert.doesNotMatch(dap.console(), /local replay/);
    assert.doesNotMatch((await dap.step('continue')).body.description ?? '', /local replay/);
    await dap.request('disconnect', {});
  });
});
