// The replay's state reader against a real loopback mirror node (test/support/mirrorReplay.ts) and
// the real mirror client: code, slots and balances as they were just before the transaction
// (`lt:` timestamps; a slot written at the transaction itself is not seen), each asked once
// (counted on the server), the record's slots never asked, a 404 / an empty state / a deleted
// contract / a token told apart, a 429 storm bounded and said, the cap said, cancellation.
import * as assert from 'assert';
import fc from 'fast-check';
import { createMirrorClient, type MirrorClient, type RequestOptions } from '../../../../src/mirror';
import { MirrorStateReader, type ReplayStateMirror } from '../../../../src/debug/replay/host/mirrorState';
import { aContract, anAccount, aToken, anErrorBody } from '../../../support/builders';
import { evmTraces, longZeroAddress } from '../../../support/evmTraces';
import {
  startMirrorReplay,
  type MirrorReplay,
  type RouteAnswer,
  type RouteRequest,
} from '../../../support/mirrorReplay';

const VAULT = '0.0.1003';
const VAULT_ADDRESS = longZeroAddress(VAULT);
const TOKEN = '0.0.4321';
const T = '1700000300.000000005';
const BEFORE = '1700000200.000000000';
const word = (n: bigint) => n.toString(16).padStart(64, '0');

interface World {
  code: Map<string, { runtime: string | null; deleted?: boolean; created?: string }>;
  /** `address:slot` → [timestamp, value] in time order. */
  slots: Map<string, [string, bigint][]>;
  balances: Map<string, bigint>;
  tokens: Set<string>;
  /** Answers every state request with this status. */
  stateStatus?: number;
  /** Answers every state request with one entry holding this value, as written. */
  stateValue?: string;
}

const nanos = (t: string) => BigInt(t.replace('.', ''));

function worldRoutes(world: World) {
  return async (req: RouteRequest): Promise<RouteAnswer | undefined> => {
    const q = (name: string) => req.query.find(p => p.name === name)?.value;
    const json = (status: number, body: { toString(): string }) => ({ status, body: body.toString() });
    let m = /^\/api\/v1\/contracts\/([^/]+)\/state$/.exec(req.path);
    if (m) {
      if (world.stateStatus !== undefined) return json(world.stateStatus, anErrorBody('Not found'));
      if (world.stateValue !== undefined) {
        const entry = {
          address: VAULT_ADDRESS,
          contract_id: m[1],
          timestamp: BEFORE,
          slot: q('slot'),
          value: world.stateValue,
        };
        return json(200, JSON.stringify({ state: [entry], links: { next: null } }));
      }
      const [, op, ts] = /^(lt:|lte:|eq:)?(.*)$/.exec(q('timestamp') ?? '')!;
      const slot = BigInt(q('slot')!);
      const history = world.slots.get(`${m[1]}:${slot}`) ?? [];
      const seen = history.filter(([at]) => (op === 'lt:' ? nanos(at) < nanos(ts) : nanos(at) <= nanos(ts))).at(-1);
      const state = seen
        ? [
            {
              address: VAULT_ADDRESS,
              contract_id: m[1],
              timestamp: seen[0],
              slot: `0x${word(slot)}`,
              value: `0x${word(seen[1])}`,
            },
          ]
        : [];
      return json(200, JSON.stringify({ state, links: { next: null } }));
    }
    m = /^\/api\/v1\/contracts\/([^/]+)$/.exec(req.path);
    if (m) {
      const c = world.code.get(m[1]);
      if (!c) return json(404, anErrorBody('Not found'));
      return json(
        200,
        aContract({
          contract_id: m[1],
          deleted: c.deleted ?? false,
          runtime_bytecode: c.runtime,
          created_timestamp: c.created ?? '1690000000.000000004',
        }),
      );
    }
    m = /^\/api\/v1\/accounts\/([^/]+)$/.exec(req.path);
    if (m) {
      const b = world.balances.get(m[1]);
      if (b === undefined) return json(404, anErrorBody('Not found'));
      return json(200, anAccount({ account: m[1], balance: { timestamp: BEFORE, balance: b, tokens: [] } }));
    }
    m = /^\/api\/v1\/tokens\/([^/]+)$/.exec(req.path);
    if (m) return world.tokens.has(m[1]) ? json(200, aToken({ token_id: m[1] })) : json(404, anErrorBody('Not found'));
    return undefined;
  };
}

