// The EVM world the test mirror answers calls and storage from (test/support/evmWorld.ts): the
// scenarios replayed with the traces' own blocks, then Crowdfund deployed and pledged to; calls
// answered on a copy of the state as of any block, storage holding exactly what the calls read.
import * as assert from 'assert';
import { decodeErrorResult, decodeFunctionResult, encodeFunctionData, keccak256, type Abi, type Hex } from 'viem';
import {
  BACKER_ID,
  CALL_GAS_CAP,
  CROWDFUND_DEADLINE,
  CROWDFUND_DESCRIPTION,
  CROWDFUND_GOAL,
  CROWDFUND_ID,
  CROWDFUND_PLEDGES,
  CROWDFUND_TITLE,
  sampleWorld,
  UnknownBlockError,
  worldOf,
  type CallRequest,
  type EvmWorld,
} from '../../support/evmWorld';
import {
  evmTraces,
  longZeroAddress,
  PAYER_ID,
  readSampleBuild,
  TOKEN_ID,
  type EvmTraces,
} from '../../support/evmTraces';

const CROWDFUND = longZeroAddress(CROWDFUND_ID);
const word = (n: bigint): string => `0x${n.toString(16).padStart(64, '0')}`;

describe('the EVM world: the sample’s contracts and Crowdfund', function () {
  this.timeout(120_000);
  let world: EvmWorld;
  let traces: EvmTraces;
  let abi: Abi;

  before(async () => {
    [world, traces] = await Promise.all([sampleWorld(), evmTraces()]);
    abi = readSampleBuild().crowdfund.abi;
  });

  /** Crowdfund's `functionName(args)` decoded, on the state after `block`. */
  async function read(functionName: string, args: readonly unknown[] = [], block?: bigint): Promise<unknown> {
    const outcome = await world.call({ to: CROWDFUND, data: encodeFunctionData({ abi, functionName, args }), block });
    assert.strictEqual(outcome.kind, 'success', `${functionName}: ${JSON.stringify(outcome.kind)}`);
    if (outcome.kind !== 'success') throw new Error('unreachable');
    return decodeFunctionResult({ abi, functionName, data: outcome.returnData });
  }

  function pledgeData(amount: bigint): Hex {
    return encodeFunctionData({ abi, functionName: 'pledge', args: [amount] });
  }

  it('is made once per process', async () => {
    assert.strictEqual(await sampleWorld(), world);
  });

  it('has the traces’ blocks, then one per Crowdfund transaction', () => {
    assert.strictEqual(world.blocks.length, traces.scenarios.length + 5);
    assert.strictEqual(world.transactions.length, world.blocks.length);
    for (const [i, scenario] of traces.scenarios.entries()) {
      const block = world.blocks[i];
      assert.strictEqual(block.timestamp, scenario.timestamp, scenario.name);
      assert.strictEqual(block.number, BigInt(scenario.contractResult.block_number));
      assert.strictEqual(block.hash, scenario.contractResult.block_hash);
      // Replayed to the same end: success, revert or halt, and the same gas.
      const tx = world.transactions[i];
      assert.strictEqual(tx.name, scenario.name);
      assert.strictEqual(tx.gasConsumed, BigInt(scenario.contractResult.gas_consumed), scenario.name);
      assert.strictEqual(tx.outcome === 'success', scenario.contractResult.status === '0x1', scenario.name);
    }
    for (let i = 1; i < world.blocks.length; i++) {
      assert.strictEqual(world.blocks[i].number, world.blocks[i - 1].number + 1n);
      const [a, b] = [world.blocks[i - 1].timestamp, world.blocks[i].timestamp].map(t => BigInt(t.replace('.', '')));
      assert.ok(b > a, 'timestamps increase');
      assert.match(world.blocks[i].hash, /^0x[0-9a-f]{96}$/);
      assert.match(world.blocks[i].timestamp, /^\d+\.\d{9}$/);
    }
    assert.deepStrictEqual(
      world.transactions.slice(-5).map(t => `${t.name} ${t.from} ${t.to} ${t.outcome}`),
      [
        `deployCrowdfund ${PAYER_ID} ${CROWDFUND_ID} success`,
        `pledge1 ${PAYER_ID} ${CROWDFUND_ID} success`,
        `pledge2 ${BACKER_ID} ${CROWDFUND_ID} success`,
        `pledge3 ${PAYER_ID} ${CROWDFUND_ID} success`,
        `claim ${BACKER_ID} ${CROWDFUND_ID} success`,
      ],
    );
    // Each pledge emitted Pledged(backer, amount, raised).
    assert.deepStrictEqual(
      world.transactions.slice(-4, -1).map(t => t.logs.length),
      [1, 1, 1],
    );
  });

  it('lists the deployed contracts with the code the EVM holds', () => {
    assert.deepStrictEqual(
      world.contracts.map(c => `${c.id} ${c.contractName} ${c.sourceName} ${c.evmAddress}`),
      [
        `0.0.1002 MyToken contracts/MyToken.sol ${longZeroAddress('0.0.1002')}`,
        `0.0.1003 Vault contracts/Vault.sol ${longZeroAddress('0.0.1003')}`,
        `0.0.1004 ProxySetup contracts/ProxySetup.sol ${longZeroAddress('0.0.1004')}`,
        `0.0.1005 VaultProxy contracts/VaultProxy.sol ${longZeroAddress('0.0.1005')}`,
        `0.0.1006 Crowdfund contracts/Crowdfund.sol ${CROWDFUND}`,
      ],
    );
    const token = traces.scenarios.at(-1)?.contracts.find(c => c.contract_id === TOKEN_ID);
    assert.strictEqual(world.contracts[0].runtimeBytecode, token?.runtime_bytecode);
    for (const c of world.contracts) assert.match(c.runtimeBytecode, /^0x([0-9a-f]{2})+$/);
  });

  it('answers Crowdfund’s views with its constructor arguments and pledges', async () => {
    assert.strictEqual(await read('goal'), CROWDFUND_GOAL);
    assert.ok(CROWDFUND_GOAL > 2n ** 64n);
    assert.strictEqual(await read('deadline'), CROWDFUND_DEADLINE);
    assert.strictEqual(await read('title'), CROWDFUND_TITLE);
    assert.strictEqual(await read('description'), CROWDFUND_DESCRIPTION);
    assert.strictEqual(String(await read('owner')).toLowerCase(), longZeroAddress(PAYER_ID));
    const raised = CROWDFUND_PLEDGES.reduce((sum, p) => sum + p.amount, 0n);
    assert.strictEqual(await read('raised'), raised);
    assert.strictEqual(await read('pledgeCount'), 3n);
    assert.strictEqual(await read('pledged', [longZeroAddress(BACKER_ID)]), 250n * 10n ** 18n);
    assert.strictEqual(await read('claimed', [longZeroAddress(BACKER_ID), 1n]), true);
    assert.strictEqual(await read('notes', [1n]), 'first round opens');
    // Exact beyond 2^64 both ways: the argument and the result.
    assert.deepStrictEqual(await read('preview', [CROWDFUND_GOAL]), [raised + CROWDFUND_GOAL, true]);
    assert.strictEqual(await read('shareOf', [CROWDFUND_GOAL / 2n]), 5_000n);
  });

  it('answers as of a block, and refuses a block after the last', async () => {
    const deployed = world.transactions.findIndex(t => t.name === 'deployCrowdfund');
    const deployBlock = world.blocks[deployed].number;
    assert.strictEqual(await read('raised', [], deployBlock), 0n);
    assert.strictEqual(await read('raised', [], deployBlock + 1n), CROWDFUND_PLEDGES[0].amount);
    // Before Crowdfund existed: a call to an account without code succeeds with nothing.
    const before = await world.call({ to: CROWDFUND, data: pledgeData(1n), block: deployBlock - 1n });
    assert.deepStrictEqual(before, {
      kind: 'success',
      returnData: '0x',
      gasUsed: before.kind === 'success' ? before.gasUsed : 0n,
    });
    const earliest = await world.call({ to: CROWDFUND_ID, data: '0x', block: 'earliest' });
    assert.strictEqual(earliest.kind === 'success' && earliest.returnData, '0x');
    const last = world.blocks.at(-1)?.number ?? 0n;
    await assert.rejects(world.call({ to: CROWDFUND, block: last + 1n }), UnknownBlockError);
    await assert.rejects(world.storage(CROWDFUND, last + 1n), UnknownBlockError);
    assert.strictEqual((await world.storage(CROWDFUND, deployBlock - 1n)).size, 0);
  });

  it('keeps nothing a call changes', async () => {
    const request: CallRequest = { from: BACKER_ID, to: CROWDFUND_ID, data: pledgeData(7n) };
    const first = await world.call(request);
    const again = await world.call(request);
    assert.deepStrictEqual(again, first);
    assert.strictEqual(first.kind, 'success');
    const raised = CROWDFUND_PLEDGES.reduce((sum, p) => sum + p.amount, 0n);
    assert.strictEqual(
      first.kind === 'success' && decodeFunctionResult({ abi, functionName: 'pledge', data: first.returnData }),
      raised + 7n,
    );
    assert.strictEqual(await read('raised'), raised);
  });

  it('answers reverts with their data: custom errors and Error(string)', async () => {
    const close = await world.call({
      from: PAYER_ID,
      to: CROWDFUND,
      data: encodeFunctionData({ abi, functionName: 'close' }),
    });
    assert.strictEqual(close.kind, 'revert');
    if (close.kind !== 'revert') return;
    const raised = CROWDFUND_PLEDGES.reduce((sum, p) => sum + p.amount, 0n);
    assert.deepStrictEqual(decodeErrorResult({ abi, data: close.revertData }), {
      abiItem: abi.find(i => i.type === 'error' && i.name === 'GoalNotMet'),
      args: [raised, CROWDFUND_GOAL],
      errorName: 'GoalNotMet',
    });
    const nothing = await world.call({ from: BACKER_ID, to: CROWDFUND, data: pledgeData(0n) });
    assert.strictEqual(
      nothing.kind === 'revert' && decodeErrorResult({ abi, data: nothing.revertData }).errorName,
      'NothingPledged',
    );
    const notYours = await world.call({
      from: BACKER_ID,
      to: CROWDFUND,
      data: encodeFunctionData({ abi, functionName: 'claim', args: [0n] }),
    });
    assert.strictEqual(notYours.kind, 'revert');
    assert.deepStrictEqual(notYours.kind === 'revert' && decodeErrorResult({ abi, data: notYours.revertData }).args, [
      'Crowdfund: not your pledge',
    ]);
    // The owner pausing, then a pledge: only in one call's copy, which a second call cannot see.
    const pause = await world.call({
      from: PAYER_ID,
      to: CROWDFUND,
      data: encodeFunctionData({ abi, functionName: 'setPaused', args: [true] }),
    });
    assert.strictEqual(pause.kind, 'success');
    assert.strictEqual(await read('paused'), false);
  });

  it('halts out of gas, and estimates the least gas that succeeds', async () => {
    const request: CallRequest = { from: BACKER_ID, to: CROWDFUND, data: pledgeData(5n) };
    const full = await world.call(request);
    assert.strictEqual(full.kind, 'success');
    const estimate = await world.call({ ...request, estimate: true });
    assert.strictEqual(estimate.kind, 'success');
    if (estimate.kind !== 'success' || full.kind !== 'success') return;
    assert.strictEqual(estimate.returnData, full.returnData);
    assert.ok(estimate.gasUsed >= full.gasUsed && estimate.gasUsed < CALL_GAS_CAP);
    assert.strictEqual((await world.call({ ...request, gas: estimate.gasUsed })).kind, 'success');
    assert.deepStrictEqual(await world.call({ ...request, gas: estimate.gasUsed - 1n }), {
      kind: 'halt',
      reason: 'INSUFFICIENT_GAS',
    });
    assert.deepStrictEqual(await world.call({ ...request, gas: 21_000n }), {
      kind: 'halt',
      reason: 'INSUFFICIENT_GAS',
    });
    // An estimate of a call that reverts is the revert.
    assert.strictEqual((await world.call({ ...request, data: pledgeData(0n), estimate: true })).kind, 'revert');
  });

  it('holds in storage exactly the values the views read', async () => {
    const slots = await world.storage(CROWDFUND);
    const again = await world.storage(`0x${CROWDFUND.slice(2).toUpperCase()}`);
    assert.deepStrictEqual([...again], [...slots]);
    for (const [slot, value] of slots) {
      assert.match(slot, /^0x[0-9a-f]{64}$/);
      assert.match(value, /^0x[0-9a-f]{64}$/);
      assert.notStrictEqual(BigInt(value), 0n);
    }
    assert.deepStrictEqual([...slots.keys()], [...slots.keys()].sort());
    assert.strictEqual(slots.get(word(2n)), word(CROWDFUND_GOAL)); // goal
    assert.strictEqual(slots.get(word(3n)), word(CROWDFUND_PLEDGES.reduce((s, p) => s + p.amount, 0n))); // raised
    assert.strictEqual(slots.get(word(15n)), word(3n)); // pledges.length
    assert.strictEqual(slots.get(word(16n)), word(2n)); // backers.length
    // Slot 0 packs owner (20 bytes), stage, paused and deadline (8 bytes) from the right.
    const packed = BigInt(slots.get(word(0n)) ?? '0x0');
    assert.strictEqual(packed & ((1n << 160n) - 1n), 1001n);
    assert.strictEqual(packed >> 176n, CROWDFUND_DEADLINE);
    // The description's long form: length * 2 + 1 in the slot, the text from keccak(slot).
    assert.strictEqual(BigInt(slots.get(word(7n)) ?? '0'), BigInt(CROWDFUND_DESCRIPTION.length * 2 + 1));
    const dataSlot = BigInt(keccak256(word(7n) as Hex));
    const text = [0n, 1n, 2n].map(i => (slots.get(word(dataSlot + i)) ?? '').slice(2)).join('');
    assert.strictEqual(Buffer.from(text, 'hex').toString('utf8').replace(/\0+$/, ''), CROWDFUND_DESCRIPTION);
    // pledged[backer] at keccak(pad(backer) . 17).
    const entry = keccak256(`0x${longZeroAddress(BACKER_ID).slice(2).padStart(64, '0')}${word(17n).slice(2)}`);
    assert.strictEqual(slots.get(entry), word(250n * 10n ** 18n));
    // A contract of the scenarios too: MyToken's storage is not empty.
    assert.ok((await world.storage(TOKEN_ID)).size > 0);
    assert.strictEqual((await world.storage('0.0.4242')).size, 0);
  });

  it('makes worlds of its own: empty, and refusing a transaction meant to succeed that does not', async () => {
    const empty = await worldOf([]);
    assert.deepStrictEqual(empty.blocks, []);
    // A call to an account without code uses the intrinsic gas alone: 21,000 and 4 per zero byte, 16 per other.
    const data = pledgeData(1n);
    const bytes = Buffer.from(data.slice(2), 'hex');
    const intrinsic = 21_000n + BigInt(bytes.reduce((gas, b) => gas + (b === 0 ? 4 : 16), 0));
    assert.deepStrictEqual(await empty.call({ to: CROWDFUND, data }), {
      kind: 'success',
      returnData: '0x',
      gasUsed: intrinsic,
    });
    assert.strictEqual((await empty.storage(CROWDFUND)).size, 0);
    await assert.rejects(empty.call({ to: CROWDFUND, block: 0n }), UnknownBlockError);
    const build = readSampleBuild();
    // Crowdfund's creation code without its constructor arguments: the constructor's decoding reverts.
    await assert.rejects(
      worldOf([
        {
          name: 'bad deploy',
          from: PAYER_ID,
          createAt: '0.0.3000',
          data: build.crowdfund.bytecode,
          gasLimit: 4_000_000,
          mustSucceed: true,
        },
      ]),
      /bad deploy did not succeed: revert/,
    );
  });

  it('answers a pledge to a paused campaign with CampaignNotOpen(stage), in a world of its own', async () => {
    const build = readSampleBuild();
    const deploy = world.transactions.find(t => t.name === 'deployCrowdfund');
    assert.ok(deploy);
    const paused = await worldOf(
      [
        {
          name: 'deploy',
          from: PAYER_ID,
          createAt: CROWDFUND_ID,
          data: deploy.data,
          gasLimit: 4_000_000,
          mustSucceed: true,
        },
        {
          name: 'pause',
          from: PAYER_ID,
          to: CROWDFUND_ID,
          data: encodeFunctionData({ abi, functionName: 'setPaused', args: [true] }),
          gasLimit: 100_000,
          mustSucceed: true,
        },
      ],
      { [CROWDFUND_ID]: { sourceName: build.crowdfund.sourceName, contractName: build.crowdfund.contractName } },
    );
    const pledge = await paused.call({ from: BACKER_ID, to: CROWDFUND, data: pledgeData(1n) });
    assert.strictEqual(pledge.kind, 'revert');
    assert.deepStrictEqual(pledge.kind === 'revert' && decodeErrorResult({ abi, data: pledge.revertData }), {
      abiItem: abi.find(i => i.type === 'error' && i.name === 'CampaignNotOpen'),
      args: [0],
      errorName: 'CampaignNotOpen',
    });
    // Before the pause (block 100) the same pledge succeeds.
    assert.strictEqual(
      (await paused.call({ from: BACKER_ID, to: CROWDFUND, data: pledgeData(1n), block: 100n })).kind,
      'success',
    );
    assert.deepStrictEqual(
      paused.contracts.map(c => c.runtimeBytecode),
      [world.contracts[4].runtimeBytecode],
    );
  });

  it('refuses a malformed address or data in words', async () => {
    await assert.rejects(world.call({ to: 'not an address' }), /not an address/);
    await assert.rejects(world.call({ to: CROWDFUND, data: '0xabc' }), /whole bytes/);
    await assert.rejects(world.storage('0x1234'), /not an address/);
  });
});
