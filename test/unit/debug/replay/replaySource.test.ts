// A transaction replayed from a loopback mirror node (test/support/mirrorReplay.ts) through the
// real mirror client: the contract result read, the input built, the engine run, its trace read in
// chunks and compared with the record. The engine stands in first with the reference EVM's own
// outcome (test/support/evmTraces.ts, evmOpcodes.ts), so the host's part is checked alone:
// progress counted from the state asked, the trace read whole, a faithful verdict, the reasons a
// replay is unavailable, cancellation. Then, when src/debug/replay/engine is built, the real
// engine replays every call scenario (in the host thread and in the worker) and must be faithful.
import * as assert from 'assert';
import * as path from 'path';
import { createMirrorClient, type MirrorClient } from '../../../../src/mirror';
import { loadReplayEngine, type ReplayEngine } from '../../../../src/debug/replay/host/engineLoader';
import { progressText, replayTransaction, type ReplaySourceDeps } from '../../../../src/debug/replay/host/replaySource';
import { anAccount, anErrorBody, aContract } from '../../../support/builders';
import { opcodesBodyText } from '../../../support/evmOpcodes';
import { evmTraces, type EvmScenario } from '../../../support/evmTraces';
import {
  startMirrorReplay,
  type MirrorReplay,
  type RouteAnswer,
  type RouteRequest,
} from '../../../support/mirrorReplay';
import { actionsOf, referenceOutcome } from '../../../support/replayReference';

