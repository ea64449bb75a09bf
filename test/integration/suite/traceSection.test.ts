// The call trace in a real extension host: a failed contract call replayed from the loopback
// mirror node (its `/actions` in the mirror node's format) shows a "Call trace" section in the
// transaction panel, read once, with the token contract named after the sample workspace's
// MyToken artifact and the revert decoded on the frame where it started; the contract results
// panel's row detail carries the same trace; the transaction hover then says where it reverted.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { encodeErrorResult, encodeFunctionData, type Abi } from 'viem';
import type { AbiFeature } from '../../../src/features/abi';
import type { LedgerLensExports } from '../../../src/features/context';
import type { ContractsFeature } from '../../../src/features/contracts';
import type { HoverFeature } from '../../../src/features/hover';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import type { ContractResultsToWebview, DetailSection, DetailView } from '../../../webview/protocol';
import type { TraceView } from '../../../webview/protocol/trace';
import {
  JsonDoc,
  aContract,
  aContractResult,
  aContractResultsBody,
  aTransaction,
  aTransactionsBody,
  recordFor,
  toJsonText,
} from '../../support/builders';
import { sampleArtifact } from '../../support/paths';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

const MY_TOKEN = sampleArtifact('MyToken.sol', 'MyToken');
const artifact = JSON.parse(fs.readFileSync(MY_TOKEN, 'utf8')) as { abi: Abi; deployedBytecode: string };

const TX = '0.0.1001-1700000700-000000000';
const HASH = `0x${'7c'.repeat(32)}`;
const TIME = '1700000700.000000003';
const ACCOUNT = { id: '0.0.1001', address: '0x00000000000000000000000000000000000003e9' };
const VAULT = { id: '0.0.5001', address: '0x0000000000000000000000000000000000001389' };
const TOKEN = { id: '0.0.5025', address: '0x00000000000000000000000000000000000013a1' };
/** Code no workspace artifact has: the vault is named by its id. */
const VAULT_CODE = `0x6080604052${'5b'.repeat(40)}00`;

const error = encodeErrorResult({
  abi: artifact.abi,
  errorName: 'InsufficientBalance',
  args: [VAULT.address, 1000n, 1500n],
});
const transfer = encodeFunctionData({
  abi: artifact.abi,
  functionName: 'transfer',
  args: [ACCOUNT.address, 1500n],
});

/** The vault's call into MyToken.transfer reverts; the revert comes back up through the vault. */
function actions(): JsonDoc {
  const base = { call_operation_type: 'CALL', call_type: 'CALL', timestamp: TIME, value: 0 };
  return new JsonDoc(
    toJsonText({
      actions: [
        {
          ...base,
          call_depth: 0,
          index: 0,
          caller: ACCOUNT.id,
          caller_type: 'ACCOUNT',
          from: ACCOUNT.address,
          recipient: VAULT.id,
          recipient_type: 'CONTRACT',
          to: VAULT.address,
          gas: 400_000,
          gas_used: 31_000,
          input: '0x2e1a7d4d00000000000000000000000000000000000000000000000000000000000005dc',
          result_data: error,
          result_data_type: 'REVERT_REASON',
        },
        {
          ...base,
          call_depth: 1,
          index: 1,
          caller: VAULT.id,
          caller_type: 'CONTRACT',
          from: VAULT.address,
          recipient: TOKEN.id,
          recipient_type: 'CONTRACT',
          to: TOKEN.address,
          gas: 380_000,
          gas_used: 24_000,
          input: transfer,
          result_data: error,
          result_data_type: 'REVERT_REASON',
        },
      ],
      links: { next: null },
    }),
  );
}

function records() {
  const result = aContractResult({
    contract_id: VAULT.id,
    to: VAULT.address,
    hash: HASH,
    timestamp: TIME,
    result: 'CONTRACT_REVERT_EXECUTED',
    error_message: error,
  });
  return [
    recordFor(
      `/api/v1/transactions/${TX}`,
      aTransactionsBody(
        aTransaction({
          name: 'CONTRACTCALL',
          transaction_id: TX,
          entity_id: VAULT.id,
          result: 'CONTRACT_REVERT_EXECUTED',
          consensus_timestamp: TIME,
        }),
      ),
    ),
    recordFor(`/api/v1/contracts/results/${TX}`, result),
    recordFor(`/api/v1/contracts/results/${TX}/actions?limit=100&order=asc`, actions()),
    recordFor(`/api/v1/contracts/results/${HASH}/actions?limit=100&order=asc`, actions()),
    recordFor('/api/v1/contracts/results?from=0.0.1003', aContractResultsBody([result])),
    recordFor(`/api/v1/contracts/${VAULT.id}/results/${TIME}`, result),
    recordFor(`/api/v1/contracts/${VAULT.id}`, aContract({ contract_id: VAULT.id, runtime_bytecode: VAULT_CODE })),
    recordFor(
      `/api/v1/contracts/${TOKEN.id}`,
      aContract({ contract_id: TOKEN.id, runtime_bytecode: artifact.deployedBytecode }),
    ),
  ];
}

