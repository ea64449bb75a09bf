// The contract results panel on the real mirror node (set "contracts": rest/__tests__/specs/
// contracts/results/block-number.json, four results in blocks 10 and 11): filters by block number,
// sender and timestamp range, Load more over the server's links.next, and the unit toggle.
//
// The toggle is local (weibars = tinybars x 10^10): this server version (v0.145) refuses the `hbar`
// parameter outright (400 "Unknown query parameter: hbar"), so a client that asked the server for
// weibars would fail here. The test checks both: the server's refusal, and that the panel's weibars
// are the exact conversion of the tinybars the server sent.
import * as assert from 'assert';
import type { ContractResultsPanel, ContractsFeature } from '../../../src/features/contracts';
import { filtersWith } from '../../../src/features/contracts/filters';
import type { ContractResultsFilters, ContractResultsToWebview } from '../../../webview/protocol';
import { convertTinybars } from '../../../webview/contractResults/units';
import { waitFor } from '../../integration/helpers';
import * as vscode from 'vscode';
import { toEventSelector } from 'viem';
import { Commands } from '../../../src/commands';
import type { AbiFeature } from '../../../src/features/abi';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import type { DetailSection } from '../../../webview/protocol';
import { fetchReal, useRealSet } from '../helpers';
import { MY_TOKEN_CALL } from '../own/myToken';

type Posted = ContractResultsToWebview;
type Rows = Extract<Posted, { type: 'rows' }>;

describe('real mirror node: contract results panel', () => {
  const real = useRealSet('contracts');
  let panel: ContractResultsPanel;
  let posted: Posted[];

  const feature = (): ContractsFeature => {
    const f = real().api.features['contracts'] as ContractsFeature | undefined;
    assert.ok(f, 'exports.features.contracts');
    return f;
  };
  const next = async <T extends Posted['type']>(type: T, from: number): Promise<Extract<Posted, { type: T }>> =>
    (await waitFor(() => posted.slice(from).find(m => m.type === type), 15_000, `a "${type}" message`)) as Extract<
      Posted,
      { type: T }
    >;
  const search = async (filters: ContractResultsFilters): Promise<Rows> => {
    const at = posted.length;
    await panel.receive({ type: 'search', filters });
    const answer = await waitFor(
      () => posted.slice(at).find(m => m.type === 'rows' || m.type === 'failed' || m.type === 'invalid'),
      15_000,
      'the answer to a search',
    );
    assert.strictEqual(answer.type, 'rows', JSON.stringify(answer));
    return answer;
  };

  beforeEach(async () => {
    panel = feature().open();
    await waitFor(() => panel.pageReady, 20_000, 'the page saying it is ready');
    await panel.whenIdle();
    posted = [];
    panel.onDidPost(m => posted.push(m));
  });
  afterEach(async () => {
    await panel.whenIdle();
    panel.dispose();
  });

  it('no filter: every result the server has, newest first, amounts in tinybars', async () => {
    const rows = await search(filtersWith());
    assert.deepStrictEqual(
      rows.rows.map(r => [r.timestamp, r.amount, r.blockNumber, r.fromId]),
      [
        ['1676540001.234500005', '30', '11', '0.0.8001'],
        ['1676540001.234390007', '20', '10', '0.0.7002'],
        ['1676540001.234390006', '20', '10', '0.0.7001'],
        ['1676540001.234390005', '20', '10', '0.0.6001'],
      ],
    );
    assert.strictEqual(rows.hasMore, false);
  });

  it('three filters the server applies: block number, sender, timestamp range', async () => {
    const byBlock = await search(filtersWith({ blockNumber: '10' }));
    assert.deepStrictEqual(
      byBlock.rows.map(r => r.timestamp),
      ['1676540001.234390007', '1676540001.234390006', '1676540001.234390005'],
    );
    const byHexBlock = await search(filtersWith({ blockNumber: '0xb' }));
    assert.deepStrictEqual(
      byHexBlock.rows.map(r => r.blockNumber),
      ['11'],
    );
    const bySender = await search(filtersWith({ from: '0.0.8001' }));
    assert.deepStrictEqual(
      bySender.rows.map(r => [r.amount, r.from]),
      [['30', '0x0000000000000000000000000000000000001f41']],
    );
    const byRange = await search(
      filtersWith({
        timestamps: [
          { operator: 'gte', value: '1676540001.234390006' },
          { operator: 'lte', value: '1676540001.234390007' },
        ],
      }),
    );
    assert.deepStrictEqual(
      byRange.rows.map(r => r.timestamp),
      ['1676540001.234390007', '1676540001.234390006'],
    );
  });

  it("Load more follows the server's links.next (limit 2) until it has no next page", async () => {
    const first = await search(filtersWith({ limit: '2' }));
    assert.strictEqual(first.rows.length, 2);
    assert.strictEqual(first.hasMore, true);
    for (let i = 0; i < 3 && panel.loadedRows.length < 4; i++) {
      const at = posted.length;
      await panel.receive({ type: 'loadMore' });
      const more = await next('rows', at);
      assert.strictEqual(more.append, true);
    }
    assert.deepStrictEqual(
      panel.loadedRows.map(r => r.timestamp),
      ['1676540001.234500005', '1676540001.234390007', '1676540001.234390006', '1676540001.234390005'],
    );
    const own = JSON.parse(
      (await fetchReal(real().url, '/api/v1/contracts/results?limit=2&timestamp=lt:1676540001.234390007')).text,
    ) as { links: { next: string | null } };
    assert.strictEqual(own.links.next, '/api/v1/contracts/results?limit=2&timestamp=lt:1676540001.234390005');
  });

  it('the unit toggle: weibars are the exact conversion of the tinybars the server sent (it refuses hbar=false)', async () => {
    const refusal = await fetchReal(real().url, '/api/v1/contracts/results?hbar=false');
    assert.strictEqual(refusal.status, 400);
    assert.ok(refusal.text.includes('Unknown query parameter: hbar'), refusal.text);
    const rows = await search(filtersWith({ blockNumber: '11' }));
    const [row] = rows.rows;
    assert.strictEqual(row.amount, '30');
    assert.strictEqual(convertTinybars(BigInt(row.amount), 'weibar').exact, '300000000000');
    assert.strictEqual(convertTinybars(BigInt(row.amount), 'hbar').exact, '0.00000030');
    const tens = (await search(filtersWith({ blockNumber: '10' }))).rows[0];
    // gas_price is hex weibars on the wire ("0x4a817c80"): the row keeps its decimal digits.
    assert.strictEqual(tens.gasPrice, '1250000000');
  });
});

