import * as assert from 'assert';
import { HistoryLoader, FAILURES_TTL_MS } from '../../../src/features/deployments/history';
import {
  HistoryEventNode,
  HistoryEventsNode,
  HistoryResultNode,
  LOAD_MORE_HISTORY,
  eventView,
  failureCounts,
  resultView,
} from '../../../src/features/deployments/historyRows';
import { DeploymentNode, GroupNode, NetworkNode } from '../../../src/features/deployments/nodes';
import { LoadMoreNode, MessageNode, type TreeNode } from '../../../src/features/common/nodes';
import { MirrorError } from '../../../src/mirror/errors';
import {
  crowdfundDeployment,
  crowdfundHistory,
  crowdfundIndex,
  fakeMirror,
  recordingLog,
  type MirrorResult,
} from './fixtures';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

function historyGroup(contract = crowdfundIndex().contract): GroupNode {
  const d = crowdfundDeployment('testnet', contract);
  return new GroupNode(new DeploymentNode(new NetworkNode('testnet', 1), d), 'history');
}

function labels(rows: readonly TreeNode[]): string[] {
  return rows.map(r => `${r.item().label} | ${r.item().description ?? ''}`);
}

describe('deployments: History rows', () => {
  it('decodes each result of the EVM world with the ABI: the call, what it returned or why it reverted', async () => {
    const { results } = await crowdfundHistory();
    const { abi, contract } = crowdfundIndex();
    const views = results.map(r => resultView(abi, r, contract));
    assert.deepStrictEqual(
      views.map(v => `${v.call} → ${v.outcome}`),
      [
        'pledge(amount: 0) → reverted: NothingPledged()',
        'claim(index: 0) → reverted: Error("Crowdfund: not your pledge")',
        'claim(index: 1) → success',
        'pledge(amount: 2000000000000000000) → → (total: 1500252000000000000000000)',
        'pledge(amount: 250000000000000000000) → → (total: 1500250000000000000000000)',
        'pledge(amount: 1500000000000000000000000) → → (total: 1500000000000000000000000)',
      ],
    );
    assert.deepStrictEqual(
      views.map(v => v.failed),
      [true, true, false, false, false, false],
    );
    const detail = Object.fromEntries(views[3].details.map(d => [d.label, d.value]));
    assert.strictEqual(detail.from, '0.0.1001 (0x00000000000000000000000000000000000003e9)');
    assert.strictEqual(detail.returned, '(total: 1500252000000000000000000)');
    assert.strictEqual(detail['transaction hash'], results[3].hash);
    // Without the deployment's artifact the index still decodes by selector.
    assert.strictEqual(resultView(abi, results[4]).call, 'pledge(amount: 250000000000000000000)');
  });

  it('says what it cannot decode in words and keeps network text plain', () => {
    const { abi, contract } = crowdfundIndex();
    const base: MirrorResult = {
      hash: `0x${'ab'.repeat(32)}`,
      timestamp: '1764244800.000000001',
      from: '0x00000000000000000000000000000000000003e9',
      to: '0x00000000000000000000000000000000000003ee',
      function_parameters: '0xdeadbeef',
      call_result: '0x',
      error_message: 'INSUFFICIENT_GAS\n\u202eevil',
      result: 'INSUFFICIENT_GAS',
      status: '0x0',
      amount: 5n,
      gas_used: 21000n,
    };
    const unknown = resultView(abi, base, contract);
    assert.strictEqual(unknown.call, '0xdeadbeef (not in the ABI)');
    assert.ok(unknown.outcome.startsWith('failed: INSUFFICIENT_GAS, INSUFFICIENT_GAS'), unknown.outcome);
    const node = new HistoryResultNode(historyGroup(contract), 'r', unknown, 'testnet', NOW);
    assert.ok(!/[\n\u202e]/.test(node.item().description ?? ''), 'no line break or bidi control in the row');
    const empty = resultView(
      abi,
      { ...base, function_parameters: '0x', result: 'SUCCESS', status: '0x1', error_message: null },
      contract,
    );
    assert.deepStrictEqual([empty.call, empty.outcome, empty.failed], ['no call data', 'success', false]);
    assert.strictEqual(resultView(abi, { ...base, hash: 'not a hash' }).transaction, undefined);
  });

  it('counts the failures of a page by the selector they called', async () => {
    const { results } = await crowdfundHistory();
    const { contract } = crowdfundIndex();
    const selector = (name: string) => contract.functions.find(f => f.item.name === name)!.selector;
    assert.deepStrictEqual(
      [...failureCounts([...results, results[0]])].sort(),
      [
        [selector('claim'), 1],
        [selector('pledge'), 2],
      ].sort(),
    );
  });

  it('opens the transaction on click and offers Debug on its context menu', async () => {
    const { results } = await crowdfundHistory();
    const { abi, contract } = crowdfundIndex();
    const node = new HistoryResultNode(
      historyGroup(contract),
      'r0',
      resultView(abi, results[0], contract),
      'testnet',
      NOW,
    );
    const item = node.item();
    assert.strictEqual(item.command?.id, 'ledgerLens.openTransaction');
    assert.deepStrictEqual(item.command?.args, [{ kind: 'transaction', id: results[0].hash, network: 'testnet' }]);
    assert.strictEqual(item.contextValue, 'deploymentResult:transaction');
    assert.strictEqual(item.icon, 'error');
    assert.deepStrictEqual(node.debugTarget, { transaction: results[0].hash, network: 'testnet' });
    // The row itself is what the debugger's command reads (`transaction`, `network`).
    assert.deepStrictEqual([node.transaction, node.network], [results[0].hash, 'testnet']);
    assert.ok(node.children().some(c => c.item().label === 'revert'));
  });

  it('decodes the events with their exact arguments', async () => {
    const { logs } = await crowdfundHistory();
    const { abi, contract } = crowdfundIndex();
    const own = { contract, evmAddress: '0x00000000000000000000000000000000000003ee' };
    const view = eventView(abi, logs[0], own);
    assert.strictEqual(
      view.text,
      'Pledged(backer: 0.0.1001, amount: 2000000000000000000, raised: 1500252000000000000000000)',
    );
    assert.deepStrictEqual(
      view.details.slice(0, 3).map(d => `${d.label}=${d.value}`),
      ['backer (indexed)=0.0.1001', 'amount=2000000000000000000', 'raised=1500252000000000000000000'],
    );
    const raw = eventView(abi, { ...logs[0], topics: [`0x${'11'.repeat(32)}`] }, own);
    assert.ok(raw.text.startsWith('not decoded'), raw.text);
    assert.ok(raw.details.some(d => d.label === 'topic 0'));
  });
});

