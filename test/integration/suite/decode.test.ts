// Decoding in a real extension host: a replayed contract call whose contract's runtime bytecode
// matches a workspace artifact shows the function, arguments, result and events in the transaction
// panel and the hover; editing the artifact (a recompile) changes the answer without a reload.
// The artifact is written by the test into the sample workspace (and removed after), so the
// watcher, the indexer and the index run as they do for a user.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, type Abi } from 'viem';
import type { AbiFeature } from '../../../src/features/abi';
import type { LedgerLensExports } from '../../../src/features/context';
import type { ContractsFeature } from '../../../src/features/contracts';
import type { DecodeFeature } from '../../../src/features/decode';
import type { HoverFeature } from '../../../src/features/hover';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import type { ContractResultsToWebview, DetailSection, DetailView } from '../../../webview/protocol';
import {
  aContract,
  aContractResult,
  aContractResultsBody,
  aToken,
  aTransaction,
  aTransactionsBody,
  recordFor,
} from '../../support/builders';
import { projectRoot } from '../../harness/proc';
import { startMirrorReplay, type MirrorReplay } from '../../support/mirrorReplay';
import { activateLedgerLens, resetSettings, setSetting, waitFor } from '../helpers';

const WORKSPACE = path.join(projectRoot(), 'test', 'workspace');
const MY_TOKEN = path.join(WORKSPACE, 'hardhat-sample', 'artifacts', 'contracts', 'MyToken.sol', 'MyToken.json');
// Beside MyToken's artifact, in a folder that exists from the start, as a recompile writes it.
const PROBE = path.join(path.dirname(MY_TOKEN), 'ProbeToken.json');
const TX = '0.0.1001-1700000500-000000000';
const CONTRACT = '0x00000000000000000000000000000000000013a1';
const ALICE = '0x00000000000000000000000000000000000004d2';

interface Artifact {
  contractName: string;
  sourceName: string;
  abi: Abi;
  deployedBytecode: string;
}

/** MyToken's artifact with one byte of its code changed, so only this artifact matches the contract. */
function probe(rename?: { from: string; to: string }): Artifact {
  const artifact = JSON.parse(fs.readFileSync(MY_TOKEN, 'utf8')) as Artifact;
  const code = artifact.deployedBytecode;
  const at = 40;
  artifact.deployedBytecode = `${code.slice(0, at)}${code[at] === 'a' ? 'b' : 'a'}${code.slice(at + 1)}`;
  artifact.contractName = 'ProbeToken';
  artifact.sourceName = 'contracts/MyToken.sol';
  if (rename)
    artifact.abi = JSON.parse(
      JSON.stringify(artifact.abi).split(`"name":"${rename.from}"`).join(`"name":"${rename.to}"`),
    ) as Abi;
  return artifact;
}

function writeProbe(artifact: Artifact): void {
  fs.writeFileSync(PROBE, JSON.stringify(artifact));
}

function records(artifact: Artifact) {
  const abi = artifact.abi;
  const logs = [
    {
      address: CONTRACT,
      bloom: '0x',
      contract_id: '0.0.5025',
      data: encodeAbiParameters([{ type: 'uint256' }], [1500n]),
      index: 0,
      topics: encodeEventTopics({
        abi,
        eventName: 'Transfer',
        args: { from: '0x00000000000000000000000000000000000003e9', to: ALICE },
      }),
    },
  ];
  return [
    recordFor(
      `/api/v1/transactions/${TX}`,
      aTransactionsBody(
        aTransaction({
          name: 'CONTRACTCALL',
          transaction_id: TX,
          entity_id: '0.0.5025',
          consensus_timestamp: '1700000500.000000001',
        }),
      ),
    ),
    recordFor(
      `/api/v1/contracts/results/${TX}`,
      aContractResult({
        function_parameters: encodeFunctionData({ abi, functionName: 'transfer', args: [ALICE, 1500n] }),
        call_result: `0x${'1'.padStart(64, '0')}`,
        to: CONTRACT,
        logs,
      }),
    ),
    recordFor('/api/v1/contracts/0.0.5025', aContract({ runtime_bytecode: artifact.deployedBytecode })),
    recordFor(`/api/v1/contracts/${CONTRACT}`, aContract({ runtime_bytecode: artifact.deployedBytecode })),
  ];
}

function sectionsOf(view: DetailView): readonly DetailSection[] {
  assert.strictEqual(view.status, 'loaded');
  return (view as { sections: readonly DetailSection[] }).sections;
}

const text = (s: DetailSection | undefined) => JSON.stringify(s ?? null);

