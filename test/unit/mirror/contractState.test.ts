// The mirror client's reads of a deployed contract against the EVM-backed test mirror: its storage
// (`/contracts/{id}/state`, paged by slot, now or as of a timestamp), its results and logs, and the
// network's gas price; each parameter checked before anything is sent.
import * as assert from 'assert';
import {
  MirrorInputError,
  createMirrorClient,
  type ContractStateResponse,
  type MirrorClient,
} from '../../../src/mirror';
import { contractCallRoutes } from '../../support/contractCallRoutes';
import { CROWDFUND_ID, longZeroAddress, sampleWorld, type EvmWorld } from '../../support/evmWorld';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';

const CROWDFUND = longZeroAddress(CROWDFUND_ID);
const word = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('mirror/client: a contract’s storage, results, logs and the gas price, from the EVM-backed test mirror', function () {
  this.timeout(120_000);
  let replay: MirrorReplay;
  let world: EvmWorld;
  let client: MirrorClient;

  before(async () => {
    world = await sampleWorld();
    replay = await startMirrorReplay({ routes: contractCallRoutes() });
  });
  after(() => replay.close());
  beforeEach(() => {
    replay.resetRequests();
    client = createMirrorClient({ baseUrl: replay.url, retryBaseMs: 5 });
  });
  afterEach(() => client.dispose());

  async function allSlots(first: ContractStateResponse): Promise<Map<string, string>> {
    const slots = new Map<string, string>();
    for (let page: ContractStateResponse | null = first; page !== null; page = await client.next(page)) {
      for (const s of page.state) slots.set(s.slot, s.value);
    }
    return slots;
  }

  it('pages through the storage with next() until it is all read, by id or EVM address', async () => {
    const expected = new Map(await world.storage(CROWDFUND));
    const first = await client.getContractState(CROWDFUND_ID, { limit: 7 });
    assert.strictEqual(first.state.length, 7);
    assert.match(first.links.next ?? '', /slot=gt:0x0{63}6$/);
    assert.deepStrictEqual(await allSlots(first), expected);
    const byAddress = await client.getContractState(CROWDFUND, { limit: 100, order: 'desc' });
    assert.deepStrictEqual(
      byAddress.state.map(s => s.slot),
      [...expected.keys()].sort().reverse(),
    );
    assert.ok(byAddress.state.every(s => s.contract_id === CROWDFUND_ID && s.address === CROWDFUND));
    assert.match(client.rawJson(byAddress) ?? '', /^\{"state":\[/);
  });

  it('reads the storage as of a timestamp, and a range of slots', async () => {
    const pledge2 = world.transactions.find(t => t.name === 'pledge2')!.block;
    const asOf = await client.getContractState(CROWDFUND_ID, { timestamp: `lte:${pledge2.timestamp}`, limit: 100 });
    assert.deepStrictEqual(
      new Map(asOf.state.map(s => [s.slot, s.value])),
      new Map(await world.storage(CROWDFUND, pledge2.number)),
    );
    assert.ok(asOf.state.every(s => s.timestamp <= pledge2.timestamp));
    assert.strictEqual(
      replay.requests.at(-1)!.url,
      `/api/v1/contracts/${CROWDFUND_ID}/state?timestamp=lte:${pledge2.timestamp}&limit=100`,
    );
    const range = await client.getContractState(CROWDFUND_ID, { slot: ['gte:0x2', 'lt:4'] });
    assert.deepStrictEqual(
      range.state.map(s => s.slot),
      [word(2), word(3)],
    );
    const one = await client.getContractState(CROWDFUND_ID, { slot: 3n });
    assert.deepStrictEqual(
      one.state.map(s => s.slot),
      [word(3)],
    );
  });

  it('refuses bad parameters before sending, naming each', async () => {
    const refused: [() => Promise<unknown>, string, RegExp][] = [
      [() => client.getContractState(CROWDFUND_ID, { limit: 0 }), 'limit', /from 1 to 100/],
      [() => client.getContractState(CROWDFUND_ID, { order: 'up' as 'asc' }), 'order', /asc/],
      [() => client.getContractState(CROWDFUND_ID, { slot: 'xyz' }), 'slot', /64 hex digits/],
      [() => client.getContractState(CROWDFUND_ID, { slot: 'ne:1' }), 'slot', /64 hex digits/],
      [
        () => client.getContractState(CROWDFUND_ID, { timestamp: 'ne:1700000000' }),
        'timestamp',
        /Not equals \(ne\) operator is not supported for timestamp/,
      ],
      [() => client.getContractState(CROWDFUND_ID, { timestamp: 'yesterday' }), 'timestamp', /seconds\.nanoseconds/],
      [() => client.getContractState('Crowdfund'), 'contractIdOrAddress', /contract id/],
      [() => client.getContractState(CROWDFUND_ID, { nonce: 1 } as object), 'nonce', /Unknown query parameter: nonce/],
      [
        () => client.listContractResultsOf(CROWDFUND_ID, { coin: false } as object),
        'coin',
        /Unknown query parameter: coin/,
      ],
      [() => client.listContractLogs(CROWDFUND_ID, { topic0: '0x12' }), 'topic0', /within a timestamp range/],
      [() => client.listContractLogs(CROWDFUND_ID, { index: 2 }), 'index', /index without a timestamp/],
      [
        () => client.listContractLogs(CROWDFUND_ID, { topic1: 'zz', timestamp: 'gte:1' }),
        'topic1',
        /topic of up to 64 hex digits/,
      ],
      [() => client.getNetworkFees({ timestamp: 'ne:1' }), 'timestamp', /Not equals/],
      [() => client.getNetworkFees({ limit: 1 } as object), 'limit', /Unknown query parameter: limit/],
    ];
    for (const [ask, parameter, words] of refused) {
      const e = await ask().then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(e instanceof MirrorInputError, `${parameter}: ${String(e)}`);
      assert.strictEqual(e.parameter, parameter);
      assert.match(e.message, words);
    }
    assert.strictEqual(replay.requests.length, 0);
  });

  it('lists the contract’s results, newest first, a page at a time', async () => {
    const ours = world.transactions.filter(t => t.to === CROWDFUND_ID).reverse();
    const first = await client.listContractResultsOf(CROWDFUND_ID, { limit: 3 });
    const second = await client.next(first);
    const timestamps = [...first.results, ...(second?.results ?? [])].map(r => r.timestamp);
    assert.deepStrictEqual(
      timestamps,
      ours.map(t => t.block.timestamp),
    );
    assert.strictEqual(first.results[0].gas_consumed, ours[0].gasConsumed);
    assert.strictEqual(first.results[0].block_number, ours[0].block.number);
    const claim = ours.find(t => t.name === 'claim')!;
    const inBlock = await client.listContractResultsOf(CROWDFUND, { 'block.number': claim.block.number });
    assert.deepStrictEqual(
      inBlock.results.map(r => r.function_parameters),
      [claim.data],
    );
  });

  it('lists its logs with where and when they were emitted, filtered by topic within a time range', async () => {
    const emitted = world.transactions.filter(t => t.to === CROWDFUND_ID).flatMap(t => t.logs.map(log => ({ t, log })));
    const page = await client.listContractLogs(CROWDFUND_ID, { limit: 2 });
    assert.strictEqual(page.logs.length, 2);
    const rest = await client.next(page);
    const all = [...page.logs, ...(rest?.logs ?? [])];
    assert.strictEqual(all.length, emitted.length);
    assert.deepStrictEqual(
      all.map(l => l.data),
      emitted.reverse().map(e => e.log.data),
    );
    assert.ok(all.every(l => typeof l.block_number === 'bigint' && l.root_contract_id === CROWDFUND_ID));
    const topic0 = emitted[0].log.topics[0];
    const first = world.blocks[0].timestamp;
    const matched = await client.listContractLogs(CROWDFUND_ID, { topic0, timestamp: `gte:${first}` });
    assert.ok(matched.logs.length > 0 && matched.logs.every(l => l.topics[0] === topic0));
  });

  it('reads the gas price of each contract transaction type, int64 exact', async () => {
    const fees = await client.getNetworkFees();
    assert.deepStrictEqual(
      fees.fees?.map(f => [f.transaction_type, f.gas]),
      [
        ['ContractCall', 71n],
        ['ContractCreate', 71n],
        ['EthereumTransaction', 71n],
      ],
    );
    await client.getNetworkFees({ timestamp: 'lte:1700000000.5', order: 'desc' });
    assert.strictEqual(replay.requests.at(-1)!.url, '/api/v1/network/fees?timestamp=lte:1700000000.5&order=desc');
  });
});
