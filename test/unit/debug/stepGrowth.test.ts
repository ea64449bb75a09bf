// The cost of a step against the trace's length: the same session made n and 8n calls long
// (stepWorkload.ts: depositViaProxy's call repeated), each move timed in CPU time at the same
// place relative to the end. A statement step costs what it passes over, so at most linear in the
// trace (the refresh after it reads the storage touched so far); continuing across the whole trace
// is linear. A quadratic scan (64×) fails.
import * as assert from 'assert';
import type { TraceModel } from '../../../src/debug/model/traceModel';
import { startDebugPipeline, type DebugPipeline } from '../../support/debugPipeline';
import { assertGrowth } from '../../support/growth';
import { PROXY_SOL, VAULT_SOL } from './dapLaunch';
import { PROXY_RETURN_LINE, refresh, repeatedDeposit, traceLength, TRANSFER_FROM_LINE } from './stepWorkload';

const N = 2;

describe('debugger stepping: cost against the trace’s length (n and 8n calls)', function () {
  this.timeout(300_000);
  let pipeline: DebugPipeline;
  const models = new Map<number, TraceModel>();

  before(async () => {
    pipeline = await startDebugPipeline();
    for (const copies of [N, 8 * N]) models.set(copies, await repeatedDeposit(pipeline, copies));
  });
  after(async () => pipeline?.close());

  const model = (copies: number): TraceModel => {
    const found = models.get(copies);
    if (!found) throw new Error(`no session of ${copies} calls`);
    return found;
  };

  it('the sessions are 8× as long, and a breakpoint at the end is hit once', () => {
    const [small, large] = [traceLength(model(N)), traceLength(model(8 * N))];
    assert.ok(large > 7 * small && large < 9 * small, `${small} and ${large} entries`);
    for (const copies of [N, 8 * N]) {
      const m = model(copies);
      m.setBreakpoints(PROXY_SOL, [PROXY_RETURN_LINE]);
      m.entryStop();
      assert.strictEqual(m.continue().reason, 'breakpoint');
      assert.strictEqual(m.continue().reason, 'end');
    }
  });

  it('continue from the start to a breakpoint at the end grows at most linearly', () => {
    for (const copies of [N, 8 * N]) model(copies).setBreakpoints(PROXY_SOL, [PROXY_RETURN_LINE]);
    assertGrowth(
      'continue across the trace',
      model,
      m => {
        m.entryStop();
        return m.continue();
      },
      N,
    );
  });

  it('a statement step each way in the last call, with the refresh after it, grows at most linearly', () => {
    const positions = new Map<number, number>();
    for (const copies of [N, 8 * N]) {
      const m = model(copies);
      m.setBreakpoints(PROXY_SOL, []);
      m.setBreakpoints(VAULT_SOL, [TRANSFER_FROM_LINE]);
      m.continue();
      // The last call's transferFrom: the last hit before the end.
      const last = m.reverseContinue();
      assert.strictEqual(last.reason, 'breakpoint');
      positions.set(copies, last.entry);
      // Over and back, into and back: a cycle that comes back to the same entry.
      m.stepOver();
      assert.strictEqual(m.stepBack().entry, last.entry);
      m.stepInto();
      assert.strictEqual(m.stepBack().entry, last.entry);
      m.setBreakpoints(VAULT_SOL, []);
    }
    assertGrowth(
      'step over, back, into, back, each with the refresh',
      model,
      m => {
        for (const move of [() => m.stepOver(), () => m.stepBack(), () => m.stepInto(), () => m.stepBack()]) {
          move();
          refresh(m);
        }
        return m.position;
      },
      N,
    );
    for (const copies of [N, 8 * N]) assert.strictEqual(model(copies).position, positions.get(copies));
  });
});