describe('debug/replay/host/mirrorState: the state before the transaction, from a loopback mirror node', function () {
  this.timeout(60_000);
  let replay: MirrorReplay;
  let world: World;
  let code: string;
  const clients: MirrorClient[] = [];
  const client = (extra: Parameters<typeof createMirrorClient>[0] extends infer O ? Partial<O> : never = {}) => {
    const c = createMirrorClient({ baseUrl: replay.url, retryBaseMs: 5, ...extra });
    clients.push(c);
    return c;
  };
  const reader = (mirror: ReplayStateMirror, over: Partial<ConstructorParameters<typeof MirrorStateReader>[1]> = {}) =>
    new MirrorStateReader(mirror, {
      timestamp: T,
      knownSlots: [],
      maxFetches: 100,
      signal: new AbortController().signal,
      ...over,
    });
  const requests = (pattern: RegExp) => replay.requests.filter(r => pattern.test(r.url));

  before(async () => {
    const traces = await evmTraces();
    code = traces.byName.deposit.contracts.find(c => c.contract_id === VAULT)!.runtime_bytecode;
    replay = await startMirrorReplay({});
  });
  after(() => replay.close());
  beforeEach(() => {
    world = {
      code: new Map([[VAULT, { runtime: code }]]),
      slots: new Map([
        [
          `${VAULT}:1`,
          [
            ['1700000100.000000000', 7n],
            [BEFORE, 9n],
            [T, 11n],
            ['1700000400.000000000', 13n],
          ],
        ],
      ]),
      balances: new Map([
        [VAULT, 5n],
        ['0.0.1001', 2n ** 62n],
      ]),
      tokens: new Set([TOKEN]),
    };
    replay.setRoutes(worldRoutes(world));
    replay.setFault(undefined);
    replay.resetRequests();
  });

  it('reads a slot as it was just before the transaction (lt:T), not the value the transaction wrote', async () => {
    const r = reader(client());
    assert.strictEqual(await r.slot(VAULT_ADDRESS, word(1n)), word(9n));
    const sent = requests(/\/state\?/);
    assert.strictEqual(sent.length, 1);
    assert.match(decodeURIComponent(sent[0].url), new RegExp(`timestamp=lt:${T.replace('.', '\\.')}`));
    assert.match(sent[0].url, new RegExp(`slot=0x${word(1n)}`));
    assert.deepStrictEqual(r.fetched, { code: 0, slots: 1, balances: 0 });
  });

  it('a slot never written before is zero; each slot is asked once however often the EVM reads it', async () => {
    const r = reader(client());
    const answers = await Promise.all([1, 2, 3, 4].map(() => r.slot(VAULT_ADDRESS, word(2n))));
    assert.deepStrictEqual(answers, Array(4).fill(word(0n)));
    await r.slot(VAULT_ADDRESS.toUpperCase().replace('0X', '0x'), word(2n).toUpperCase());
    assert.strictEqual(requests(/\/state\?/).length, 1);
  });

  it('never asks the slots the record gives', async () => {
    const r = reader(client(), { knownSlots: [{ address: VAULT_ADDRESS, slot: word(1n), value: word(42n) }] });
    assert.strictEqual(await r.slot(VAULT_ADDRESS, word(1n)), word(42n));
    assert.strictEqual(replay.requests.length, 0);
    assert.deepStrictEqual(r.fetched, { code: 0, slots: 0, balances: 0 });
  });

  it('an error status is not zero: said with the server words, and not asked again', async () => {
    world.stateStatus = 404;
    const r = reader(client());
    const expected = new RegExp(
      `the mirror node could not answer slot 0x${word(3n)} of 0\\.0\\.1003 before ${T.replace('.', '\\.')}: Not found`,
    );
    await assert.rejects(r.slot(VAULT_ADDRESS, word(3n)), expected);
    await assert.rejects(r.slot(VAULT_ADDRESS, word(3n)), expected);
    assert.strictEqual(requests(/\/state\?/).length, 1);
  });

  it('code: a contract, a token, an account with none; the token asked only for a long-zero address', async () => {
    world.code.set('0.0.1010', { runtime: '0x' });
    const r = reader(client());
    assert.deepStrictEqual(await r.code(VAULT_ADDRESS), { kind: 'code', code });
    assert.deepStrictEqual(await r.code(longZeroAddress(TOKEN)), { kind: 'token' });
    assert.deepStrictEqual(await r.code(longZeroAddress('0.0.1001')), { kind: 'none' });
    assert.deepStrictEqual(await r.code(longZeroAddress('0.0.1010')), { kind: 'none' });
    const alias = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
    assert.deepStrictEqual(await r.code(alias), { kind: 'none' });
    assert.deepStrictEqual(await r.code(VAULT_ADDRESS), { kind: 'code', code });
    assert.deepStrictEqual(await r.code(longZeroAddress('0.0.359')), { kind: 'none' });
    assert.strictEqual(requests(/\/contracts\//).length, 6);
    assert.deepStrictEqual(
      requests(/\/tokens\//).map(q => q.url),
      ['/api/v1/tokens/0.0.4321', '/api/v1/tokens/0.0.1001'],
    );
    assert.deepStrictEqual(r.fetched, { code: 6, slots: 0, balances: 0 });
  });

  it("the transaction's sender holds no code: only its balance is asked", async () => {
    const sender = longZeroAddress('0.0.1001');
    const r = reader(client(), { accounts: [sender.toUpperCase().replace('0X', '0x')] });
    assert.deepStrictEqual(await r.code(sender), { kind: 'none' });
    assert.strictEqual(await r.balance(sender), 2n ** 62n * 10_000_000_000n);
    assert.deepStrictEqual(
      replay.requests.map(q => q.url.split('?')[0]),
      ['/api/v1/accounts/0.0.1001'],
    );
    assert.deepStrictEqual(r.fetched, { code: 0, slots: 0, balances: 1 });
  });

  it('a contract deleted since, one without bytecode, one created after the transaction', async () => {
    world.code.set('0.0.1011', { runtime: code, deleted: true });
    world.code.set('0.0.1012', { runtime: null });
    world.code.set('0.0.1013', { runtime: code, created: '1700000400.000000000' });
    const r = reader(client());
    await assert.rejects(
      r.code(longZeroAddress('0.0.1011')),
      /the contract 0\.0\.1011 was deleted \(or self-destructed\) since/,
    );
    await assert.rejects(r.code(longZeroAddress('0.0.1012')), /no runtime bytecode for the contract 0\.0\.1012/);
    assert.deepStrictEqual(await r.code(longZeroAddress('0.0.1013')), { kind: 'none' });
  });

  it('balances in weibars, before the transaction; an account the node does not know has none', async () => {
    const r = reader(client());
    assert.strictEqual(await r.balance(VAULT_ADDRESS), 5n * 10n ** 10n);
    assert.strictEqual(await r.balance(longZeroAddress('0.0.1001')), 2n ** 62n * 10n ** 10n);
    assert.strictEqual(await r.balance(longZeroAddress('0.0.1999')), 0n);
    const sent = requests(/\/accounts\//).map(q => decodeURIComponent(q.url));
    assert.strictEqual(sent.length, 3);
    for (const url of sent) {
      assert.match(url, new RegExp(`timestamp=lt:${T.replace('.', '\\.')}`));
      assert.match(url, /transactions=false/);
    }
  });

  it('every ask goes at background priority with the replay signal', async () => {
    const real = client();
    const seen: (RequestOptions | undefined)[] = [];
    const spy: ReplayStateMirror = {
      getContract: (id, opts) => (seen.push(opts), real.getContract(id, opts)),
      getContractState: (id, p, opts) => (seen.push(opts), real.getContractState(id, p, opts)),
      getAccount: (id, p, opts) => (seen.push(opts), real.getAccount(id, p, opts)),
      getToken: (id, opts) => (seen.push(opts), real.getToken(id, opts)),
    };
    const signal = new AbortController().signal;
    const r = reader(spy, { signal });
    await Promise.all([r.code(longZeroAddress(TOKEN)), r.slot(VAULT_ADDRESS, word(1n)), r.balance(VAULT_ADDRESS)]);
    assert.strictEqual(seen.length, 4);
    for (const opts of seen) assert.deepStrictEqual(opts, { signal, priority: 'background' });
  });

  it('the cap: the value past it is refused in words, without a request', async () => {
    const r = reader(client(), { maxFetches: 3 });
    await r.slot(VAULT_ADDRESS, word(1n));
    await r.slot(VAULT_ADDRESS, word(2n));
    await r.balance(VAULT_ADDRESS);
    await assert.rejects(
      r.code(VAULT_ADDRESS),
      /needed more than 3 values from the mirror node \(code, storage slots and balances together\)/,
    );
    await r.slot(VAULT_ADDRESS, word(1n));
    assert.strictEqual(replay.requests.length, 3);
    assert.deepStrictEqual(r.fetched, { code: 0, slots: 2, balances: 1 });
  });

  it('a 429 storm: the client waits what it may, then the reader says it, in bounded time and requests', async () => {
    replay.setFault({ kind: 'tooManyRequests', retryAfter: '1' });
    const r = reader(client({ maxRetryAfterMs: 1_500 }));
    const started = Date.now();
    await assert.rejects(
      r.slot(VAULT_ADDRESS, word(1n)),
      /kept refusing requests \(429, too many requests\) while the replay read slot 0x0+1 of 0\.0\.1003/,
    );
    const took = Date.now() - started;
    assert.ok(took < 10_000, `${took} ms`);
    assert.ok(replay.requests.length <= 4, `${replay.requests.length} requests`);
    await assert.rejects(r.slot(VAULT_ADDRESS, word(1n)), /429/);
    assert.ok(replay.requests.length <= 4);
  });

  it('cancellation stops an ask in flight and refuses the next ones', async () => {
    replay.setFault({ kind: 'latency', ms: 5_000 });
    const controller = new AbortController();
    const r = reader(client(), { signal: controller.signal });
    const pending = r.slot(VAULT_ADDRESS, word(1n));
    setTimeout(() => controller.abort(new Error('the debug session was closed')), 50);
    const started = Date.now();
    await assert.rejects(pending, /the debug session was closed/);
    assert.ok(Date.now() - started < 2_000);
    const before = replay.requests.length;
    await assert.rejects(r.balance(VAULT_ADDRESS), /the debug session was closed/);
    assert.strictEqual(replay.requests.length, before);
  });

  it('whatever value the node sends for a slot, the EVM gets a 32-byte word or the reason in words', async () => {
    const hexDigit = fc.constantFrom(...'0123456789abcdefABCDEF');
    const value = fc.oneof(
      fc.string({ unit: hexDigit, maxLength: 70 }).map(h => `0x${h}`),
      fc.string({ unit: hexDigit, maxLength: 64 }),
      fc.string({ maxLength: 80 }),
    );
    const mirror = client();
    await fc.assert(
      fc.asyncProperty(value, async sent => {
        world.stateValue = sent;
        const digits = sent.replace(/^0x/i, '');
        const valid = /^[0-9a-fA-F]{0,64}$/.test(digits);
        try {
          const got = await reader(mirror).slot(VAULT_ADDRESS, word(5n));
          return valid && got === digits.toLowerCase().padStart(64, '0');
        } catch (error) {
          return (
            !valid &&
            /^Error: the mirror node's value of slot 0x0+5 of 0\.0\.1003 is not a 32-byte word/.test(String(error))
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a timestamp that is not one', () => {
    assert.throws(() => reader(client(), { timestamp: 'lt:1' }), /not a consensus timestamp/);
  });
});
