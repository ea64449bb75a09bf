// The debug adapter's lifecycle at its edges, over DAP on EVM-made scenarios: a session the editor
// ends while the transaction is still loading says nothing more (no late output, response or second
// `terminated`); Load memory cancelled from its progress notification is no error shown to the
// user; a second Load memory while one is under way is refused instead of taking over the first's
// notification; and memory put under the session leaves the documents it serves by reference as
// they were (a disassembly keeps its reference, so an open editor tab keeps its text).
import * as assert from 'assert';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { OpcodesAvailability } from '../../../src/debug/load/availability';
import { reloadWithMemory } from '../../../src/debug/load/loadSession';
import { TraceModel } from '../../../src/debug/model/traceModel';
import type { TraceStore } from '../../../src/trace/store';
import { startDebugPipeline, type DebugPipeline } from '../../support/debugPipeline';
import type { EvmScenario } from '../../support/evmTraces';
import { DapClient } from './dapClient';
import { launch, VAULT_SOL } from './dapLaunch';
import { loadModel } from './debugModels';

const TRANSFER_LINE = 31; // token.transfer(msg.sender, amount);

/** A call trace store whose reading never ends until its signal aborts (a slow mirror node). */
function hangingStore(): { store: TraceStore; aborted: () => boolean } {
  let aborted = false;
  const store: Pick<TraceStore, 'load' | 'actionsOf'> = {
    load: (_network, _id, _deps, signal) =>
      new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new Error('the call trace reading was aborted'));
        });
      }),
    actionsOf: () => undefined,
  };
  return { store: store as TraceStore, aborted: () => aborted };
}

/** Spaces asks as the real one does, but the `hangFrom`th ask and later wait until cancelled. */
class HangingAvailability extends OpcodesAvailability {
  asks = 0;
  constructor(private readonly hangFrom: number) {
    super(Date.now, 0);
  }
  override async turn(baseUrl: string, signal?: AbortSignal): Promise<void> {
    this.asks++;
    if (this.asks < this.hangFrom) return super.turn(baseUrl, signal);
    await new Promise<void>((_resolve, reject) =>
      signal?.addEventListener('abort', () => reject(new Error('cancelled')), { once: true }),
    );
  }
}

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

async function loading(pipeline: DebugPipeline, scenario: EvmScenario, store: TraceStore): Promise<DapClient> {
  const dap = new DapClient(pipeline.adapter(scenario, { store }));
  await dap.ok('initialize', { adapterID: 'ledger-lens', pathFormat: 'path', supportsProgressReporting: true });
  void dap.request('launch', { transaction: scenario.transactionId }, 60_000).catch(() => undefined);
  // Loading is under way: its progress notification is up.
  for (let i = 0; i < 200 && !dap.events.some(e => e.event === 'progressStart'); i++) await pause(10);
  assert.ok(
    dap.events.some(e => e.event === 'progressStart'),
    'loading started',
  );
  return dap;
}