const WORKER_SCRIPT = path.join(__dirname, '..', '..', '..', '..', 'src', 'debug', 'replay', 'worker.js');
describe('debug/replay/host/replaySource: a transaction replayed from a loopback mirror node', function () {
  this.timeout(120_000);
  let replay: MirrorReplay;
  let mirror: MirrorClient;
  /** Every scenario, in the order they ran. */
  let scenarios: EvmScenario[];
  let calls: EvmScenario[];
  let byId: Map<string, EvmScenario>;
  let deposit: EvmScenario;
  /** Every contract's code, by id (the code does not change after its creation). */
  let codes: Map<string, string>;

  function routes() {
    return async (req: RouteRequest): Promise<RouteAnswer | undefined> => {
      const json = (status: number, body: { toString(): string }) => ({ status, body: body.toString() });
      let m = /^\/api\/v1\/contracts\/results\/([^/]+)$/.exec(req.path);
      if (m) {
        const s = byId.get(m[1]);
        return s ? json(200, JSON.stringify(s.contractResult)) : json(404, anErrorBody('Not found'));
      }
      m = /^\/api\/v1\/contracts\/([^/]+)$/.exec(req.path);
      if (m) {
        const code = codes.get(m[1]);
        return code
          ? json(200, aContract({ contract_id: m[1], runtime_bytecode: code }))
          : json(404, anErrorBody('Not found'));
      }
      m = /^\/api\/v1\/contracts\/([^/]+)\/state$/.exec(req.path);
      if (m) return json(200, JSON.stringify({ state: slotBefore(m[1], req), links: { next: null } }));
      m = /^\/api\/v1\/accounts\/([^/]+)$/.exec(req.path);
      if (m) return json(200, anAccount({ account: m[1], balance: { timestamp: '1', balance: 0, tokens: [] } }));
      if (/^\/api\/v1\/tokens\//.test(req.path)) return json(404, anErrorBody('Not found'));
      return undefined;
    };
  }

  /**
   * A slot as the scenarios before the timestamp left it (`lt:` only, as the reader asks): the
   * storage starts empty and each successful scenario's recorded writes apply in order.
   */
  function slotBefore(id: string, req: RouteRequest): object[] {
    const q = (name: string) => req.query.find(p => p.name === name)?.value ?? '';
    const before = /^lt:(\d+)\.(\d{9})$/.exec(q('timestamp'));
    assert.ok(before, `the reader asks lt:, not ${q('timestamp')}`);
    const t = BigInt(before[1] + before[2]);
    const slot = BigInt(q('slot'));
    let last: { timestamp: string; value: string } | undefined;
    for (const s of scenarios)
      if (BigInt(s.timestamp.replace('.', '')) < t)
        for (const c of s.contractResult.state_changes)
          if (c.contract_id === id && BigInt(c.slot) === slot && c.value_written !== null)
            last = { timestamp: s.timestamp, value: c.value_written };
    const word = `0x${slot.toString(16).padStart(64, '0')}`;
    return last ? [{ address: '0x', contract_id: id, timestamp: last.timestamp, slot: word, value: last.value }] : [];
  }

  before(async () => {
    const traces = await evmTraces();
    scenarios = [...traces.scenarios];
    calls = traces.scenarios.filter(s => s.actions[0].call_type !== 'CREATE');
    byId = new Map(traces.scenarios.map(s => [s.transactionId, s]));
    deposit = traces.byName.deposit;
    codes = new Map(traces.scenarios.flatMap(s => s.contracts.map(c => [c.contract_id, c.runtime_bytecode] as const)));
    replay = await startMirrorReplay({ routes: routes() });
    mirror = createMirrorClient({ baseUrl: replay.url, retryBaseMs: 5 });
  });
  after(() => replay.close());
  beforeEach(() => replay.resetRequests());

  /** An engine that asks the code of the contract called and one balance, then answers as the reference EVM ran. */
  function standIn(scenario: EvmScenario, seen?: { memory?: boolean }): () => ReplayEngine {
    return () => ({
      async runReplay(input, reader, options, signal, onProgress) {
        if (seen) seen.memory = options.memory;
        await reader.code(input.to);
        onProgress?.({ steps: 500, fetched: 1 });
        await reader.balance(input.from);
        for (const k of input.knownSlots) await reader.slot(k.address, k.slot);
        if (signal.aborted) throw signal.reason;
        onProgress?.({ steps: 1234, fetched: 2 });
        const body = opcodesBodyText(scenario, { stack: true, memory: options.memory, storage: true });
        return { body, ...referenceOutcome(scenario) };
      },
    });
  }

  const deps = (scenario: EvmScenario, over: Partial<ReplaySourceDeps> = {}): ReplaySourceDeps => ({
    mirror,
    actions: actionsOf(scenario),
    network: 'testnet',
    engine: standIn(scenario),
    ...over,
  });

  it('reads the record, runs, reads the trace in chunks, and finds the replay faithful; progress counts the state fetched', async () => {
    const said: string[] = [];
    const answer = await replayTransaction(deposit.transactionId, deps(deposit), {
      memory: false,
      signal: new AbortController().signal,
      onProgress: text => said.push(text),
    });
    assert.ok(answer.kind === 'replayed', answer.kind === 'unavailable' ? answer.why : '');
    const body = opcodesBodyText(deposit, { stack: true, memory: false, storage: true });
    assert.ok(body.length > 3 * 64 * 1024, `a body of several chunks (${body.length} bytes)`);
    assert.strictEqual(answer.result.bytes, Buffer.byteLength(body));
    assert.strictEqual(answer.result.trace.length, answer.outcome.entries);
    assert.deepStrictEqual(answer.result.problems, []);
    assert.deepStrictEqual(answer.verdict, { faithful: true, divergences: [], notReplayed: [] });
    assert.ok(!('body' in answer.outcome));
    // The record's slots were not asked: one code, one balance.
    assert.deepStrictEqual(answer.outcome.fetched, { code: 1, slots: 0, balances: 1 });
    assert.deepStrictEqual(said, [
      'Local replay: 0 steps, 0 values fetched from the mirror node',
      'Local replay: 500 steps, 1 value fetched from the mirror node',
      'Local replay: 1,234 steps, 2 values fetched from the mirror node',
    ]);
    assert.deepStrictEqual(
      replay.requests.map(r => r.url.replace(/\?.*/, '')),
      [`/api/v1/contracts/results/${deposit.transactionId}`, '/api/v1/contracts/0.0.1003', '/api/v1/accounts/0.0.1001'],
    );
  });

  it('asks the engine for memory rows when asked, and reads them', async () => {
    const seen: { memory?: boolean } = {};
    const answer = await replayTransaction(deposit.transactionId, deps(deposit, { engine: standIn(deposit, seen) }), {
      memory: true,
      signal: new AbortController().signal,
    });
    assert.ok(answer.kind === 'replayed');
    assert.strictEqual(seen.memory, true);
    assert.strictEqual(
      answer.result.bytes,
      Buffer.byteLength(opcodesBodyText(deposit, { stack: true, memory: true, storage: true })),
    );
  });

  it('a record that differs from the replay is diverged, never faithful', async () => {
    const engine = (): ReplayEngine => ({
      runReplay: async (...args) => {
        const o = await standIn(deposit)().runReplay(...args);
        return { ...o, result: { ...o.result, gasConsumed: o.result.gasConsumed - 1n } };
      },
    });
    const answer = await replayTransaction(deposit.transactionId, deps(deposit, { engine }), {
      memory: false,
      signal: new AbortController().signal,
    });
    assert.ok(answer.kind === 'replayed');
    assert.strictEqual(answer.verdict.faithful, false);
    assert.match(answer.verdict.divergences[0].text, /^recorded gas consumed [\d,]+, replayed [\d,]+$/);
  });

  it('says why a replay is unavailable: no such result, a creation, an unknown network, an engine failure, an unreadable trace', async () => {
    const signal = new AbortController().signal;
    const why = async (id: string, d: ReplaySourceDeps) => {
      const answer = await replayTransaction(id, d, { memory: false, signal });
      assert.strictEqual(answer.kind, 'unavailable');
      return answer.kind === 'unavailable' ? answer.why : '';
    };
    assert.match(
      await why('0.0.1001-1799999999-000000000', deps(deposit)),
      /the mirror node has no contract result for 0\.0\.1001-1799999999-000000000/,
    );
    const create = byId.get([...byId.keys()].find(k => byId.get(k)!.actions[0].call_type === 'CREATE')!)!;
    assert.match(await why(create.transactionId, deps(create)), /contract creation is not replayed/);
    assert.match(
      await why(deposit.transactionId, deps(deposit, { network: 'nowhere' })),
      /chain id of the network "nowhere"/,
    );
    const failing = (): ReplayEngine => ({ runReplay: () => Promise.reject(new Error('the EVM would not start')) });
    assert.match(
      await why(deposit.transactionId, deps(deposit, { engine: failing })),
      /the local replay failed: the EVM would not start/,
    );
    const garbled = (): ReplayEngine => ({
      runReplay: async (...args) => ({ ...(await standIn(deposit)().runReplay(...args)), body: '{"opcodes": [' }),
    });
    assert.match(
      await why(deposit.transactionId, deps(deposit, { engine: garbled })),
      /the replay's trace could not be read/,
    );
  });

  it('cancellation rejects (it is not an unavailable replay)', async () => {
    const controller = new AbortController();
    const engine = (): ReplayEngine => ({
      runReplay: async (input, reader, _options, signal) => {
        controller.abort(new Error('the debug session was closed'));
        await reader.code(input.to);
        throw signal.reason;
      },
    });
    await assert.rejects(
      replayTransaction(deposit.transactionId, deps(deposit, { engine }), { memory: false, signal: controller.signal }),
      /the debug session was closed/,
    );
  });

  describe('with the real engine (src/debug/replay/engine)', () => {
    let real: ReplayEngine | undefined;
    before(function () {
      try {
        real = loadReplayEngine();
      } catch {
        this.skip();
      }
    });

    for (const where of ['host', 'worker'] as const) {
      it(`replays every call scenario faithfully, its trace the reference's (${where} thread)`, async () => {
        const threads = new Set<string>();
        for (const scenario of calls) {
          const answer = await replayTransaction(
            scenario.transactionId,
            deps(scenario, {
              engine: () => real!,
              onThread: (thread, problem) => threads.add(problem ?? thread),
              ...(where === 'worker' ? { workerScript: WORKER_SCRIPT } : {}),
            }),
            { memory: false, signal: new AbortController().signal },
          );
          assert.ok(answer.kind === 'replayed', `${scenario.name}: ${answer.kind === 'unavailable' ? answer.why : ''}`);
          assert.strictEqual(answer.outcome.stopped, undefined, `${scenario.name}: ${answer.outcome.stopped?.reason}`);
          assert.deepStrictEqual(answer.verdict.divergences, [], scenario.name);
          assert.strictEqual(answer.verdict.faithful, true, scenario.name);
          assert.strictEqual(
            answer.result.bytes,
            Buffer.byteLength(opcodesBodyText(scenario, { stack: true, memory: false, storage: true })),
            scenario.name,
          );
        }
        assert.deepStrictEqual([...threads], [where]);
      });
    }
  });

  it('progress text', () => {
    assert.strictEqual(progressText(1234, 12), 'Local replay: 1,234 steps, 12 values fetched from the mirror node');
  });
});