describe('deployments: the History loader', () => {
  async function setUp() {
    const history = await crowdfundHistory();
    const mirror = fakeMirror({ results: history.results, logs: history.logs });
    const changed: (TreeNode | undefined)[] = [];
    let now = NOW;
    const { abi } = crowdfundIndex();
    const loader = new HistoryLoader({
      clientFor: () => mirror.client,
      abi: () => abi,
      changed: node => changed.push(node),
      log: recordingLog(),
      now: () => now,
    });
    return { ...history, mirror, changed, loader, tick: (ms: number) => (now += ms) };
  }

  it('lists the newest ten results with Events first and Load more last; concurrent expands ask once', async () => {
    const { loader, mirror, results } = await setUp();
    const group = historyGroup();
    const [a, b] = await Promise.all([loader.children(group), loader.children(group)]);
    assert.strictEqual(mirror.calls.listContractResultsOf, 1);
    assert.deepStrictEqual(labels(a), labels(b));
    assert.ok(a[0] instanceof HistoryEventsNode);
    assert.strictEqual(a.filter(r => r instanceof HistoryResultNode).length, results.length);
    // Fewer than a page: no Load more.
    assert.ok(!a.some(r => r instanceof LoadMoreNode));
  });

  it('pages with Load more and redraws the group', async () => {
    const { changed, results } = await setUp();
    const many = Array.from({ length: 23 }, (_, i) => ({
      ...results[i % results.length],
      hash: `0x${String(i).padStart(64, '0')}`,
      timestamp: `${2_000_000_000 - i}.000000000`,
    }));
    const big = fakeMirror({ results: many });
    const { abi } = crowdfundIndex();
    const paged = new HistoryLoader({
      clientFor: () => big.client,
      abi: () => abi,
      changed: n => changed.push(n),
      log: recordingLog(),
      now: () => NOW,
    });
    const group = historyGroup();
    let rows = await paged.children(group);
    assert.strictEqual(rows.filter(r => r instanceof HistoryResultNode).length, 10);
    const more = rows.at(-1);
    assert.ok(more instanceof LoadMoreNode);
    assert.strictEqual(more.item().command?.id, LOAD_MORE_HISTORY);
    await paged.loadMore(more);
    assert.ok(changed.includes(group), 'the group redraws');
    rows = await paged.children(group);
    assert.strictEqual(rows.filter(r => r instanceof HistoryResultNode).length, 20);
    await paged.loadMore(rows.at(-1));
    rows = await paged.children(group);
    assert.strictEqual(rows.filter(r => r instanceof HistoryResultNode).length, 23);
    assert.ok(!rows.some(r => r instanceof LoadMoreNode));
  });

  it('shows a failure with Retry, and Retry reads again', async () => {
    const { loader, mirror } = await setUp();
    mirror.failing.set(
      'listContractResultsOf',
      new MirrorError('http', 503, ['Service Unavailable'], 'https://x/api/v1/contracts/0.0.1006/results', 'HTTP 503'),
    );
    const group = historyGroup();
    let rows = await loader.children(group);
    const failed = rows.at(-1);
    assert.ok(failed instanceof MessageNode && failed.failed, labels(rows).join('\n'));
    assert.strictEqual(failed.item().command?.id, LOAD_MORE_HISTORY);
    mirror.failing.clear();
    await loader.loadMore(failed);
    rows = await loader.children(group);
    assert.strictEqual(rows.filter(r => r instanceof HistoryResultNode).length, 6);
  });

  it('reads the events when Events is expanded', async () => {
    const { loader, mirror, logs } = await setUp();
    const rows = await loader.children(historyGroup());
    assert.strictEqual(mirror.calls.listContractLogs, undefined, 'not before it is expanded');
    const events = await (rows[0] as HistoryEventsNode).children();
    assert.strictEqual(events.filter(e => e instanceof HistoryEventNode).length, logs.length);
    assert.strictEqual(mirror.calls.listContractLogs, 1);
  });

  it('keeps the failure counts a minute, in the background', async () => {
    const { loader, mirror, tick } = await setUp();
    const { contract } = crowdfundIndex();
    const d = crowdfundDeployment('testnet', contract);
    const counts = await loader.failedRecently(d);
    assert.strictEqual(counts.size, 2);
    await loader.failedRecently(d);
    assert.strictEqual(mirror.calls.listContractResultsOf, 1);
    tick(FAILURES_TTL_MS + 1);
    await loader.failedRecently(d);
    assert.strictEqual(mirror.calls.listContractResultsOf, 2);
    mirror.failing.set('listContractResultsOf', new Error('offline'));
    tick(FAILURES_TTL_MS + 1);
    assert.strictEqual((await loader.failedRecently(d)).size, 0, 'a failure answers no counts');
  });
});
