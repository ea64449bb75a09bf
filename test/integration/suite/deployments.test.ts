// Your contracts on the network, in a real extension host: the Contracts view lists the sample
// workspace's deployment records (Hardhat Ignition and Foundry on testnet, hardhat-deploy on
// previewnet), and a read call, a gas estimate, a decoded revert and the decoded state come from
// the test mirror, which answers `POST /contracts/call` and `/state` by running the sample
// contracts on a real EVM (test/support/evmWorld.ts, contractCallRoutes.ts).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { DeploymentsFeature } from '../../../src/features/deployments';
import type { KnownDeployment } from '../../../src/features/deployments/model';
import type { CallOutcome } from '../../../src/features/deployments/nodes';
import {
  CROWDFUND_DESCRIPTION,
  CROWDFUND_GOAL,
  CROWDFUND_PLEDGES,
  CROWDFUND_TITLE,
  sampleWorld,
} from '../../support/evmWorld';
import { PAYER_ID } from '../../support/evmScenarios';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';

const CROWDFUND_ADDRESS = '0x00000000000000000000000000000000000003ee';

async function feature(): Promise<DeploymentsFeature> {
  const api = await activateLedgerLens();
  const f = api.features['deployments'] as DeploymentsFeature | undefined;
  assert.ok(f, 'exports.features.deployments');
  return f;
}

/** The rows under a node, with their items (the feature's classes are the bundle's: read by `kind` and item). */
async function rows(
  f: DeploymentsFeature,
  node?: unknown,
): Promise<{ node: unknown; label: string; description: string }[]> {
  const children = await f.provider.getChildren(node as never);
  return children.map(c => {
    const item = f.provider.getTreeItem(c);
    const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
    return { node: c, label, description: typeof item.description === 'string' ? item.description : '' };
  });
}

function crowdfundOn(f: DeploymentsFeature, network: string): KnownDeployment {
  const d = f.provider.current.deployments.find(x => x.network === network && x.name === 'Crowdfund');
  assert.ok(d, `Crowdfund on ${network} in ${JSON.stringify(f.provider.current.deployments.map(x => x.key))}`);
  return d;
}

