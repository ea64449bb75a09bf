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
import { fetchReal, useRealSet } from '../helpers';

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