function traceOf(view: DetailView): TraceView | undefined {
  if (view.status !== 'loaded') return undefined;
  return view.sections.find((s: DetailSection) => s.title === 'Call trace')?.trace;
}

describe('Call trace', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;

  before(async () => {
    api = await activateLedgerLens();
    replay = await startMirrorReplay({ port: 0 });
    replay.addRecords(records());
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
    const abi = api.features['abi'] as AbiFeature;
    await abi.ready();
    await waitFor(() => abi.index.workspaceContracts().some(c => c.name === 'MyToken'), 20_000, 'MyToken indexed');
  });

  after(async () => {
    for (const p of (api.features['transactions'] as TransactionsFeature).panels.open) p.dispose();
    await resetSettings('ledgerLens.mirrorNodeUrls');
    await replay.close();
  });

  it('the transaction panel shows the trace inside the Contract group, named and decoded, read once', async () => {
    replay.resetRequests();
    const outcome = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', TX);
    assert.ok(outcome && outcome.kind === 'shown');
    const panel = (api.features['transactions'] as TransactionsFeature).panels.open.find(p =>
      p.view.title.includes('1700000700'),
    );
    assert.ok(panel, 'the panel of the transaction');
    const trace = await waitFor(() => traceOf(panel.view), 20_000, 'the Call trace section with its tree');
    const section =
      panel.view.status === 'loaded' ? panel.view.sections.find(s => s.title === 'Call trace') : undefined;
    assert.strictEqual(section?.group, 'Contract');
    assert.match(section?.within ?? '', /./, 'drawn inside its transaction');
    assert.deepStrictEqual(
      trace.rows.map(r => [r.level, r.caller, r.recipient, r.failed, r.origin, r.open]),
      [
        [0, ACCOUNT.id, VAULT.id, true, false, true],
        [1, VAULT.id, 'MyToken', true, true, true],
      ],
    );
    assert.match(trace.rows[1].call ?? '', /^transfer\(to: 0\.0\.1001, (amount|value): 1,?500\)/);
    assert.match(trace.rows[1].result, /^reverted: InsufficientBalance\(/);
    assert.match(trace.summary, /^2 calls · reverted in 0\.0\.5001.* → MyToken\.transfer: InsufficientBalance/);
    assert.deepStrictEqual(trace.notes, []);
    const asked = replay.requests.filter(r => r.url.includes('/actions'));
    assert.strictEqual(asked.length, 1, asked.map(r => r.url).join(', '));
  });

  it('the transaction hover then says where it reverted, without asking for the actions', async () => {
    replay.resetRequests();
    const { resolver } = api.features['hover'] as HoverFeature;
    const line = `const tx = '${TX}';`;
    const hover = await resolver.hover(line, line.indexOf(TX) + 3, 'typescript');
    assert.ok(hover);
    assert.match(hover.markdown, /Call trace: `reverted in 0\.0\.5001.* → MyToken\.transfer: InsufficientBalance/);
    assert.ok(!replay.requests.some(r => r.url.includes('/actions')));
  });

  it('the contract results panel’s row detail carries the same trace', async () => {
    const panel = (api.features['contracts'] as ContractsFeature).open({ from: '0.0.1003' });
    try {
      const row = await waitFor(() => panel.loadedRows.find(r => r.timestamp === TIME), 20_000, 'the row');
      const posted: ContractResultsToWebview[] = [];
      const sub = panel.onDidPost(m => posted.push(m));
      try {
        await panel.receive({ type: 'detail', key: row.key });
        const loaded = await waitFor(
          () =>
            posted
              .map(m => (m.type === 'detail' && m.detail.status === 'loaded' ? m.detail.trace : undefined))
              .find(t => t?.status === 'loaded'),
          20_000,
          'the row detail with its trace',
        );
        assert.ok(loaded.status === 'loaded');
        assert.deepStrictEqual(
          loaded.view.rows.map(r => [r.recipient, r.origin]),
          [
            [VAULT.id, false],
            ['MyToken', true],
          ],
        );
      } finally {
        sub.dispose();
      }
    } finally {
      panel.dispose();
    }
  });
});
