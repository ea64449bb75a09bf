// The mirror client's contract call (`POST /api/v1/contracts/call`) against the test mirror, whose
// web3 routes run the sample contracts on a real EVM (test/support/contractCallRoutes.ts): the body
// sent, results, estimates and reverts read, the public limits refused before sending, the node's
// refusals in its own words, what is cached (only a call at a fixed block) and what is sent again
// (a 503 or a 429, never a reset once the body went out).
import * as assert from 'assert';
import { decodeFunctionResult, encodeFunctionData, type Abi } from 'viem';
import {
  MAX_CALL_DATA_CHARS,
  MirrorError,
  MirrorInputError,
  createMirrorClient,
  type ContractCallAnswer,
  type MirrorClient,
  type MirrorClientOptions,
  type RequestOutcome,
} from '../../../src/mirror';
import { contractCallRoutes, web3Error } from '../../support/contractCallRoutes';
import {
  BACKER_ID,
  CROWDFUND_GOAL,
  CROWDFUND_ID,
  longZeroAddress,
  sampleWorld,
  type EvmWorld,
} from '../../support/evmWorld';
import { readSampleBuild } from '../../support/evmSample';
import { startMirrorReplay, type MirrorReplay, type Routes } from '../../support/mirrorReplay';

const CROWDFUND = longZeroAddress(CROWDFUND_ID);
const BACKER = longZeroAddress(BACKER_ID);
const PAYER = longZeroAddress('0.0.1001');

