// Crowdfund's storage as the EVM left it (test/support/evmWorld.ts) decoded with its layout from the
// sample's build-info: every state variable's value equals what the contract's own getter reads
// (packed value types, an enum, a signed number, bytes4/bytes32, short and long strings and bytes,
// a static array, a struct, a dynamic array of structs, an address array, a mapping, a nested
// mapping, a mapping to strings), every slot is explained, and two moments compare side by side.
import * as assert from 'assert';
import type { Abi } from 'viem';
import type { StorageLayout } from '../../../src/source/debugTypes';
import { compareStates, decodeState, type DecodedState } from '../../../src/source/stateDecode';
import { readSampleBuild } from '../../support/evmSample';
import { assertGrowth } from '../../support/growth';
import {
  BACKER_ID,
  CROWDFUND_DESCRIPTION,
  CROWDFUND_GOAL,
  CROWDFUND_ID,
  CROWDFUND_PLEDGES,
  CROWDFUND_TITLE,
  longZeroAddress,
  sampleWorld,
  type EvmWorld,
} from '../../support/evmWorld';
import { PAYER_ID } from '../../support/evmScenarios';
import { crowdfundLayout, entryAt, valueAt, view } from './stateDecodeFixtures';

const CROWDFUND = longZeroAddress(CROWDFUND_ID);
const PAYER = longZeroAddress(PAYER_ID);
const BACKER = longZeroAddress(BACKER_ID);

/** How the decoder writes a value a getter returned (viem: bigint, boolean, checksummed address, hex, text). */
function asDecoded(value: unknown): string {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)) return value.toLowerCase();
  return String(value);
}