describe('debug adapter review: the session’s lifecycle at its edges', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;
  let withdrawal: EvmScenario;

  before(async () => {
    pipeline = await startDebugPipeline();
    withdrawal = await pipeline.scenario('withdrawViaProxyAboveBalance');
  });
  after(async () => pipeline?.close());

  it('disconnected while loading: the loading is aborted and nothing is sent after the disconnect’s answer', async () => {
    const hanging = hangingStore();
    const dap = await loading(pipeline, withdrawal, hanging.store);
    await dap.ok('disconnect');
    const answered = dap.events.length;
    await pause(500);
    assert.ok(hanging.aborted(), 'the call trace reading was aborted');
    assert.deepStrictEqual(
      dap.events.slice(answered).map(e => e.event),
      [],
      'no output, progress or terminated event after the session ended',
    );
  });

  it('terminated while loading: one `terminated` event, nothing after it', async () => {
    const hanging = hangingStore();
    const dap = await loading(pipeline, withdrawal, hanging.store);
    const terminated = dap.next('terminated');
    await dap.ok('terminate');
    await terminated;
    const after = dap.events.length;
    await pause(500);
    assert.ok(hanging.aborted());
    assert.deepStrictEqual(
      dap.events.slice(after).map(e => e.event),
      [],
    );
    assert.strictEqual(dap.events.filter(e => e.event === 'terminated').length, 1);
  });

  it('Load memory cancelled from its notification: no error for the user, the console says so, the session goes on', async () => {
    const availability = new HangingAvailability(2);
    const { dap } = await launch(pipeline, withdrawal, { [VAULT_SOL]: [TRANSFER_LINE] }, {}, { availability });
    await dap.step('continue');
    const started = dap.next<DebugProtocol.ProgressStartEvent>('progressStart');
    const response = dap.request('loadMemory', {}, 60_000);
    const progress = await started;
    assert.strictEqual(progress.body.cancellable, true);
    await dap.ok('cancel', { progressId: progress.body.progressId });
    const answer = await response;
    assert.strictEqual(answer.success, true, `a cancel is no failure to report: ${answer.message ?? ''}`);
    assert.match(dap.console(), /Load memory cancelled/);
    const memory = await dap.scope('Memory');
    assert.deepStrictEqual(
      memory.map(v => v.name),
      ['not loaded'],
    );
    assert.strictEqual((await dap.top()).line, TRANSFER_LINE);
  });

  it('a second Load memory while one is under way is refused in words; the first keeps its notification', async () => {
    const availability = new HangingAvailability(2);
    const { dap } = await launch(pipeline, withdrawal, {}, {}, { availability });
    const started = dap.next<DebugProtocol.ProgressStartEvent>('progressStart');
    const first = dap.request('loadMemory', {}, 60_000);
    const progress = await started;
    const second = await dap.request('loadMemory', {});
    assert.strictEqual(second.success, false);
    assert.match(second.message ?? '', /already/);
    assert.ok(
      !dap.events.some(
        e =>
          e.event === 'progressEnd' &&
          (e as DebugProtocol.ProgressEndEvent).body.progressId === progress.body.progressId,
      ),
      'the first loading’s notification is still up (its Cancel still works)',
    );
    await dap.ok('cancel', { progressId: progress.body.progressId });
    assert.strictEqual((await first).success, true);
    assert.strictEqual(availability.asks, 2, 'the second request asked the mirror node nothing');
  });

  it('memory put under the session keeps each disassembly’s reference and text', async () => {
    const { model } = await loadModel(pipeline, withdrawal);
    assert.ok(model instanceof TraceModel);
    // The first entry of each frame's code placed in a disassembly, in trace order.
    const firsts = new Map<string, number>();
    model.entryStop();
    for (let guard = 0; guard < 5_000; guard++) {
      const place = model.frames()[0]?.place;
      const name = place?.source.name ?? '';
      if (name.endsWith('(disassembly)') && !firsts.has(name)) firsts.set(name, model.position);
      if (model.instruction(true).reason === 'end') break;
    }
    assert.ok(firsts.size >= 2, `two codes shown in a disassembly: ${[...firsts.keys()].join(', ')}`);
    const at = async (entry: number) => {
      model.entryStop();
      while (model.position < entry) model.instruction(true);
      while (model.position > entry) model.instruction(false);
      return model.frames()[0]?.place?.source;
    };
    const before = new Map<string, number | undefined>();
    for (const [name, entry] of firsts) before.set(name, (await at(entry))?.reference);
    await reloadWithMemory(model, { output: () => undefined, progress: () => undefined }, new AbortController().signal);
    // Visited the other way round this time.
    for (const [name, entry] of [...firsts].reverse()) {
      const source = await at(entry);
      assert.strictEqual(source?.name, name);
      assert.strictEqual(source?.reference, before.get(name), `${name} keeps its reference`);
      const text = model.source(source?.reference ?? 0) ?? '';
      assert.ok(text.length > 0);
    }
    const rows =
      model
        .scopes(0)
        .find(s => s.name === 'Memory')
        ?.variables() ?? [];
    assert.notDeepStrictEqual(
      rows.map(v => v.name),
      ['not loaded'],
      'the memory is there',
    );
  });
});
