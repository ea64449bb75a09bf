// The test mirror's contract routes (test/support/contractCallRoutes.ts), over real HTTP: every answer
// is held to openapi.yml, and to the EVM world it comes from (a call's result is what the world's
// EVM returns, a page of storage is the world's storage, paged until links.next is null).
import * as assert from 'assert';
import { decodeFunctionResult, encodeFunctionData, type Abi } from 'viem';
import { OpenApiSchemas } from '../../support/openapiSchema';
import { contractCallRoutes, errorString, networkFeesBody } from '../../support/contractCallRoutes';
import {
  BACKER_ID,
  CROWDFUND_GOAL,
  CROWDFUND_ID,
  CROWDFUND_TITLE,
  longZeroAddress,
  sampleWorld,
  type EvmWorld,
} from '../../support/evmWorld';
import { readSampleBuild } from '../../support/evmSample';
import { recordFor } from '../../support/builders';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

const CROWDFUND = longZeroAddress(CROWDFUND_ID);

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: unknown;
}

describe('test mirror: contract calls, storage, results, logs and fees from the EVM world', function () {
  this.timeout(120_000);
  let replay: MirrorReplay;
  let world: EvmWorld;
  let abi: Abi;
  const spec = OpenApiSchemas.load();

  before(async () => {
    world = await sampleWorld();
    abi = readSampleBuild().crowdfund.abi;
    replay = await startMirrorReplay({ routes: contractCallRoutes() });
  });
  after(() => replay.close());
  afterEach(() => replay.clearAddedRecords());

  async function ask(path: string, init?: { method: 'POST'; body: string; type?: string }): Promise<Answer> {
    const res = await fetch(replay.url + path, {
      method: init?.method ?? 'GET',
      ...(init ? { body: init.body, headers: { 'content-type': init.type ?? 'application/json' } } : {}),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, text, body };
  }

  function call(body: object, type?: string): Promise<Answer> {
    return ask('/api/v1/contracts/call', { method: 'POST', body: JSON.stringify(body), ...(type ? { type } : {}) });
  }

  const data = (functionName: string, args: readonly unknown[] = []) => encodeFunctionData({ abi, functionName, args });

  /** The body holds to the schema, strictly; `allow` names the problems the real module is known to have too. */
  function conforms(name: string, a: Answer, allow?: RegExp): void {
    const problems = spec.validate(name, a.body, { strict: true }).filter(p => !allow?.test(p));
    assert.deepStrictEqual(problems, [], `${name}: ${a.text.slice(0, 300)}`);
  }

  // The web3 module writes `data: ""` in every error but a revert (GenericControllerAdvice:
  // StringUtils.EMPTY), and "0x" for an empty revert, which openapi.yml's pattern (^0x[0-9a-fA-F]+$)
  // does not allow: the one deviation allowed, as the real module has it.
  const EMPTY_DATA = /^\$\._status\.messages\[\d+\]\.data: "(0x)?" does not match/;

  it('a view function: the exact result, as the world’s EVM returns it', async () => {
    const a = await call({ to: CROWDFUND, data: data('goal') });
    assert.strictEqual(a.status, 200);
    conforms('ContractCallResponse', a);
    const result = (a.body as { result: `0x${string}` }).result;
    assert.strictEqual(decodeFunctionResult({ abi, functionName: 'goal', data: result }), CROWDFUND_GOAL);
    const title = await call({ to: CROWDFUND, data: data('title'), block: 'latest' });
    const t = (title.body as { result: `0x${string}` }).result;
    assert.strictEqual(decodeFunctionResult({ abi, functionName: 'title', data: t }), CROWDFUND_TITLE);
  });

  it('an estimate: the gas as 8 bytes of hex, as the web3 module writes it', async () => {
    const a = await call({
      to: CROWDFUND,
      data: data('pledge', [10n ** 18n]),
      from: longZeroAddress(BACKER_ID),
      estimate: true,
    });
    assert.strictEqual(a.status, 200, a.text);
    conforms('ContractCallResponse', a);
    const result = (a.body as { result: string }).result;
    assert.match(result, /^0x[0-9a-f]{16}$/);
    const expected = await world.call({
      to: CROWDFUND,
      data: data('pledge', [10n ** 18n]),
      from: longZeroAddress(BACKER_ID),
      estimate: true,
    });
    assert.ok(expected.kind === 'success');
    assert.strictEqual(BigInt(result), expected.gasUsed);
  });

  it('a revert: 400 CONTRACT_REVERT_EXECUTED with its data and the Error(string) reason as detail', async () => {
    const a = await call({ to: CROWDFUND, data: data('claim', [0n]), from: longZeroAddress(BACKER_ID) });
    assert.strictEqual(a.status, 400);
    conforms('Error', a);
    const [m] = (a.body as { _status: { messages: { message: string; detail: string; data: string }[] } })._status
      .messages;
    assert.strictEqual(m.message, 'CONTRACT_REVERT_EXECUTED');
    assert.strictEqual(m.detail, 'Crowdfund: not your pledge');
    assert.match(m.data, /^0x08c379a0/);
    assert.strictEqual(errorString(m.data), m.detail);
    // A custom error: its data, and no reason to decode.
    const custom = await call({ to: CROWDFUND, data: data('close'), from: longZeroAddress('0.0.1001') });
    const [c] = (custom.body as { _status: { messages: { message: string; detail: string; data: string }[] } })._status
      .messages;
    assert.strictEqual(c.message, 'CONTRACT_REVERT_EXECUTED');
    assert.strictEqual(c.detail, '');
    assert.ok(c.data.length > 10 && !c.data.startsWith('0x08c379a0'), c.data);
  });

  it('refusals in the web3 module’s words: 415 without JSON, 400 for gas above the cap or malformed fields', async () => {
    const plain = await call({ to: CROWDFUND }, 'text/plain');
    assert.strictEqual(plain.status, 415);
    conforms('Error', plain, EMPTY_DATA);
    assert.match(
      plain.text,
      /"message":"Unsupported Media Type","detail":"Content-Type 'text\/plain' is not supported"/,
    );
    const gas = await call({ to: CROWDFUND, gas: 15_000_001 });
    assert.strictEqual(gas.status, 400);
    conforms('Error', gas, EMPTY_DATA);
    assert.match(gas.text, /gas field must be less than or equal to 15000000/);
    const bad = await call({ to: '0x1234', data: '0xabc', value: -1 });
    assert.strictEqual(bad.status, 400);
    conforms('Error', bad, EMPTY_DATA);
    const details = (bad.body as { _status: { messages: { detail: string }[] } })._status.messages.map(m => m.detail);
    assert.deepStrictEqual(details, [
      'to field invalid hexadecimal string',
      'data field contains invalid odd length characters',
      'value field must be greater than or equal to 0',
    ]);
    const broken = await ask('/api/v1/contracts/call', { method: 'POST', body: '{"to":' });
    assert.strictEqual(broken.status, 400);
    const future = await call({ to: CROWDFUND, data: data('goal'), block: '0x' + (1000).toString(16) });
    assert.strictEqual(future.status, 400);
    assert.match(future.text, /Unknown block number/);
  });

  it('a call at an older block answers from the state then', async () => {
    const raisedAt = async (block?: string) => {
      const a = await call({ to: CROWDFUND, data: data('raised'), ...(block ? { block } : {}) });
      return decodeFunctionResult({ abi, functionName: 'raised', data: (a.body as { result: `0x${string}` }).result });
    };
    const deployed = world.transactions.find(t => t.name === 'deployCrowdfund')!.block.number;
    assert.strictEqual(await raisedAt(`0x${deployed.toString(16)}`), 0n);
    assert.ok(((await raisedAt()) as bigint) > 0n);
  });

  it('storage: every page holds to ContractStateResponse, and the pages together are the world’s storage', async () => {
    const expected = await world.storage(CROWDFUND);
    const seen = new Map<string, string>();
    let next: string | null = `/api/v1/contracts/${CROWDFUND_ID}/state?limit=5`;
    let pages = 0;
    while (next !== null) {
      const a = await ask(next);
      assert.strictEqual(a.status, 200, a.text);
      conforms('ContractStateResponse', a);
      const body = a.body as {
        state: { slot: string; value: string; address: string; contract_id: string }[];
        links: { next: string | null };
      };
      for (const s of body.state) {
        assert.strictEqual(s.address, CROWDFUND);
        assert.strictEqual(s.contract_id, CROWDFUND_ID);
        seen.set(s.slot, s.value);
      }
      next = body.links.next;
      pages++;
    }
    assert.deepStrictEqual(seen, new Map(expected));
    assert.strictEqual(pages, Math.floor(expected.size / 5) + 1);
    const desc = await ask(`/api/v1/contracts/${CROWDFUND}/state?order=desc&limit=2`);
    const slots = (desc.body as { state: { slot: string }[] }).state.map(s => s.slot);
    assert.deepStrictEqual(slots, [...expected.keys()].sort().reverse().slice(0, 2));
  });

  it('storage as of a timestamp is the state after the block at or before it, each slot stamped when it changed', async () => {
    const pledge1 = world.transactions.find(t => t.name === 'pledge1')!.block;
    const deployed = world.transactions.find(t => t.name === 'deployCrowdfund')!.block;
    const a = await ask(`/api/v1/contracts/${CROWDFUND_ID}/state?timestamp=${pledge1.timestamp}&limit=100`);
    conforms('ContractStateResponse', a);
    const body = a.body as { state: { slot: string; value: string; timestamp: string }[] };
    assert.deepStrictEqual(
      new Map(body.state.map(s => [s.slot, s.value])),
      new Map(await world.storage(CROWDFUND, pledge1.number)),
    );
    const stamps = new Set(body.state.map(s => s.timestamp));
    assert.deepStrictEqual([...stamps].sort(), [deployed.timestamp, pledge1.timestamp].sort());
    const before = await ask(`/api/v1/contracts/${CROWDFUND_ID}/state?timestamp=lt:${deployed.timestamp}`);
    assert.deepStrictEqual((before.body as { state: unknown[] }).state, []);
    const ne = await ask(`/api/v1/contracts/${CROWDFUND_ID}/state?timestamp=ne:${deployed.timestamp}`);
    assert.strictEqual(ne.status, 400);
    conforms('Error', ne);
    assert.match(ne.text, /Not equals \(ne\) operator is not supported for timestamp/);
    const unknown = await ask(`/api/v1/contracts/${CROWDFUND_ID}/state?nonce=2`);
    assert.strictEqual(unknown.text, '{"_status":{"messages":[{"message":"Unknown query parameter: nonce"}]}}');
  });

  it('results, logs, blocks by timestamp, the contract’s code and the gas price hold to their schemas', async () => {
    const results = await ask(`/api/v1/contracts/${CROWDFUND_ID}/results?limit=2`);
    conforms('ContractResultsResponse', results);
    const list = (
      results.body as { results: { timestamp: string; function_parameters: string }[]; links: { next: string } }
    ).results;
    const ours = world.transactions.filter(t => t.to === CROWDFUND_ID).reverse();
    assert.deepStrictEqual(
      list.map(r => r.timestamp),
      ours.slice(0, 2).map(t => t.block.timestamp),
    );
    const rest = await ask((results.body as { links: { next: string } }).links.next);
    conforms('ContractResultsResponse', rest);
    assert.deepStrictEqual(
      (rest.body as { results: { timestamp: string }[] }).results.map(r => r.timestamp),
      ours.slice(2, 4).map(t => t.block.timestamp),
    );

    const logs = await ask(`/api/v1/contracts/${CROWDFUND_ID}/results/logs`);
    conforms('ContractLogsResponse', logs);
    const emitted = world.transactions.filter(t => t.to === CROWDFUND_ID).flatMap(t => t.logs);
    assert.strictEqual((logs.body as { logs: unknown[] }).logs.length, emitted.length);

    const last = world.blocks[world.blocks.length - 2];
    const blocks = await ask(`/api/v1/blocks?timestamp=lte:${last.timestamp}&order=desc&limit=1`);
    conforms('BlocksResponse', blocks);
    const [block] = (blocks.body as { blocks: { number: number; hash: string }[] }).blocks;
    assert.strictEqual(BigInt(block.number), last.number);
    assert.strictEqual(block.hash, last.hash);

    const contract = await ask(`/api/v1/contracts/${CROWDFUND_ID}`);
    conforms('ContractResponse', contract);
    const code = world.contracts.find(c => c.id === CROWDFUND_ID)!.runtimeBytecode;
    assert.strictEqual((contract.body as { runtime_bytecode: string }).runtime_bytecode, code);

    const fees = await ask('/api/v1/network/fees');
    conforms('NetworkFeesResponse', fees);
    assert.strictEqual(fees.text, networkFeesBody().text);
  });

  it('leaves what it does not know as it was: records win, a 404 for other paths, a 405 for other POSTs', async () => {
    replay.addRecords([recordFor('/api/v1/network/fees', networkFeesBody({ contractCall: 5n }))]);
    assert.match((await ask('/api/v1/network/fees')).text, /"gas":5,/);
    assert.strictEqual((await ask('/api/v1/contracts/0.0.1003')).status, 404, 'code only for the Crowdfund');
    assert.strictEqual((await ask('/api/v1/contracts/0.0.9999/state')).status, 404);
    assert.strictEqual((await ask('/api/v1/blocks?limit=1&order=desc')).status, 404, 'blocks only by timestamp');
    assert.strictEqual((await ask('/api/v1/accounts/0.0.1', { method: 'POST', body: '{}' })).status, 405);
  });
});