describe('Decoding contract calls', () => {
  let api: LedgerLensExports;
  let replay: MirrorReplay;

  before(async () => {
    api = await activateLedgerLens();
    writeProbe(probe());
    replay = await startMirrorReplay({ port: 0 });
    // Testnet's own entry (the network here): a mirrorNodeUrl would take every request, and the status
    // item would then ask this replay for its newest block on its own schedule.
    await setSetting('ledgerLens.mirrorNodeUrls', { testnet: replay.url });
    await waitFor(() => api.services.config.current.mirrorBaseUrl === replay.url, 5000, 'the replay URL in use');
    const abi = api.features['abi'] as AbiFeature;
    await abi.ready();
    await waitFor(
      () => abi.index.workspaceContracts().some(c => c.name === 'ProbeToken'),
      20_000,
      'the probe artifact indexed',
    );
  });

  after(async () => {
    for (const p of (api.features['transactions'] as TransactionsFeature).panels.open) p.dispose();
    fs.rmSync(PROBE, { force: true });
    await resetSettings('ledgerLens.mirrorNodeUrls');
    await replay.close();
  });

  it('indexes the sample workspace: Hardhat and Foundry artifacts, build-info skipped', () => {
    const names = (api.features['abi'] as AbiFeature).index.workspaceContracts().map(c => c.name);
    for (const name of ['MyToken', 'Registry', 'Counter', 'ProbeToken'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  it('the transaction panel shows the function, arguments, result and events; an edit changes them', async () => {
    replay.addRecords(records(probe()));
    const outcome = await vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', TX);
    assert.ok(outcome && outcome.kind === 'shown');
    const panel = (api.features['transactions'] as TransactionsFeature).panels.open[0];
    const call = await waitFor(
      () => sectionsOf(panel.view).find(s => s.title === 'Call' && !text(s).includes('loading')),
      20_000,
      'the Call section',
    );
    assert.match(text(call), /ProbeToken, contracts\/MyToken\.sol/);
    assert.match(text(call), /transfer\(address,uint256\)/);
    assert.match(text(call), /to \(address\): 0\.0\.1234/);
    // 0.0.5025 is no HTS token (its metadata is a 404): the amount in raw units, labelled.
    assert.match(text(call), /amount \(uint256\): 1,500 \(raw units\)/);
    assert.match(text(call), /"Outputs","value":"true"/);
    const events = sectionsOf(panel.view).find(s => s.title === 'Events');
    assert.match(text(events), /Transfer\(from: 0\.0\.1001, to: 0\.0\.1234, value: 1,500 \(raw units\)\)/);

    // A recompile renames the argument: the open panel follows without a reload.
    writeProbe(probe({ from: 'amount', to: 'howMuch' }));
    await waitFor(
      () => text(sectionsOf(panel.view).find(s => s.title === 'Call')).includes('howMuch (uint256): 1,500 (raw units)'),
      20_000,
      'the renamed argument in the panel',
    );
  });

  it('the hover of the transaction id reads the decoded call; of the contract, its artifact', async () => {
    writeProbe(probe());
    replay.addRecords(records(probe()));
    const abi = (api.features['abi'] as AbiFeature).index;
    await waitFor(
      () =>
        abi
          .workspaceContracts()
          .some(c => c.name === 'ProbeToken' && c.functions.some(f => f.item.inputs.some(i => i.name === 'amount'))),
      20_000,
      'the probe re-indexed',
    );
    const { resolver } = api.features['hover'] as HoverFeature;
    const line = `const tx = '${TX}';`;
    const hover = await resolver.hover(line, line.indexOf(TX) + 3, 'typescript');
    assert.ok(hover);
    assert.match(hover.markdown, /Call: `ProbeToken\.transfer\(to: 0\.0\.1234, amount: 1,500 \(raw units\)\) → true`/);

    writeProbe(probe({ from: 'to', to: 'recipient' }));
    await waitFor(
      async () => {
        const again = await resolver.hover(line, line.indexOf(TX) + 3, 'typescript');
        return again?.markdown.includes('ProbeToken.transfer(recipient: 0.0.1234');
      },
      20_000,
      'the hover following the edit',
    );

    const contractLine = `at ${CONTRACT}`;
    const contract = await resolver.hover(contractLine, contractLine.indexOf(CONTRACT) + 5, 'typescript');
    assert.ok(contract);
    assert.match(
      contract.markdown,
      /Artifact: `ProbeToken`, `contracts\/MyToken\.sol` \(\[open source\]\(command:ledgerLens\.openContractSource\?/,
    );
  });

  it('the contract results panel reads a row’s events when its detail opens, in the token’s units', async () => {
    const artifact = probe();
    const ts = '1700000500.000000007';
    const token = '0x000000000000000000000000000000000000138d';
    const tokenLog = {
      address: token,
      bloom: '0x',
      contract_id: '0.0.5005',
      data: encodeAbiParameters([{ type: 'uint256' }], [150000n]),
      index: 1,
      topics: encodeEventTopics({ abi: artifact.abi, eventName: 'Transfer', args: { from: CONTRACT, to: ALICE } }),
    };
    const result = aContractResult({
      timestamp: ts,
      function_parameters: encodeFunctionData({ abi: artifact.abi, functionName: 'transfer', args: [ALICE, 1500n] }),
      call_result: `0x${'1'.padStart(64, '0')}`,
      to: CONTRACT,
      logs: [tokenLog],
    });
    replay.addRecords([
      ...records(artifact),
      recordFor('/api/v1/contracts/results?from=0.0.1002', aContractResultsBody([result])),
      recordFor(`/api/v1/contracts/0.0.5025/results/${ts}`, result),
      recordFor('/api/v1/tokens/0.0.5005', aToken({ token_id: '0.0.5005', decimals: '2', symbol: 'MTK' })),
    ]);
    const panel = (api.features['contracts'] as ContractsFeature).open({ from: '0.0.1002' });
    try {
      const row = await waitFor(() => panel.loadedRows.find(r => r.timestamp === ts), 20_000, 'the row');
      const posted: ContractResultsToWebview[] = [];
      const sub = panel.onDidPost(m => posted.push(m));
      await panel.receive({ type: 'detail', key: row.key });
      sub.dispose();
      assert.deepStrictEqual(
        posted.map(m => (m.type === 'detail' ? m.detail.status : m.type)),
        ['loading', 'loaded'],
      );
      const last = posted[1];
      assert.ok(last.type === 'detail' && last.detail.status === 'loaded');
      assert.match(last.detail.call?.contract ?? '', /^ProbeToken, contracts\/MyToken\.sol/);
      assert.strictEqual(last.detail.events[0].name, 'Transfer');
      assert.strictEqual(last.detail.events[0].summary, 'Transfer(from: 0.0.5025, to: 0.0.1234, value: 1,500.00 MTK)');
    } finally {
      panel.dispose();
    }
  });

  it('the hover reads an ERC-20 call to an HTS token in the token’s decimals and symbol', async () => {
    const tx = '0.0.1001-1700000600-000000000';
    const token = '0x000000000000000000000000000000000000138d';
    const abi = probe().abi;
    replay.addRecords([
      recordFor(
        `/api/v1/transactions/${tx}`,
        aTransactionsBody(
          aTransaction({
            name: 'CONTRACTCALL',
            transaction_id: tx,
            entity_id: '0.0.5005',
            consensus_timestamp: '1700000600.000000001',
          }),
        ),
      ),
      recordFor(
        `/api/v1/contracts/results/${tx}`,
        aContractResult({
          contract_id: '0.0.5005',
          to: token,
          function_parameters: encodeFunctionData({ abi, functionName: 'transfer', args: [ALICE, 150000n] }),
          call_result: `0x${'1'.padStart(64, '0')}`,
        }),
      ),
      recordFor('/api/v1/tokens/0.0.5005', aToken({ token_id: '0.0.5005', decimals: '2', symbol: 'MTK' })),
    ]);
    const { resolver } = api.features['hover'] as HoverFeature;
    const line = `const tx = '${tx}';`;
    const hover = await resolver.hover(line, line.indexOf(tx) + 3, 'typescript');
    assert.ok(hover);
    // The token speaks ERC-20 at its long-zero address: named so, not after a workspace contract.
    assert.match(hover.markdown, /`ERC-20\.transfer\(to: 0\.0\.1234, amount: 1,500\.00 MTK\) → true`/);
  });

  it('Decode calldata decodes pasted calldata into a read-only document, one tab for every run', async () => {
    const data = encodeFunctionData({ abi: probe().abi, functionName: 'approve', args: [ALICE, 7n] });
    assert.match(await (api.features['decode'] as DecodeFeature).decode(data), /approve\(address,uint256\)/);
    const uri = await vscode.commands.executeCommand<vscode.Uri>('ledgerLens.decodeCalldata', data);
    assert.ok(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    assert.match(doc.getText(), /spender \(address\): 0\.0\.1234/);
    assert.strictEqual(doc.uri.scheme, 'ledgerlens-decoded');
    // Decoding again updates that one tab: no second document.
    const again = encodeFunctionData({ abi: probe().abi, functionName: 'approve', args: [ALICE, 8n] });
    const second = await vscode.commands.executeCommand<vscode.Uri>('ledgerLens.decodeCalldata', again);
    assert.strictEqual(second?.toString(), uri.toString());
    await waitFor(() => /\(uint256\): 8\b/.test(doc.getText()), 5000, 'the tab updated');
    const tabs = vscode.window.tabGroups.all
      .flatMap(g => g.tabs)
      .filter(t => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'ledgerlens-decoded');
    assert.strictEqual(tabs.length, 1, 'one Decoded tab');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
