// A contract call hovered in a file whose code means another network than the settings' (here a
// Client.forMainnet() file while the settings say testnet) is decoded with the workspace's ABIs
// like one on the settings' network: the ABIs belong to the code, not to a network.
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { encodeFunctionData, type Abi } from 'viem';
import type { AbiFeature } from '../../../src/features/abi';
import { aContract, aContractResult, aTransaction, aTransactionsBody, recordFor } from '../../support/builders';
import { sampleArtifact } from '../../support/paths';
import { activateLedgerLens, hoverText, usePublicReplay, useReplay, waitFor } from '../helpers';

const MY_TOKEN = sampleArtifact('MyToken.sol', 'MyToken');
const TX = '0.0.1001-1700000600-000000000';
const CONTRACT = '0x00000000000000000000000000000000000013a2';
const ALICE = '0x00000000000000000000000000000000000004d2';

describe('network from the code: decoding on the inferred network', () => {
  const replay = useReplay(); // the settings' network (testnet under auto)
  const mainnet = usePublicReplay();

  before(async () => {
    const api = await activateLedgerLens();
    const abi = api.features['abi'] as AbiFeature;
    await abi.ready();
    await waitFor(() => abi.index.workspaceContracts().some(c => c.name === 'MyToken'), 20_000, 'MyToken indexed');
  });

  it('a contract call hovered in a forMainnet() file reads the decoded call from the mainnet mirror node', async () => {
    const artifact = JSON.parse(fs.readFileSync(MY_TOKEN, 'utf8')) as { abi: Abi; deployedBytecode: string };
    mainnet().addRecords([
      recordFor(
        `/api/v1/transactions/${TX}`,
        aTransactionsBody(
          aTransaction({
            name: 'CONTRACTCALL',
            transaction_id: TX,
            entity_id: '0.0.5026',
            consensus_timestamp: '1700000600.000000001',
          }),
        ),
      ),
      recordFor(
        `/api/v1/contracts/results/${TX}`,
        aContractResult({
          function_parameters: encodeFunctionData({
            abi: artifact.abi,
            functionName: 'transfer',
            args: [ALICE, 1500n],
          }),
          call_result: `0x${'1'.padStart(64, '0')}`,
          to: CONTRACT,
        }),
      ),
      recordFor('/api/v1/contracts/0.0.5026', aContract({ runtime_bytecode: artifact.deployedBytecode })),
      recordFor(`/api/v1/contracts/${CONTRACT}`, aContract({ runtime_bytecode: artifact.deployedBytecode })),
    ]);
    replay().mirror.resetRequests();
    const doc = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content: `const client = Client.forMainnet();\nconst tx = '${TX}';\n`,
    });
    const md = await waitFor(
      async () => {
        const text = await hoverText(doc, TX);
        return /MyToken\.transfer\(/.test(text) ? text : undefined;
      },
      20_000,
      'the decoded call in the mainnet hover',
    );
    assert.match(md, /MyToken\.transfer\(to: 0\.0\.1234, amount: 1,500 \(raw units\)\)/);
    assert.match(md, /mainnet · from Client\.forMainnet\(\) at line 1/);
    assert.ok(
      !replay().mirror.requests.some(r => r.url.includes(TX)),
      'the settings network was not asked for the transaction',
    );
  });
});
