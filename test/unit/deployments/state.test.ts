import * as assert from 'assert';
import {
  StateLoader,
  MAX_STATE_PAGES,
  RETRY_STATE,
  STATE_PAGE,
  mappingKeys,
} from '../../../src/features/deployments/state';
import {
  ComparisonNode,
  RawSlotNode,
  STORAGE_LAYOUT_HOWTO,
  SlotListNode,
  StateEntryNode,
  addSlots,
  normaliseWord,
  parseMoment,
  slotName,
} from '../../../src/features/deployments/stateRows';
import { DeploymentNode, GroupNode, NetworkNode } from '../../../src/features/deployments/nodes';
import { MessageNode, type TreeNode } from '../../../src/features/common/nodes';
import { compareTimestamps, parseTimestamp } from '../../../src/ledger/timestamp';
import { decodeState } from '../../../src/source/stateDecode';
import type { StorageLayout } from '../../../src/source/debugTypes';
import {
  CROWDFUND_GOAL,
  CROWDFUND_DESCRIPTION,
  CROWDFUND_ID,
  sampleWorld,
  longZeroAddress,
  type EvmWorld,
} from '../../support/evmWorld';
import { crowdfundDeployment, crowdfundLayout, fakeMirror, recordingLog, sourcesKnowing } from './fixtures';

const ADDRESS = longZeroAddress(CROWDFUND_ID);

function stateGroup(): GroupNode {
  return new GroupNode(new DeploymentNode(new NetworkNode('testnet', 1), crowdfundDeployment('testnet')), 'state');
}

/** The world's storage of Crowdfund as of a consensus time (the last block at or before it). */
function storageAt(world: EvmWorld) {
  return async (timestamp?: string) => {
    if (timestamp === undefined) return world.storage(ADDRESS);
    const asked = parseTimestamp(timestamp)!;
    const block = [...world.blocks].reverse().find(b => compareTimestamps(parseTimestamp(b.timestamp)!, asked) <= 0);
    return block ? world.storage(ADDRESS, block.number) : new Map<string, string>();
  };
}

async function setUp(options: { layout?: StorageLayout | null; sources?: boolean } = {}) {
  const world = await sampleWorld();
  const code = world.contracts.find(c => c.id === CROWDFUND_ID)!.runtimeBytecode;
  const mirror = fakeMirror({ storage: storageAt(world), runtimeBytecode: code });
  const layout = options.layout === null ? undefined : (options.layout ?? crowdfundLayout());
  const sources = options.sources === false ? undefined : sourcesKnowing(code, layout);
  const changed: (TreeNode | undefined)[] = [];
  const loader = new StateLoader({
    clientFor: () => mirror.client,
    sources: () => sources,
    knownAddresses: () => ['0.0.1001', '0.0.1007'],
    changed: n => changed.push(n),
    log: recordingLog(),
  });
  return { world, mirror, loader, changed, sources };
}

/** `label = description` of each row, and of the rows under a row by its label path. */
function described(rows: readonly TreeNode[]): Map<string, string> {
  return new Map(rows.map(r => [String(r.item().label), String(r.item().description ?? '')]));
}

function childrenOf(rows: readonly TreeNode[], label: string): TreeNode[] {
  const row = rows.find(r => r.item().label === label);
  assert.ok(row instanceof StateEntryNode, `no row ${label}`);
  return row.children();
}