describe('decoding Crowdfund’s storage with its layout', function () {
  this.timeout(120_000);
  let world: EvmWorld;
  let layout: StorageLayout;
  let abi: Abi;
  let slots: ReadonlyMap<string, string>;
  let state: DecodedState;

  before(async () => {
    world = await sampleWorld();
    layout = crowdfundLayout();
    abi = readSampleBuild().crowdfund.abi;
    slots = await world.storage(CROWDFUND);
    state = decodeState(layout, slots);
  });

  const read = (functionName: string, args: readonly unknown[] = []) => view(world, CROWDFUND, abi, functionName, args);

  it('explains every slot, with no problem', () => {
    assert.deepStrictEqual(state.problems, []);
    assert.deepStrictEqual(state.unexplained, []);
    assert.deepStrictEqual(
      state.variables.map(v => v.label),
      layout.storage.map(v => v.label),
    );
    for (const v of state.variables) assert.strictEqual(v.note, undefined, v.label);
  });

  it('reads each value-type variable as its getter does (packed slots included)', async () => {
    const names = ['owner', 'stage', 'paused', 'deadline', 'adjustment', 'rounds', 'goal', 'raised', 'code', 'salt'];
    for (const name of names) assert.strictEqual(valueAt(state, name), asDecoded(await read(name)), name);
    // Four variables share slot 0, two slot 1: the offsets are solc's.
    assert.deepStrictEqual(
      names.slice(0, 6).map(n => `${entryAt(state, n)?.slot.slice(-2)}+${entryAt(state, n)?.offset}`),
      ['00+0', '00+20', '00+21', '00+22', '01+0', '01+16'],
    );
    assert.strictEqual(valueAt(state, 'goal'), CROWDFUND_GOAL.toString());
    assert.strictEqual(valueAt(state, 'adjustment'), '-12345678901234567890');
    assert.strictEqual(valueAt(state, 'owner'), PAYER);
    assert.strictEqual(entryAt(state, 'stage')?.typeLabel, 'enum Crowdfund.Stage');
  });

  it('reads strings and bytes in the short and the long form', async () => {
    for (const name of ['title', 'description', 'memo', 'tag']) {
      assert.strictEqual(valueAt(state, name), asDecoded(await read(name)), name);
    }
    assert.strictEqual(valueAt(state, 'title'), CROWDFUND_TITLE);
    assert.strictEqual(valueAt(state, 'description'), CROWDFUND_DESCRIPTION);
    assert.strictEqual(entryAt(state, 'description')?.length, String(CROWDFUND_DESCRIPTION.length));
    assert.strictEqual(entryAt(state, 'memo')?.length, '37');
    // The short form keeps the text in the slot; the long form the length, its text elsewhere.
    assert.ok(BigInt(slots.get(entryAt(state, 'title')?.slot ?? '') ?? 0) % 2n === 0n);
    assert.ok(BigInt(slots.get(entryAt(state, 'description')?.slot ?? '') ?? 0) % 2n === 1n);
  });

  it('reads the static array, the struct and the dynamic arrays item by item', async () => {
    for (const i of [0, 1, 2]) {
      assert.strictEqual(valueAt(state, `milestones[${i}]`), asDecoded(await read('milestones', [BigInt(i)])));
    }
    const members = ['backer', 'amount', 'round', 'refunded'];
    const largest = (await read('largest')) as readonly unknown[];
    members.forEach((m, k) => assert.strictEqual(valueAt(state, `largest.${m}`), asDecoded(largest[k]), m));
    const count = (await read('pledgeCount')) as bigint;
    assert.strictEqual(entryAt(state, 'pledges')?.length, count.toString());
    assert.strictEqual(entryAt(state, 'pledges')?.children?.length, Number(count));
    for (let i = 0n; i < count; i++) {
      const pledge = (await read('pledges', [i])) as readonly unknown[];
      members.forEach((m, k) =>
        assert.strictEqual(valueAt(state, `pledges[${i}].${m}`), asDecoded(pledge[k]), `${i}.${m}`),
      );
    }
    assert.deepStrictEqual(
      CROWDFUND_PLEDGES.map((_, i) => valueAt(state, `pledges[${i}].amount`)),
      CROWDFUND_PLEDGES.map(p => p.amount.toString()),
    );
    assert.strictEqual(entryAt(state, 'backers')?.length, '2');
    for (const i of [0n, 1n])
      assert.strictEqual(valueAt(state, `backers[${i}]`), asDecoded(await read('backers', [i])));
  });

  it('finds mapping entries by the addresses the state holds, and small numbers', async () => {
    assert.strictEqual(valueAt(state, `pledged[${PAYER}]`), asDecoded(await read('pledged', [PAYER])));
    assert.strictEqual(valueAt(state, `pledged[${BACKER}]`), asDecoded(await read('pledged', [BACKER])));
    assert.strictEqual(valueAt(state, `claimed[${BACKER}][1]`), 'true');
    assert.strictEqual(await read('claimed', [BACKER, 1n]), true);
    assert.strictEqual(valueAt(state, 'notes[1]'), await read('notes', [1n]));
    // Only entries the slots hold: claimed[payer][0] was written false (zero), so it is not there.
    assert.strictEqual(entryAt(state, `claimed[${PAYER}]`), undefined);
    assert.strictEqual(entryAt(state, 'pledged')?.typeLabel, 'mapping(address => uint256)');
  });

  it('recovers mapping keys given as 0.0.n ids when the state holds no such address', () => {
    const onlyMappings: StorageLayout = { ...layout, storage: layout.storage.filter(v => v.label === 'pledged') };
    const bare = decodeState(onlyMappings, slots);
    assert.deepStrictEqual(entryAt(bare, 'pledged')?.children, []);
    assert.strictEqual(bare.unexplained.length, slots.size);
    assert.ok(bare.problems.some(p => /does not explain/.test(p)));
    const keyed = decodeState(onlyMappings, slots, { mappingKeys: [PAYER_ID, BACKER_ID, 'not a key', 12n] });
    assert.deepStrictEqual(
      entryAt(keyed, 'pledged')?.children?.map(c => c.label),
      [`[${PAYER}]`, `[${BACKER}]`],
    );
    assert.strictEqual(keyed.unexplained.length, slots.size - 2);
  });

  it('compares two moments: what the pledges after the deployment changed', async () => {
    const deployed = world.transactions.find(t => t.name === 'deployCrowdfund')?.block.number ?? 0n;
    const before = decodeState(layout, await world.storage(CROWDFUND, deployed));
    assert.deepStrictEqual(before.problems, []);
    assert.strictEqual(valueAt(before, 'raised'), '0');
    const changes = compareStates(before, state);
    const raised = CROWDFUND_PLEDGES.reduce((s, p) => s + p.amount, 0n);
    assert.deepStrictEqual(
      changes.find(c => c.path === 'raised'),
      { path: 'raised', before: '0', after: raised.toString() },
    );
    assert.deepStrictEqual(
      changes.find(c => c.path === 'pledges.length'),
      { path: 'pledges.length', before: '0', after: '3' },
    );
    assert.deepStrictEqual(
      changes.find(c => c.path === `claimed[${BACKER}][1]`),
      { path: `claimed[${BACKER}][1]`, after: 'true' },
    );
    assert.ok(changes.some(c => c.path === 'largest.amount' && c.before === '0'));
    // Nothing the pledges left alone.
    for (const same of ['goal', 'title', 'description', 'milestones[2]', 'owner']) {
      assert.ok(!changes.some(c => c.path === same), same);
    }
    assert.deepStrictEqual(compareStates(state, state), []);
    // Backwards: what was there is `before`, nothing `after`.
    assert.deepStrictEqual(
      compareStates(state, before).find(c => c.path === 'pledges[2].amount'),
      { path: 'pledges[2].amount', before: CROWDFUND_PLEDGES[2].amount.toString() },
    );
  });

  it('costs in proportion to the slots (a dynamic array of n pledges, n and 8n)', () => {
    const layoutOfPledges: StorageLayout = { ...layout, storage: layout.storage.filter(v => v.label === 'pledges') };
    const pledgesEntry = entryAt(state, 'pledges');
    const first = BigInt(pledgesEntry?.children?.[0]?.slot ?? '0x0');
    const make = (n: number): Map<string, string> => {
      const made = new Map<string, string>([
        [`0x${15n.toString(16).padStart(64, '0')}`, `0x${BigInt(n).toString(16).padStart(64, '0')}`],
      ]);
      for (let i = 0n; i < BigInt(n) * 2n; i++) {
        made.set(`0x${(first + i).toString(16).padStart(64, '0')}`, `0x${(i + 1n).toString(16).padStart(64, '0')}`);
      }
      return made;
    };
    assertGrowth(
      'decoding n pledges',
      make,
      input => decodeState(layoutOfPledges, input, { maxEntries: 1_000_000 }),
      200,
    );
    // Past LIST_ALL_ITEMS the items listed are those in the slots given: all of them here.
    const many = decodeState(layoutOfPledges, make(1_000), { maxEntries: 1_000_000 });
    assert.strictEqual(entryAt(many, 'pledges')?.children?.length, 1_000);
    assert.deepStrictEqual(many.unexplained, []);
  });
});