// Decoded logs (set "mytoken", ours: the spec data's logs have arbitrary topics): a transfer() call
// to contract 0.0.5025, whose runtime bytecode is MyToken's from the sample workspace the suite
// opens. Lookup transaction reads the call and its logs from the real server's
// /contracts/results/{id} and the code from /contracts/{id}, and decodes them with the artifact.
describe('real mirror node: a call to MyToken, decoded (set "mytoken")', () => {
  let transactions: TransactionsFeature | undefined;
  // Before useRealSet's: hooks run in the order they are registered.
  after(() => {
    for (const p of transactions?.panels.open ?? []) p.dispose();
  });
  const real = useRealSet('mytoken');
  const c = MY_TOKEN_CALL;

  it("the transaction panel decodes the call and its logs the real server serves, with MyToken's ABI", async () => {
    const own = JSON.parse((await fetchReal(real().url, `/api/v1/contracts/results/${c.transactionId}`)).text) as {
      contract_id: string;
      block_number: number;
      logs: { index: number; topics: string[]; contract_id: string }[];
    };
    assert.strictEqual(own.contract_id, c.contract);
    assert.strictEqual(own.block_number, c.block);
    // topic0 is the keccak of the event's signature: the Transfer of ERC-20, then MyToken's Memo.
    assert.deepStrictEqual(
      own.logs.map(l => l.topics[0]),
      [toEventSelector('Transfer(address,address,uint256)'), toEventSelector('Memo(address,string,bytes32)')],
    );
    assert.strictEqual(own.logs[0].topics[0], '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');

    const abi = real().api.features['abi'] as AbiFeature | undefined;
    assert.ok(abi, 'exports.features.abi');
    await abi.ready();
    await waitFor(() => abi.index.workspaceContracts().some(k => k.name === 'MyToken'), 20_000, 'MyToken indexed');

    const outcome = await vscode.commands.executeCommand<LookupOutcome>(Commands.lookupTransaction, c.transactionId);
    assert.ok(outcome && outcome.kind === 'shown', JSON.stringify(outcome));
    transactions = real().api.features['transactions'] as TransactionsFeature;
    const panel = transactions.panels.open.at(-1);
    assert.ok(panel, 'a transaction panel');
    const sections = (): readonly DetailSection[] =>
      panel.view.status === 'loaded' ? (panel.view as { sections: readonly DetailSection[] }).sections : [];
    const text = (title: string): string => JSON.stringify(sections().find(x => x.title === title) ?? null);
    await waitFor(
      () => text('Call') !== 'null' && !text('Call').includes('loading'),
      20_000,
      'the Call section decoded',
    );
    assert.ok(text('Call').includes('MyToken, contracts/MyToken.sol'), text('Call'));
    assert.ok(text('Call').includes('transfer(address,uint256)'), text('Call'));
    assert.ok(text('Call').includes('amount (uint256): 1500'), text('Call'));
    const events = sections().find(x => x.title === 'Events');
    assert.ok(events, 'an Events section');
    const rows = events.tables[0].rows.map(r => r.map(cell => cell.text));
    assert.deepStrictEqual(rows[0], ['0', 'Transfer(from: 0.0.1001, to: 0.0.1234, value: 1500)']);
    assert.strictEqual(rows.length, 2, JSON.stringify(rows));
    assert.ok(rows[1][1].startsWith('Memo(from: 0.0.1001, text: '), rows[1][1]);
    assert.ok(rows[1][1].includes(c.memo), rows[1][1]);
    // The bytes32 tag holds text: shown as the text, not as its 32 bytes.
    assert.ok(rows[1][1].includes(`tag: "${c.tag}"`), rows[1][1]);
  });
});
