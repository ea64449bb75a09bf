// The local replay checked against the reference EVM: every transaction of the test ground
// (test/support/replayFixtures.ts) is replayed through replayTransaction against a loopback mirror
// that serves only the records and the world (test/support/replayMirror.ts, /opcodes not served),
// and what comes back is held to what the reference EVM did: the same trace opcode for opcode, a
// faithful verdict, calls into the token service and a token's own address taken from the record
// and said so, the state read as it was just before the transaction, each value asked once. A
// record altered on purpose, a contract deleted since, a loop over 10,000 slots, a loop to the gas
// limit, a storm of 429s and lost history each end in words, with bounded requests, never faithful.
import * as assert from 'assert';
import * as path from 'path';
import { OpcodeTraceParser } from '../../../../src/debug/opcodes/parse';
import type { OpcodeTrace, OpcodeTraceResult } from '../../../../src/debug/opcodes/types';
import { replayTransaction } from '../../../../src/debug/replay/host/replaySource';
import { DEFAULT_REPLAY_LIMITS, type ReplayLimits } from '../../../../src/debug/replay/types';
import { createMirrorClient, type MirrorClient } from '../../../../src/mirror/client';
import type { ContractAction } from '../../../../src/mirror/schemas';
import { replayScenarioPlan } from '../../../tools/make-replay-fixtures';
import { replayFixtures, type ReplayFixtures, type ReplayScenarioFile } from '../../../support/replayFixtures';
import { startReplayMirror, type ReplayMirror, type ReplayMirrorOptions } from '../../../support/replayMirror';

type Answer = Awaited<ReturnType<typeof replayTransaction>>;
type Replayed = Extract<Answer, { kind: 'replayed' }>;

interface Run {
  readonly answer: Answer;
  readonly mirror: ReplayMirror;
  readonly scenario: ReplayScenarioFile;
}

interface RunOptions {
  readonly server?: ReplayMirrorOptions;
  readonly limits?: ReplayLimits;
  readonly maxRetryAfterMs?: number;
  readonly workerScript?: string;
}

/** One entry of a parsed trace, every member as plain values. */
function entryOf(t: OpcodeTrace, i: number) {
  const words = (pool: Uint32Array, start: Uint32Array): string[] =>
    Array.from(pool.subarray(start[i], start[i + 1]), w => t.words.word(w) ?? '(none)');
  return {
    pc: t.pc[i],
    op: t.opNames[t.op[i]],
    depth: t.depth[i],
    gas: t.gas[i],
    gasCost: t.gasCost[i],
    stack: words(t.stackWords, t.stackStart),
    storageKeys: words(t.storageKeys, t.storageStart),
    storageValues: words(t.storageValues, t.storageStart),
    reason: t.reasons.get(i) ?? null,
  };
}

function parseBody(text: string): OpcodeTraceResult {
  const parser = new OpcodeTraceParser();
  parser.write(text);
  return parser.end();
}

/** The first difference between the replay's trace and the reference's, in words; undefined: none. */
function firstDifference(replayed: OpcodeTraceResult, reference: OpcodeTraceResult): string | undefined {
  const [a, b] = [replayed.trace, reference.trace];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const [x, y] = [entryOf(a, i), entryOf(b, i)];
    for (const key of Object.keys(x) as (keyof typeof x)[]) {
      if (JSON.stringify(x[key]) !== JSON.stringify(y[key])) {
        const before = i > 0 ? ` after ${entryOf(b, i - 1).op} at pc ${entryOf(b, i - 1).pc}` : '';
        return `entry ${i} (${y.op}${before}): ${key} replayed ${JSON.stringify(x[key])}, reference ${JSON.stringify(y[key])}`;
      }
    }
  }
  if (a.length !== b.length) {
    const at = Math.min(a.length, b.length);
    return `replayed ${a.length} entries, reference ${b.length} (from entry ${at}: ${JSON.stringify(entryOf(a.length > b.length ? a : b, at))})`;
  }
  const [h, r] = [replayed.header, reference.header];
  const header = (x: typeof h) => JSON.stringify({ ...x, gas: x.gas?.toString() });
  if (header(h) !== header(r)) return `header replayed ${header(h)}, reference ${header(r)}`;
  return undefined;
}

/** What the replay said, whatever it came to: for messages and "said in words" checks. */
function said(answer: Answer): string {
  if (answer.kind === 'unavailable') return answer.why;
  return [answer.outcome.stopped?.reason ?? '', ...answer.verdict.divergences.map(d => d.text)].join(' | ');
}

function neverFaithful(answer: Answer, name: string): void {
  assert.ok(
    answer.kind === 'unavailable' || !answer.verdict.faithful,
    `${name} must not be called faithful: ${said(answer)}`,
  );
  assert.ok(said(answer).trim().length > 0, `${name}: the replay says why`);
}

function replayedOf(answer: Answer, name: string): Replayed {
  if (answer.kind !== 'replayed') assert.fail(`${name} was not replayed: ${answer.why}`);
  return answer;
}