describe('Contracts view: deployments, calls and state', function () {
  this.timeout(120_000);
  const replay = useReplay();

  before(async () => {
    const api = await activateLedgerLens();
    await setSetting('ledgerLens.network', 'testnet');
    // The previewnet record is read from the same EVM world.
    api.services.overrideMirrorUrlForTests('previewnet', replay().mirror.url);
  });
  after(async () => {
    const api = await activateLedgerLens();
    api.services.overrideMirrorUrlForTests('previewnet', undefined);
    await resetSettings('ledgerLens.network');
  });

  it('lists the sample deployments by network, with the records that name them', async () => {
    const f = await feature();
    await f.ready();
    await waitFor(() => f.provider.current.deployments.length >= 4, 30_000, 'the records read');
    const networks = await rows(f);
    assert.deepStrictEqual(
      networks.map(n => n.label),
      ['previewnet', 'testnet'],
    );
    const testnet = await rows(f, networks[1].node);
    assert.deepStrictEqual(
      testnet.map(r => r.label),
      ['Counter', 'Crowdfund', 'MyToken'],
    );
    assert.match(testnet[1].description, /^0\.0\.1006 · 0x0000…03ee$/);
    const crowdfund = crowdfundOn(f, 'testnet');
    assert.deepStrictEqual(
      crowdfund.sources.map(s => [s.tool, s.file]),
      [['ignition', 'hardhat-sample/ignition/deployments/chain-296/deployed_addresses.json']],
    );
    assert.strictEqual(crowdfund.contract?.name, 'Crowdfund', 'paired with the workspace artifact');
    const previewnet = crowdfundOn(f, 'previewnet');
    assert.strictEqual(previewnet.sources[0].tool, 'hardhat-deploy');
    assert.strictEqual(previewnet.evmAddress, CROWDFUND_ADDRESS);
  });

  it('a read call with an argument above 2^64: the exact result, by name', async () => {
    const f = await feature();
    const d = crowdfundOn(f, 'testnet');
    const amount = 123_456_789_012_345_678_901_234_567_890n;
    assert.ok(amount > 2n ** 64n);
    const outcome = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.callFunction', {
      key: d.key,
      signature: 'shareOf(uint256)',
      args: [amount.toString()],
    });
    assert.strictEqual(outcome.kind, 'result', JSON.stringify(outcome));
    assert.deepStrictEqual(outcome.lines, [
      { label: 'basisPoints', value: ((amount * 10_000n) / CROWDFUND_GOAL).toString() },
    ]);
    const requests = replay().mirror.requests.filter(r => r.method === 'POST' && r.url === '/api/v1/contracts/call');
    assert.ok(requests.length >= 1, 'the call went to the mirror node');
    // Asked on previewnet too: the same contract there answers the same.
    const again = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.callFunction', {
      key: crowdfundOn(f, 'previewnet').key,
      signature: 'goal()',
      args: [],
    });
    assert.deepStrictEqual(again.lines, [{ label: 'output 1', value: CROWDFUND_GOAL.toString() }]);
  });

  it('a read call at an earlier moment runs on the block of that moment (before any pledge: nothing raised)', async () => {
    const f = await feature();
    const d = crowdfundOn(f, 'testnet');
    const world = await sampleWorld();
    // The block that created Crowdfund: the pledges come in the three blocks after it.
    const block = world.transactions.find(t => t.name === 'deployCrowdfund')?.block;
    assert.ok(block, 'the creating block');
    const before = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.callFunctionAt', {
      key: d.key,
      signature: 'raised()',
      args: [],
      at: block.timestamp,
    });
    assert.deepStrictEqual(before.lines, [{ label: 'output 1', value: '0' }], JSON.stringify(before));
    assert.match(before.summary, new RegExp(`at block ${block.number}`));
    const now = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.callFunction', {
      key: d.key,
      signature: 'raised()',
      args: [],
    });
    const raised = CROWDFUND_PLEDGES.reduce((sum, p) => sum + p.amount, 0n);
    assert.deepStrictEqual(now.lines, [{ label: 'output 1', value: raised.toString() }]);
  });

  it('an argument that does not fit its type is refused before anything is sent', async () => {
    const f = await feature();
    const d = crowdfundOn(f, 'testnet');
    replay().mirror.resetRequests();
    const outcome = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.callFunction', {
      key: d.key,
      signature: 'shareOf(uint256)',
      args: ['-1'],
    });
    assert.strictEqual(outcome.kind, 'failed');
    assert.match(outcome.summary, /amount/);
    assert.strictEqual(replay().mirror.requests.filter(r => r.method === 'POST').length, 0, 'nothing sent');
  });

  it('a simulation that would revert: the custom error decoded with its arguments', async () => {
    const f = await feature();
    const d = crowdfundOn(f, 'testnet');
    const raised = CROWDFUND_PLEDGES.reduce((sum, p) => sum + p.amount, 0n);
    const outcome = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.simulateFunction', {
      key: d.key,
      signature: 'close()',
      args: [],
      from: PAYER_ID,
    });
    assert.strictEqual(outcome.kind, 'revert', JSON.stringify(outcome));
    assert.strictEqual(outcome.lines[0].value, `GoalNotMet(raised: ${raised}, goal: ${CROWDFUND_GOAL})`);
  });

  it('a gas estimate: in gas, and in ℏ at the network fee', async () => {
    const f = await feature();
    const d = crowdfundOn(f, 'testnet');
    const outcome = await vscode.commands.executeCommand<CallOutcome>('ledgerLens.estimateFunction', {
      key: d.key,
      signature: 'pledge(uint256)',
      args: ['1000'],
      from: PAYER_ID,
    });
    assert.strictEqual(outcome.kind, 'estimate', JSON.stringify(outcome));
    const gas = Number(outcome.lines[0].value.replace(/,/g, ''));
    assert.ok(gas > 21_000 && gas < 15_000_000, `${gas} gas`);
    assert.ok(
      outcome.lines.some(l => l.label === 'cost' && /ℏ/.test(l.value)),
      JSON.stringify(outcome.lines),
    );
  });

  it('the state, decoded with the storage layout: named variables with exact values', async () => {
    const f = await feature();
    const d = crowdfundOn(f, 'testnet');
    const contract = (await rows(f)).find(n => n.label === 'testnet');
    const deployment = (await rows(f, contract?.node)).find(r => r.label === 'Crowdfund');
    const groups = await rows(f, deployment?.node);
    assert.deepStrictEqual(
      groups.map(g => g.label),
      ['Read', 'Simulate', 'State', 'History', 'Found in'],
    );
    const state = groups.find(g => g.label === 'State');
    let variables: { label: string; description: string }[] = [];
    await waitFor(
      async () => {
        variables = await rows(f, state?.node);
        return variables.some(v => v.label === 'goal');
      },
      60_000,
      `the decoded state of ${d.key}`,
    );
    const value = (name: string) => variables.find(v => v.label === name)?.description;
    assert.strictEqual(value('goal'), CROWDFUND_GOAL.toString());
    assert.match(value('title') ?? '', new RegExp(CROWDFUND_TITLE));
    assert.match(value('description') ?? '', /Panels for the community hall/);
    assert.ok(CROWDFUND_DESCRIPTION.length > 31);
  });
});