describe('deployments: State rows and loader', () => {
  it('reads the words the node sends: padded, any case, `0x` as nothing', () => {
    assert.strictEqual(normaliseWord('0x3E9'), `0x${'0'.repeat(61)}3e9`);
    assert.strictEqual(normaliseWord('0x'), undefined);
    assert.strictEqual(normaliseWord(`0x${'1'.repeat(65)}`), undefined);
    assert.strictEqual(normaliseWord('3e9'), undefined);
    const into = new Map<string, string>();
    assert.strictEqual(
      addSlots(into, [
        { slot: '0x1', value: '0x2' },
        { slot: '0x2', value: '0x' },
        { slot: 'zz', value: '0x1' },
      ]),
      1,
    );
    assert.deepStrictEqual([...into.keys()], [`0x${'0'.repeat(63)}1`]);
    assert.strictEqual(slotName(`0x${'0'.repeat(62)}11`), 'slot 17');
    assert.strictEqual(slotName(`0x${'ab'.repeat(32)}`), 'slot 0xabababab…abababab');
  });

  it('takes a moment as a consensus timestamp or an ISO date and time (UTC unless it says)', () => {
    assert.deepStrictEqual(parseMoment('1700000000.5'), { ok: true, timestamp: '1700000000.500000000' });
    assert.deepStrictEqual(parseMoment(' 1700000000 '), { ok: true, timestamp: '1700000000.000000000' });
    assert.deepStrictEqual(parseMoment('2023-11-14T22:13:20Z'), { ok: true, timestamp: '1700000000.000000000' });
    assert.deepStrictEqual(parseMoment('2023-11-14T22:13:20.25'), { ok: true, timestamp: '1700000000.250000000' });
    assert.deepStrictEqual(parseMoment('2023-11-14T23:13:20+01:00'), { ok: true, timestamp: '1700000000.000000000' });
    assert.deepStrictEqual(parseMoment('2023-11-15'), { ok: true, timestamp: '1700006400.000000000' });
    for (const bad of ['', 'yesterday', '1700000000.1234567891', '2023-13-45', '-5'])
      assert.strictEqual(parseMoment(bad).ok, false, bad);
  });

  it('names each variable of Crowdfund with its exact value, from the EVM world', async () => {
    const { loader } = await setUp();
    const rows = await loader.children(stateGroup());
    const top = described(rows);
    assert.strictEqual(top.get('goal'), CROWDFUND_GOAL.toString());
    assert.strictEqual(top.get('raised'), '1500252000000000000000000');
    assert.strictEqual(top.get('title'), 'Solar roof');
    assert.strictEqual(top.get('description'), CROWDFUND_DESCRIPTION);
    assert.strictEqual(top.get('adjustment'), '-12345678901234567890');
    assert.strictEqual(top.get('owner'), '0x00000000000000000000000000000000000003e9');
    const pledges = childrenOf(rows, 'pledges');
    assert.strictEqual(pledges.length, 3);
    const second = described((pledges[1] as StateEntryNode).children());
    assert.strictEqual(second.get('amount'), '250000000000000000000');
    assert.strictEqual(second.get('backer'), '0x00000000000000000000000000000000000003ef');
    const pledged = described(childrenOf(rows, 'pledged'));
    assert.ok([...pledged.values()].includes('1500002000000000000000000'), [...pledged].join('\n'));
    const goal = rows.find(r => r.item().label === 'goal') as StateEntryNode;
    assert.strictEqual(goal.copyText, CROWDFUND_GOAL.toString());
    assert.ok(goal.tooltip().includes('slot `0x0000000000000000000000000000000000000000000000000000000000000002`'));
    assert.ok(!rows.some(r => r instanceof SlotListNode), 'every slot explained');
  });

  it('reads once for expands at the same time, and keeps the reading until refreshed', async () => {
    const { loader, mirror, changed } = await setUp();
    const group = stateGroup();
    await Promise.all([loader.children(group), loader.children(group)]);
    assert.deepStrictEqual([mirror.calls.getContract, mirror.calls.getContractState], [1, 1]);
    await loader.children(group);
    assert.strictEqual(mirror.calls.getContractState, 1);
    loader.refresh(group);
    assert.deepStrictEqual(changed, [group]);
    await loader.children(group);
    assert.deepStrictEqual([mirror.calls.getContract, mirror.calls.getContractState], [2, 2]);
  });

  it('lists raw slots and says how to get a layout when the compiler output has none', async () => {
    const { loader } = await setUp({ layout: null });
    const rows = await loader.children(stateGroup());
    const message = rows[0];
    assert.ok(message instanceof MessageNode);
    assert.strictEqual(message.text, 'The compiler output of Crowdfund has no storage layout');
    assert.strictEqual(message.detail, STORAGE_LAYOUT_HOWTO);
    assert.ok(STORAGE_LAYOUT_HOWTO.includes('extra_output = ["storageLayout"]'));
    const raw = rows.filter(r => r instanceof RawSlotNode);
    const slots = await (await sampleWorld()).storage(ADDRESS);
    assert.strictEqual(raw.length, slots.size);
    const noIndex = await setUp({ sources: false });
    const first = (await noIndex.loader.children(stateGroup()))[0];
    assert.ok(first instanceof MessageNode && first.text.startsWith('No compiler output is indexed'));
  });

  it('reads again when a compile brings the layout a reading lacked', async () => {
    const { loader, changed, sources } = await setUp({ layout: null });
    const group = stateGroup();
    const before = await loader.children(group);
    assert.ok(before[0] instanceof MessageNode);
    sources?.recompiled(crowdfundLayout());
    assert.deepStrictEqual(changed, [group]);
    const after = await loader.children(group);
    assert.strictEqual(described(after).get('title'), 'Solar roof');
  });

  it('puts the slots the layout does not explain apart', async () => {
    const layout = crowdfundLayout();
    // A layout missing its last variables (another compilation) leaves their slots unexplained.
    const shorter: StorageLayout = {
      ...layout,
      storage: layout.storage.filter(v => !['notes', 'claimed', 'pledged'].includes(v.label)),
    };
    const { loader } = await setUp({ layout: shorter });
    const rows = await loader.children(stateGroup());
    const unexplained = rows.find(r => r instanceof SlotListNode);
    assert.ok(unexplained, rows.map(r => r.item().label).join(', '));
    assert.ok(/^Unexplained slots \(\d+\)$/.test(String(unexplained.item().label)));
    assert.ok(unexplained.children().every(c => c instanceof RawSlotNode));
  });

  it('stops after ten pages of slots and says more were not read', async () => {
    const world = await sampleWorld();
    const many = new Map<string, string>();
    for (let i = 0; i < STATE_PAGE * MAX_STATE_PAGES + 5; i++)
      many.set(`0x${(1000n + BigInt(i)).toString(16).padStart(64, '0')}`, `0x${'0'.repeat(63)}1`);
    const code = world.contracts.find(c => c.id === CROWDFUND_ID)!.runtimeBytecode;
    const mirror = fakeMirror({ storage: async () => many, runtimeBytecode: code });
    const loader = new StateLoader({
      clientFor: () => mirror.client,
      sources: () => undefined,
      knownAddresses: () => [],
      changed: () => undefined,
      log: recordingLog(),
    });
    const rows = await loader.children(stateGroup());
    assert.strictEqual(rows.filter(r => r instanceof RawSlotNode).length, 500, 'the first 500 listed');
    const labels = rows.map(r => String(r.item().label));
    assert.ok(labels.includes('More slots not read'), labels.slice(-4).join(', '));
    assert.ok(labels.includes('1,000 slots read'));
    assert.strictEqual(mirror.calls.getContractState + (mirror.calls.next ?? 0), MAX_STATE_PAGES);
  });

  it('compares with an earlier moment: each value that changed, before → now', async () => {
    const { loader, world, changed } = await setUp();
    const group = stateGroup();
    // After the first pledge's block: two pledges and the claim came since.
    const firstPledge =
      world.transactions.find(t => t.name === 'pledge1') ?? world.transactions[world.transactions.length - 4];
    const node = await loader.compareAsOf(group, firstPledge.block.timestamp);
    assert.ok(node instanceof ComparisonNode);
    assert.ok(changed.includes(group));
    const changes = new Map(node.changes.map(c => [c.path, `${c.before ?? ''} → ${c.after ?? ''}`]));
    assert.strictEqual(changes.get('raised'), '1500000000000000000000000 → 1500252000000000000000000');
    const rows = await loader.children(group);
    assert.strictEqual(rows[0], node, 'the comparison comes first');
    await assert.rejects(loader.compareAsOf(group, 'last tuesday'), /not a moment/);
  });

  it('shows a failed reading with Retry, and Retry reads again', async () => {
    const { loader, mirror, changed } = await setUp();
    mirror.failing.set('getContractState', new Error('socket hang up'));
    const group = stateGroup();
    const [failed] = await loader.children(group);
    assert.ok(failed instanceof MessageNode && failed.failed);
    assert.strictEqual(failed.item().command?.id, RETRY_STATE);
    assert.ok(failed.detail.includes('socket hang up'));
    mirror.failing.clear();
    loader.retry(failed);
    assert.ok(changed.includes(group));
    const rows = await loader.children(group);
    assert.ok(rows.some(r => r.item().label === 'goal'));
  });

  it('shows network text as plain text: invisible and bidi characters as code points', () => {
    const entry = {
      label: 'title',
      typeLabel: 'string',
      slot: `0x${'0'.repeat(63)}6`,
      offset: 0,
      value: 'pay\u202egnp.exe`\n```',
    };
    const node = new StateEntryNode(stateGroup(), 'x', entry);
    assert.ok(!/[\u202e\n]/.test(String(node.item().description)));
    assert.ok(node.tooltip().includes('U+202E'));
    assert.strictEqual((node.tooltip().match(/```/g) ?? []).length, 2, 'the value closes no fence');
    assert.strictEqual(node.copyText, entry.value, 'Copy value copies it exactly');
  });

  it('gives the known accounts to the decoder as long-zero addresses', () => {
    assert.deepStrictEqual(
      mappingKeys(['0.0.1001', '0x00000000000000000000000000000000000003EF', 'nonsense', '0.0.1001']),
      ['0x00000000000000000000000000000000000003e9', '0x00000000000000000000000000000000000003ef'],
    );
    // What decodeState makes of no slots at all: nothing to list, nothing thrown.
    assert.deepStrictEqual(decodeState(crowdfundLayout(), new Map()).unexplained, []);
  });
});