describe('mirror/client: contract calls (POST /contracts/call) against the EVM-backed test mirror', function () {
  this.timeout(120_000);
  let replay: MirrorReplay;
  let world: EvmWorld;
  let abi: Abi;
  const routes = contractCallRoutes();
  const clients: MirrorClient[] = [];
  const outcomes: RequestOutcome[] = [];

  function client(extra: Partial<MirrorClientOptions> = {}): MirrorClient {
    const c = createMirrorClient({ baseUrl: replay.url, retryBaseMs: 5, onOutcome: o => outcomes.push(o), ...extra });
    clients.push(c);
    return c;
  }
  const data = (functionName: string, args: readonly unknown[] = []) => encodeFunctionData({ abi, functionName, args });
  const calls = () => replay.requests.filter(r => r.url === '/api/v1/contracts/call');

  before(async () => {
    world = await sampleWorld();
    abi = readSampleBuild().crowdfund.abi;
    replay = await startMirrorReplay({ routes });
  });
  after(() => replay.close());
  beforeEach(() => {
    replay.resetRequests();
    replay.setFault(undefined);
    replay.setRoutes(routes);
    outcomes.length = 0;
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.dispose();
  });

  it('reads a view function: the body sent as JSON, the exact result back', async () => {
    const answer = await client().callContract({ to: CROWDFUND, data: data('goal'), block: 'latest', gas: 100_000 });
    assert.strictEqual(answer.kind, 'result');
    assert.strictEqual(decodeFunctionResult({ abi, functionName: 'goal', data: answer.result }), CROWDFUND_GOAL);
    const [sent] = calls();
    assert.strictEqual(sent.method, 'POST');
    assert.strictEqual(sent.headers['content-type'], 'application/json');
    assert.strictEqual(sent.body, `{"block":"latest","data":"${data('goal')}","gas":100000,"to":"${CROWDFUND}"}`);
    assert.deepStrictEqual(
      outcomes.map(o => [o.kind, o.status]),
      [['ok', 200]],
    );
  });

  it('writes every field with exact integers: a block number in hex, value in tinybars beyond 2^53', async () => {
    const c = client();
    await c.callContract({
      to: CROWDFUND,
      from: PAYER,
      data: '0x',
      value: 2n ** 62n + 1n,
      gasPrice: 71,
      estimate: false,
      block: 116n,
    });
    assert.strictEqual(
      calls()[0].body,
      `{"block":"0x74","data":"0x","estimate":false,"from":"${PAYER}","gasPrice":71,"to":"${CROWDFUND}","value":4611686018427387905}`,
    );
  });

  it('estimates: the gas the world’s EVM needs, as hex', async () => {
    const answer = await client().callContract({
      to: CROWDFUND,
      from: BACKER,
      data: data('pledge', [10n ** 18n]),
      estimate: true,
    });
    assert.strictEqual(answer.kind, 'result');
    const expected = await world.call({
      to: CROWDFUND,
      from: BACKER,
      data: data('pledge', [10n ** 18n]),
      estimate: true,
    });
    assert.ok(expected.kind === 'success');
    assert.strictEqual(BigInt(answer.result), expected.gasUsed);
  });

  it('a revert is an answer: its data, the node’s message and its decoded reason', async () => {
    const c = client();
    const answer = await c.callContract({ to: CROWDFUND, from: BACKER, data: data('claim', [0n]) });
    assert.strictEqual(answer.kind, 'revert');
    assert.strictEqual(answer.message, 'CONTRACT_REVERT_EXECUTED');
    assert.strictEqual(answer.detail, 'Crowdfund: not your pledge');
    assert.match(answer.data, /^0x08c379a0[0-9a-f]+$/);
    assert.match(c.rawJson(answer) ?? '', /"CONTRACT_REVERT_EXECUTED"/);
    const custom = await c.callContract({ to: CROWDFUND, from: PAYER, data: data('close') });
    assert.ok(
      custom.kind === 'revert' && custom.detail === undefined && custom.data.length > 10,
      JSON.stringify(custom),
    );
    assert.deepStrictEqual(
      outcomes.map(o => o.kind),
      ['ok', 'ok'],
      'a revert is not a failure of the node',
    );
  });

  it('refuses locally, naming each field and sending nothing: gas, data, addresses, value, block', async () => {
    const c = client();
    const refusals: [Parameters<MirrorClient['callContract']>[0], string[], RegExp][] = [
      [
        { to: CROWDFUND, gas: 15_000_001 },
        ['gas'],
        /gas asked \(15,000,001\) is above the mirror node's limit of 15,000,000/,
      ],
      [
        { to: CROWDFUND, data: '0x' + 'ab'.repeat(131_073) },
        ['data'],
        /262,148 characters; the mirror node takes at most 262,146/,
      ],
      [{ to: CROWDFUND, data: '0xabc' }, ['data'], /even number of hex digits/],
      [{ to: '0.0.1006' }, ['to'], /0x followed by 40 hex digits/],
      [{ to: CROWDFUND.slice(2) }, ['to'], /0x followed by 40 hex digits/],
      [{ to: CROWDFUND, from: '0x123' }, ['from'], /EVM address/],
      [{ to: CROWDFUND, value: -1n }, ['value'], /never negative/],
      [{ to: CROWDFUND, value: 2n ** 63n }, ['value'], /9223372036854775807/],
      [{ to: CROWDFUND, block: -1n }, ['block'], /block number/],
      [{ to: CROWDFUND, gas: 1.5, gasPrice: -1 }, ['gas', 'gasPrice'], /whole number of gas/],
    ];
    for (const [request, parameters, words] of refusals) {
      const e = await c.callContract(request).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(
        e instanceof MirrorInputError,
        `${JSON.stringify(request, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)).slice(0, 80)}: ${String(e)}`,
      );
      assert.deepStrictEqual(
        e.issues.map(i => i.parameter),
        parameters,
      );
      assert.match(e.message, words);
    }
    assert.strictEqual(calls().length, 0, 'nothing was sent');
    const atLimit = await c.callContract({ to: CROWDFUND, data: '0x' + 'ab'.repeat((MAX_CALL_DATA_CHARS - 2) / 2) });
    assert.ok(atLimit.kind === 'revert' || atLimit.kind === 'result');
    assert.strictEqual(calls()[0].body?.length, MAX_CALL_DATA_CHARS + `{"data":"","to":"${CROWDFUND}"}`.length);
  });

  it('the node’s refusals are MirrorErrors in its own words: 400, 404, 415, 429, 501', async () => {
    const answers: Record<string, Awaited<ReturnType<Routes>>> = {
      '400': web3Error(400, { message: 'Bad Request', detail: 'gas field must be less than or equal to 15000000' }),
      '404': web3Error(404, { message: 'Not Found', detail: 'No such contract or token: 0x…' }),
      '415': web3Error(415, {
        message: 'Unsupported Media Type',
        detail: "Content-Type 'text/plain' is not supported",
      }),
      '429': {
        ...web3Error(429, { message: 'Too Many Requests', detail: 'Requests per second rate limit exceeded.' }),
        headers: { 'retry-after': '0' },
      },
      '501': web3Error(501, { message: 'Not Implemented', detail: '' }),
      halt: web3Error(400, { message: 'INSUFFICIENT_GAS', data: '0x' }),
    };
    let current = '400';
    replay.setRoutes(async () => answers[current]);
    const c = client({ maxRetryAfterMs: 0 });
    const failure = async (): Promise<MirrorError> => {
      const e = await c.callContract({ to: CROWDFUND, data: '0x' }).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(e instanceof MirrorError, String(e));
      return e;
    };
    let e = await failure();
    assert.deepStrictEqual(
      [e.kind, e.status, e.message],
      ['http', 400, 'Bad Request: gas field must be less than or equal to 15000000'],
    );
    assert.deepStrictEqual(e.serverMessages, [
      { message: 'Bad Request', detail: 'gas field must be less than or equal to 15000000' },
    ]);
    current = '404';
    e = await failure();
    assert.strictEqual(e.status, 404);
    assert.match(e.message, /Not Found: No such contract/);
    current = '415';
    e = await failure();
    assert.match(
      e.message,
      /refused the call's content type \(HTTP 415\): Unsupported Media Type: Content-Type 'text\/plain' is not supported/,
    );
    current = '429';
    e = await failure();
    assert.strictEqual(e.status, 429);
    assert.match(
      e.message,
      /rate limiting contract calls \(HTTP 429\): Too Many Requests: Requests per second rate limit exceeded/,
    );
    current = '501';
    e = await failure();
    assert.strictEqual(e.status, 501);
    assert.match(
      e.message,
      /does not run contract calls \(HTTP 501 Not Implemented\): the web3 module is not enabled on this network/,
    );
    current = 'halt';
    e = await failure();
    assert.deepStrictEqual([e.status, e.messages], [400, ['INSUFFICIENT_GAS']]);
    assert.ok(!outcomes.some(o => o.kind === 'server-error'), 'a 501 does not mark the node unwell');
  });

  it('is never cached at `latest`; at a fixed block the same body is answered from the cache', async () => {
    const c = client();
    const request = { to: CROWDFUND, data: data('raised') };
    await c.callContract(request);
    await c.callContract(request);
    assert.strictEqual(calls().length, 2);
    replay.resetRequests();
    const a = await c.callContract({ ...request, block: 116n });
    const b = await c.callContract({ ...request, block: 116n });
    assert.strictEqual(b, a);
    assert.strictEqual(calls().length, 1);
    await c.callContract({ ...request, block: 117n });
    await c.callContract({ ...request, block: 116n, from: PAYER });
    assert.strictEqual(calls().length, 3, 'another block or body is another question');
    await c.callContract({ ...request, block: 116n }, { cache: 'reload' });
    assert.strictEqual(calls().length, 4);
  });

  it('is not sent again after a reset mid-answer; is sent again after a 503', async () => {
    const c = client({ retries: 2 });
    replay.setFault({ kind: 'reset', path: '/contracts/call', afterBytes: 5 });
    const e = await c.callContract({ to: CROWDFUND, data: data('goal') }).then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(e instanceof MirrorError && e.kind === 'network', String(e));
    assert.strictEqual(calls().length, 1);
    replay.resetRequests();
    replay.setFault({ kind: 'serverError', status: 503, path: '/contracts/call', times: 1 });
    const answer: ContractCallAnswer = await c.callContract({ to: CROWDFUND, data: data('goal') });
    assert.strictEqual(answer.kind, 'result');
    assert.deepStrictEqual(
      calls().map(r => r.body),
      [calls()[0].body, calls()[0].body],
    );
  });

  it('cancelling ends the call at once', async () => {
    replay.setFault({ kind: 'latency', ms: 10_000, path: '/contracts/call' });
    const ctl = new AbortController();
    const t0 = performance.now();
    const p = client().callContract({ to: CROWDFUND, data: data('goal') }, { signal: ctl.signal });
    setTimeout(() => ctl.abort(), 50);
    const e = await p.then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(e instanceof MirrorError && e.kind === 'aborted', String(e));
    // Ended by the abort, well before the 10 s answer (a busy machine may take a while to get there).
    assert.ok(performance.now() - t0 < 8000, `${performance.now() - t0} ms`);
  });
});
