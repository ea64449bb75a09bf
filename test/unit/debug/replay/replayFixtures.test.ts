// The local replay's test ground itself: the fixture files are the same every run, follow the mirror
// node's openapi.yml, agree with each other (the world's histories give back every value a record
// says it read), and the loopback mirror serves them with the REST module's semantics (a state as
// of lt:/lte:/eq, balances as of a time, paging, counts, a 429 storm, lost history).
import * as assert from 'assert';
import { makeReplayFixtures } from '../../../tools/make-replay-fixtures';
import { OpenApiSchemas } from '../../../support/openapiSchema';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { startMirrorReplay } from '../../../support/mirrorReplay';
import {
  readReplayFixtures,
  replayFixtures,
  writeReplayFixtures,
  type ReplayFixtures,
} from '../../../support/replayFixtures';
import {
  replayMirrorRoutes,
  startReplayMirror,
  type ReplayMirror,
  type ReplayMirrorOptions,
} from '../../../support/replayMirror';

async function get(mirror: ReplayMirror, target: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${mirror.url}${target}`);
  return { status: res.status, body: await res.json(), headers: res.headers };
}

describe('replay test ground: the fixtures and their mirror', function () {
  this.timeout(120_000);
  let fixtures: ReplayFixtures;
  let schemas: OpenApiSchemas;
  const open: ReplayMirror[] = [];
  const mirror = async (options: ReplayMirrorOptions = {}): Promise<ReplayMirror> => {
    const m = await startReplayMirror(fixtures, options);
    open.push(m);
    return m;
  };

  before(async () => {
    fixtures = await replayFixtures();
    schemas = OpenApiSchemas.load();
  });
  after(async () => {
    for (const m of open) await m.close();
  });

  it('makes the same files every run', async () => {
    const [a, b] = [await makeReplayFixtures(), await makeReplayFixtures()];
    assert.strictEqual(JSON.stringify(a), JSON.stringify(b));
    // And the files read are those a run makes now (not stale ones).
    assert.strictEqual(JSON.stringify(a.world), JSON.stringify(fixtures.world));
    assert.strictEqual(JSON.stringify(a.scenarios), JSON.stringify(fixtures.scenarios));
  });

  it('writes the files whole and reads them back; files made from other inputs are not read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-fixtures-'));
    try {
      assert.strictEqual(readReplayFixtures(dir), undefined, 'none yet');
      writeReplayFixtures({ scenarios: fixtures.scenarios, world: fixtures.world }, dir);
      const back = readReplayFixtures(dir);
      assert.strictEqual(JSON.stringify(back?.scenarios), JSON.stringify(fixtures.scenarios));
      assert.deepStrictEqual(
        fs.readdirSync(dir).filter(f => f.endsWith('.tmp')),
        [],
      );
      const index = path.join(dir, 'index.json');
      const stale = { ...(JSON.parse(fs.readFileSync(index, 'utf8')) as object), inputs: 'another contract' };
      fs.writeFileSync(index, JSON.stringify(stale));
      assert.strictEqual(readReplayFixtures(dir), undefined, 'made from other inputs');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("mounts the same answers in the tests' mirror (mirrorReplay routes)", async () => {
    const replay = await startMirrorReplay({ routes: replayMirrorRoutes(fixtures) });
    try {
      const s = fixtures.byName['associateToken'];
      const res = await fetch(`${replay.url}/api/v1/contracts/results/${s.transactionId}`);
      assert.strictEqual(res.status, 200);
      assert.deepStrictEqual(await res.json(), s.contractResult);
      const opcodes = await fetch(`${replay.url}/api/v1/contracts/results/${s.transactionId}/opcodes`);
      assert.strictEqual(opcodes.status, 501);
    } finally {
      await replay.close();
    }
  });

  it('has every call scenario of the sample and each of the replay lab, with a reference trace where one is needed', () => {
    const names = fixtures.scenarios.map(s => s.name);
    for (const name of [
      'approve',
      'deposit',
      'withdraw',
      'withdrawOutOfGas',
      'depositViaProxy',
      'withdrawViaProxyAboveBalance',
    ]) {
      assert.ok(names.includes(name), name);
    }
    for (const s of fixtures.scenarios) {
      const creates = s.actions[0]?.call_type === 'CREATE';
      assert.strictEqual(s.expect === 'unavailable', creates, s.name);
      if (s.expect === 'faithful' || s.expect === 'diverged' || s.expect === 'not faithful') {
        assert.ok(s.opcodes !== null && s.opcodes.opcodes.length > 0, `${s.name} has a reference trace`);
      }
    }
    const hts = fixtures.byName['associateToken'];
    assert.ok(
      hts.actions.some(a => a.call_type === 'PRECOMPILE' && a.to === '0x0000000000000000000000000000000000000167'),
    );
    const facade = fixtures.byName['tokenFacadeBalance'];
    assert.ok(facade.actions.some(a => a.call_type === 'PRECOMPILE' && a.call_operation_type === 'STATICCALL'));
    assert.ok(
      fixtures.byName['checkBelowRewrittenLater'].contractResult.state_changes.length === 0,
      'a failed call records no state changes',
    );
  });

  it('follows openapi.yml: contract results, actions and reference traces', () => {
    for (const s of fixtures.scenarios) {
      const { failed_initcode, ...rest } = s.contractResult;
      void failed_initcode;
      assert.deepStrictEqual(schemas.validate('ContractResultDetails', rest, { strict: true }), [], s.name);
      assert.deepStrictEqual(
        schemas.validate('ContractActionsResponse', { actions: s.actions, links: { next: null } }, { strict: true }),
        [],
        s.name,
      );
      if (s.opcodes)
        assert.deepStrictEqual(schemas.validate('OpcodesResponse', s.opcodes, { strict: true }), [], s.name);
    }
  });

  it('the world gives back every value a successful record read, as of just before it (and its writes after)', async () => {
    const m = await mirror();
    let checked = 0;
    for (const s of fixtures.scenarios.filter(x => x.altered === null && x.contractResult.status === '0x1')) {
      for (const change of s.contractResult.state_changes) {
        const base = `/api/v1/contracts/${change.contract_id}/state?slot=${change.slot}`;
        const before = await get(m, `${base}&timestamp=lt:${s.contractResult.timestamp}`);
        const state = (before.body as { state: { value: string }[] }).state;
        const read = state[0]?.value ?? `0x${'0'.repeat(64)}`;
        assert.strictEqual(read, change.value_read, `${s.name} ${change.slot}`);
        if (change.value_written !== null) {
          const after = await get(m, `${base}&timestamp=lte:${s.contractResult.timestamp}`);
          assert.strictEqual((after.body as { state: { value: string }[] }).state[0]?.value, change.value_written);
        }
        checked++;
      }
    }
    assert.ok(checked > 30, `${checked} values checked`);
  });

  it('serves state with lt: strictly before, lte:, eq and a bare timestamp at or before; the latest without one', async () => {
    const m = await mirror();
    const lab = fixtures.world.contracts.find(c => c.contract_id === '0.0.1100');
    assert.ok(lab);
    const counter = `0x${'0'.repeat(64)}`;
    const at = (name: string) => fixtures.byName[name].contractResult.timestamp;
    const value = async (query: string) =>
      (
        (await get(m, `/api/v1/contracts/0.0.1100/state?slot=${counter}${query}`)).body as {
          state: { value: string }[];
        }
      ).state[0]?.value;
    const five = `0x${'5'.padStart(64, '0')}`;
    const six = `0x${'6'.padStart(64, '0')}`;
    const seven = `0x${'7'.padStart(64, '0')}`;
    assert.strictEqual(await value(`&timestamp=lt:${at('bumpRewrittenLater')}`), five);
    assert.strictEqual(await value(`&timestamp=lte:${at('bumpRewrittenLater')}`), six);
    assert.strictEqual(await value(`&timestamp=${at('bumpRewrittenLater')}`), six);
    assert.strictEqual(await value(`&timestamp=eq:${at('bumpRewrittenLater')}`), six);
    assert.strictEqual(await value(`&timestamp=lt:${at('rewrite')}`), six);
    assert.strictEqual(await value(''), seven);
    assert.strictEqual(await value(`&timestamp=lt:${at('setCounter')}`), undefined, 'never written before: no state');
    // By EVM address too, and the slot without 0x or its leading zeros.
    assert.strictEqual(
      (
        (await get(m, `/api/v1/contracts/${lab.evm_address}/state?slot=0&timestamp=lt:${at('rewrite')}`)).body as {
          state: { value: string }[];
        }
      ).state[0]?.value,
      six,
    );
    const bad = await get(m, '/api/v1/contracts/0.0.1100/state?timestamp=gt:1');
    assert.strictEqual(bad.status, 400);
    assert.deepStrictEqual(bad.body, { _status: { messages: [{ message: 'Invalid parameter: timestamp' }] } });
    const listed = await get(m, '/api/v1/contracts/0.0.1100/state');
    assert.deepStrictEqual(schemas.validate('ContractStateResponse', listed.body, { strict: true }), []);
  });

  it('serves code as of now (a self-destructed contract deleted, without code), balances as of a time, tokens', async () => {
    const m = await mirror();
    const lab = await get(m, '/api/v1/contracts/0.0.1100');
    assert.deepStrictEqual(schemas.validate('ContractResponse', lab.body, { strict: true }), []);
    const labBody = lab.body as { runtime_bytecode: string; deleted: boolean };
    assert.match(labBody.runtime_bytecode, /^0x[0-9a-f]{100,}$/);
    assert.strictEqual(labBody.deleted, false);
    const byAddress = await get(m, '/api/v1/contracts/0x000000000000000000000000000000000000044c');
    assert.deepStrictEqual(byAddress.body, lab.body);
    const doomed = (await get(m, '/api/v1/contracts/0.0.1101')).body as { runtime_bytecode: unknown; deleted: boolean };
    assert.deepStrictEqual([doomed.deleted, doomed.runtime_bytecode], [true, null]);
    const payer = await get(
      m,
      `/api/v1/accounts/0.0.1001?timestamp=lt:${fixtures.byName['balances'].contractResult.timestamp}&transactions=false`,
    );
    assert.deepStrictEqual(schemas.validate('AccountBalanceTransactions', payer.body, { strict: true }), []);
    assert.strictEqual((payer.body as { balance: { balance: number } }).balance.balance, 5_000_000_000);
    assert.strictEqual((await get(m, '/api/v1/accounts/0.0.1100?timestamp=lt:1600000000')).status, 404);
    const token = await get(m, '/api/v1/tokens/0.0.1020');
    assert.deepStrictEqual(schemas.validate('TokenInfo', token.body, { strict: true }), []);
    assert.strictEqual((await get(m, '/api/v1/contracts/0.0.1020')).status, 404, "a token's address has no contract");
    assert.strictEqual((await get(m, '/api/v1/tokens/0.0.1021')).status, 404);
  });

  it('serves results by id and hash, actions page by page (links.next relative), /opcodes as 501', async () => {
    const m = await mirror();
    const s = fixtures.byName['depositViaProxy'];
    assert.deepStrictEqual((await get(m, `/api/v1/contracts/results/${s.transactionId}`)).body, s.contractResult);
    assert.deepStrictEqual((await get(m, `/api/v1/contracts/results/${s.contractResult.hash}`)).body, s.contractResult);
    const seen: number[] = [];
    let next: string | null = `/api/v1/contracts/results/${s.transactionId}/actions?limit=1`;
    while (next !== null) {
      const page = (await get(m, next)).body as { actions: { index: number }[]; links: { next: string | null } };
      assert.deepStrictEqual(schemas.validate('ContractActionsResponse', page, { strict: true }), []);
      seen.push(...page.actions.map(a => a.index));
      next = page.links.next;
      assert.ok(next === null || next.startsWith('/api/v1/'), String(next));
    }
    assert.deepStrictEqual(
      seen,
      s.actions.map(a => a.index),
    );
    const opcodes = await get(m, `/api/v1/contracts/results/${s.transactionId}/opcodes?stack=true`);
    assert.strictEqual(opcodes.status, 501);
    assert.deepStrictEqual(opcodes.body, { _status: { messages: [{ message: 'Not implemented' }] } });
    assert.strictEqual((await get(m, '/api/v1/blocks')).status, 404);
    const counts = m.counts();
    assert.strictEqual(counts.byKind.result, 2);
    assert.strictEqual(counts.byKind.opcodes, 1);
    assert.strictEqual(counts.byKind.other, 1);
    assert.strictEqual(counts.byKind.actions, seen.length + 1);
  });

  it('counts each request by kind and target, and keeps the state reads asked', async () => {
    const m = await mirror();
    const target = '/api/v1/contracts/0.0.1100/state?timestamp=lt:1700000330.000000000&slot=0x01';
    await get(m, target);
    await get(m, '/api/v1/contracts/0.0.1100/state?slot=0x01&timestamp=lt:1700000330.000000000');
    const counts = m.counts();
    assert.strictEqual(counts.byKind.state, 2);
    assert.deepStrictEqual([...counts.byTarget.values()], [2], 'the same query in another order is the same request');
    assert.deepStrictEqual(counts.stateAsks[0], {
      contract: '0.0.1100',
      contractId: '0.0.1100',
      slots: [`0x${'1'.padStart(64, '0')}`],
      timestamps: ['lt:1700000330.000000000'],
    });
  });

  it('answers a storm of 429s with Retry-After, then normally; lost history as 404 (or empty)', async () => {
    const storm = await mirror({ tooManyRequests: { count: 2, retryAfterSeconds: 3 } });
    const a = await get(storm, '/api/v1/contracts/0.0.1100');
    assert.strictEqual(a.status, 429);
    assert.strictEqual(a.headers.get('retry-after'), '3');
    assert.strictEqual((await get(storm, '/api/v1/contracts/results/x')).status, 404, 'results are not in the storm');
    assert.strictEqual((await get(storm, '/api/v1/accounts/0.0.1001')).status, 429);
    assert.strictEqual((await get(storm, '/api/v1/accounts/0.0.1001')).status, 200);
    const cut = fixtures.byName['rewrite'].contractResult.timestamp;
    const pruned = await mirror({ prunedBefore: { timestamp: cut } });
    const old = await get(pruned, `/api/v1/contracts/0.0.1100/state?slot=0&timestamp=lt:${cut}`);
    assert.deepStrictEqual([old.status, old.body], [404, { _status: { messages: [{ message: 'Not found' }] } }]);
    assert.strictEqual((await get(pruned, '/api/v1/contracts/0.0.1100/state?slot=0')).status, 200, 'now is kept');
    assert.strictEqual((await get(pruned, `/api/v1/accounts/0.0.1001?timestamp=lt:${cut}`)).status, 404);
    const empty = await mirror({ prunedBefore: { timestamp: cut, answer: 'empty' } });
    const none = await get(empty, `/api/v1/contracts/0.0.1100/state?slot=0&timestamp=lt:${cut}`);
    assert.deepStrictEqual(none.body, { state: [], links: { next: null } });
  });
});