describe('local replay against the reference EVM (the test ground)', function () {
  this.timeout(180_000);
  let fixtures: ReplayFixtures;
  const servers: ReplayMirror[] = [];
  const plan = replayScenarioPlan();

  before(async () => {
    fixtures = await replayFixtures();
  });
  after(async () => {
    for (const s of servers) await s.close();
  });

  async function run(name: string, options: RunOptions = {}): Promise<Run> {
    const scenario = fixtures.byName[name];
    assert.ok(scenario, `no scenario ${name}`);
    const mirror = await startReplayMirror(fixtures, options.server ?? {});
    servers.push(mirror);
    const client: MirrorClient = createMirrorClient({
      baseUrl: mirror.url,
      maxRequestsPerSecond: 100_000,
      retries: 0,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
    });
    const actions: ContractAction[] = (await client.listContractActions(scenario.transactionId, { limit: 100 }))
      .actions;
    mirror.answers.resetCounts();
    const answer = await replayTransaction(
      scenario.transactionId,
      {
        mirror: client,
        actions,
        network: fixtures.world.network,
        ...(options.limits ? { limits: options.limits } : {}),
        ...(options.workerScript ? { workerScript: options.workerScript } : {}),
      },
      { memory: false, signal: new AbortController().signal },
    );
    return { answer, mirror, scenario };
  }

  /** The replay made the reference's trace and called it faithful, asking each value once and only as of before it. */
  function assertFaithful({ answer, mirror, scenario }: Run, retried = 0): Replayed {
    const replayed = replayedOf(answer, scenario.name);
    assert.strictEqual(replayed.outcome.stopped, undefined, `${scenario.name} stopped: ${said(answer)}`);
    assert.ok(scenario.opcodes, `${scenario.name} has a reference trace`);
    const difference = firstDifference(replayed.result, parseBody(JSON.stringify(scenario.opcodes)));
    assert.strictEqual(difference, undefined, `${scenario.name}: ${difference}`);
    assert.deepStrictEqual(replayed.verdict.divergences, [], scenario.name);
    assert.strictEqual(replayed.verdict.faithful, true, scenario.name);
    assertAskedOnce(mirror, scenario, retried);
    return replayed;
  }

  /** Each value asked once (`retried`: the requests a 429 storm made the client ask again). */
  function assertAskedOnce(mirror: ReplayMirror, scenario: ReplayScenarioFile, retried: number): void {
    const counts = mirror.counts();
    const again = [...counts.byTarget].filter(([target, n]) => n > 1 && !/\/contracts\/results\//.test(target));
    const extra = again.reduce((sum, [, n]) => sum + n - 1, 0);
    assert.ok(extra <= retried, `${scenario.name}: asked more than once: ${JSON.stringify(again)}`);
    const known = new Set(scenario.contractResult.state_changes.map(c => `${c.contract_id} ${c.slot}`));
    for (const ask of counts.stateAsks) {
      assert.deepStrictEqual(
        ask.timestamps,
        [`lt:${scenario.contractResult.timestamp}`],
        `${scenario.name}: state as of`,
      );
      for (const slot of ask.slots) {
        assert.ok(
          !known.has(`${ask.contractId} ${slot}`),
          `${scenario.name}: asked for ${slot}, which the record gave`,
        );
      }
    }
    assert.strictEqual(counts.byKind.opcodes, 0, 'the replay does not ask for the trace it stands in for');
  }

  describe('each transaction, as the reference EVM ran it', () => {
    for (const { name, expect } of plan) {
      it(`${name}: ${expect}`, async () => {
        const r = await run(name);
        switch (expect) {
          case 'faithful': {
            const replayed = assertFaithful(r);
            const recorded = replayed.outcome.frames.filter(f => f.how === 'recorded').map(f => f.to);
            assert.deepStrictEqual(recorded, r.scenario.recordedCalls, `${name}: frames taken from the record`);
            const notReplayed = replayed.verdict.notReplayed.join(' | ');
            assert.strictEqual(replayed.verdict.notReplayed.length, recorded.length, notReplayed);
            for (const to of recorded) {
              // Said by the address as users know it: the system contract's short form, the token's id.
              const named = to === '0x0000000000000000000000000000000000000167' ? /0x…167|0\.0\.359/ : /0\.0\.1020/;
              assert.match(notReplayed, named);
            }
            break;
          }
          case 'diverged': {
            const replayed = replayedOf(r.answer, name);
            // The record is wrong, not the replay: its trace is still the reference's.
            const difference = firstDifference(replayed.result, parseBody(JSON.stringify(r.scenario.opcodes)));
            assert.strictEqual(difference, undefined, `${name}: ${difference}`);
            assert.strictEqual(replayed.verdict.faithful, false);
            const text = replayed.verdict.divergences.map(d => d.text).join(' | ');
            assert.match(text, name === 'alteredValueWritten' ? /slot|stor|state|written/i : /result|output|return/i);
            break;
          }
          case 'unavailable':
            assert.strictEqual(r.answer.kind, 'unavailable', said(r.answer));
            assert.match(said(r.answer), /creat/i);
            break;
          case 'stopped':
          case 'not faithful':
            neverFaithful(r.answer, name);
            assert.ok(
              r.mirror.counts().total <= DEFAULT_REPLAY_LIMITS.maxFetches + 20,
              `${r.mirror.counts().total} requests`,
            );
            break;
        }
      });
    }
  });

  it('reads the state a later transaction rewrote as it was before the transaction (lt: its timestamp)', async () => {
    const r = await run('checkBelowRewrittenLater');
    assertFaithful(r);
    const asks = r.mirror.counts().stateAsks;
    assert.strictEqual(asks.length, 3, JSON.stringify(asks));
    for (const ask of asks) assert.deepStrictEqual(ask.timestamps, [`lt:${r.scenario.contractResult.timestamp}`]);
  });

  it('asks a successful transaction no slot its record lists, and a failed one each slot it read once', async () => {
    const ok = await run('bumpRewrittenLater');
    assertFaithful(ok);
    assert.strictEqual(ok.mirror.counts().byKind.state, 0);
    const failed = await run('withdrawAboveVaultBalance');
    assertFaithful(failed);
    assert.ok(failed.mirror.counts().byKind.state > 0);
  });

  it('stops the 10,000-slot loop at the fetch cap, says the cap, and asks no more than it', async () => {
    const r = await run('tenThousandSlots');
    const replayed = replayedOf(r.answer, 'tenThousandSlots');
    assert.ok(replayed.outcome.stopped, said(r.answer));
    assert.match(replayed.outcome.stopped.reason, /2,000|2000/);
    assert.strictEqual(replayed.verdict.faithful, false);
    const state = r.mirror.counts().byKind.state;
    assert.ok(state <= DEFAULT_REPLAY_LIMITS.maxFetches, `${state} state requests`);
    const smaller = await run('tenThousandSlots', { limits: { maxSteps: 200_000, maxFetches: 50 } });
    assert.match(replayedOf(smaller.answer, 'tenThousandSlots').outcome.stopped?.reason ?? '', /\b50\b/);
    assert.ok(smaller.mirror.counts().byKind.state <= 50);
  });

  it('stops the endless loop at the step cap and says the cap', async () => {
    const r = await run('spin', { limits: { maxSteps: 20_000, maxFetches: 2_000 } });
    const replayed = replayedOf(r.answer, 'spin');
    assert.match(replayed.outcome.stopped?.reason ?? '', /20,000|20000/);
    assert.ok(replayed.outcome.entries <= 20_000, `${replayed.outcome.entries} entries`);
    assert.strictEqual(replayed.verdict.faithful, false);
  });

  it('is never faithful for a call into a contract self-destructed since, and says why', async () => {
    for (const name of ['pingDoomed', 'doom']) {
      const r = await run(name);
      neverFaithful(r.answer, name);
      assert.match(said(r.answer), /0\.0\.1101/);
      assert.match(said(r.answer), /deleted|self-destruct/i);
      assert.ok(r.mirror.counts().total < 20, `${name}: ${r.mirror.counts().total} requests`);
    }
  });

  it('rides out a short storm of 429s, and gives up on a lasting one in words, bounded', async () => {
    const short = await run('checkBelowReverts', { server: { tooManyRequests: { count: 1, retryAfterSeconds: 1 } } });
    assertFaithful(short, 1);
    const lasting = await run('checkBelowReverts', {
      server: { tooManyRequests: { count: 1_000_000, retryAfterSeconds: 1 } },
      maxRetryAfterMs: 1_500,
    });
    neverFaithful(lasting.answer, 'checkBelowReverts in a lasting storm');
    assert.match(said(lasting.answer), /429|too many|rate|wait/i);
    assert.ok(lasting.mirror.counts().total < 30, `${lasting.mirror.counts().total} requests`);
  });

  it('says so when the history before the transaction is gone, and needs none when the record gave it', async () => {
    const name = 'checkBelowRewrittenLater';
    const cut = fixtures.byName['rewrite'].contractResult.timestamp;
    for (const answer of ['notFound', 'empty'] as const) {
      const r = await run(name, { server: { prunedBefore: { timestamp: cut, answer } } });
      neverFaithful(r.answer, `${name} with its history pruned (${answer})`);
      if (answer === 'notFound') assert.match(said(r.answer), /not found|could not|history/i);
      assert.ok(r.mirror.counts().total < 20);
    }
    const known = await run('bumpRewrittenLater', { server: { prunedBefore: { timestamp: cut } } });
    assertFaithful(known);
  });

  it('replays the same in its worker thread', async function () {
    const worker = path.join(__dirname, '..', '..', '..', '..', 'src', 'debug', 'replay', 'worker.js');
    const r = await run('depositViaProxy', { workerScript: worker });
    assertFaithful(r);
  });

  it('replays the same with a slow mirror', async () => {
    assertFaithful(await run('withdrawAboveDeposit', { server: { latencyMs: 15 } }));
  });
});
