// The call trace on the real mirror node (set "traces"): the server's own /actions spec data, and a
// withdrawal of the sample workspace's Vault that reverts inside MyToken, recorded from a real EVM
// (test/real-mirror/own/traces.ts). The transaction panel reads /actions as the server pages it and
// draws the tree: the spec's four actions in their order and depths; Vault → MyToken by the names of
// the workspace's artifacts, the failed frame with its custom error decoded.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { AbiFeature } from '../../../src/features/abi';
import type { TransactionsFeature } from '../../../src/features/transactions';
import type { LookupOutcome } from '../../../src/features/transactions/lookup';
import type { DetailSection } from '../../../webview/protocol';
import type { TraceView } from '../../../webview/protocol/trace';
import { waitFor } from '../../integration/helpers';
import { fetchReal, useRealSet } from '../helpers';
import { SPEC_TRACE } from '../own/traces';

const lookup = (arg: unknown) => vscode.commands.executeCommand<LookupOutcome>('ledgerLens.lookupTransaction', arg);

interface ServerAction {
  call_depth: number;
  call_operation_type: string;
  index: number;
  recipient: string | null;
  result_data_type: string;
}

describe('real mirror node: call trace', () => {
  const real = useRealSet('traces');
  const feature = (): TransactionsFeature => {
    const f = real().api.features['transactions'] as TransactionsFeature | undefined;
    assert.ok(f, 'exports.features.transactions');
    return f;
  };
  afterEach(() => {
    for (const p of feature().panels.open) p.dispose();
  });

  /** Looks the transaction up and waits for its "Call trace" section to hold the tree. */
  async function traceOf(transactionId: string): Promise<TraceView> {
    const outcome = await lookup(transactionId);
    assert.ok(outcome && outcome.kind === 'shown', JSON.stringify(outcome));
    const panel = feature().panels.open.at(-1);
    assert.ok(panel, 'a transaction panel');
    const section = (): DetailSection | undefined =>
      panel.view.status === 'loaded' ? panel.view.sections.find(s => s.title === 'Call trace') : undefined;
    const found = await waitFor(() => section()?.trace, 30_000, 'the Call trace section drawn');
    return found;
  }

  it("the spec's transaction: its actions in the server's order and depths, names as the server gave them", async () => {
    const own = JSON.parse(
      (await fetchReal(real().url, `/api/v1/contracts/results/${SPEC_TRACE.transactionId}/actions`)).text,
    ) as { actions: ServerAction[] };
    assert.strictEqual(own.actions.length, SPEC_TRACE.actions);
    const trace = await traceOf(SPEC_TRACE.transactionId);
    assert.strictEqual(trace.rows.length, own.actions.length, JSON.stringify(trace.rows));
    // The spec's depths start at 1: the first is the root, the others its children.
    assert.deepStrictEqual(
      trace.rows.map(r => r.level),
      own.actions.map(a => a.call_depth - own.actions[0].call_depth),
    );
    trace.rows.forEach((row, i) => {
      assert.ok(row.operation.includes(own.actions[i].call_operation_type), `${row.operation} of action ${i}`);
      const recipient = own.actions[i].recipient;
      if (recipient)
        assert.ok(row.recipient.includes(recipient) || row.recipientDetail?.includes(recipient), row.recipient);
      assert.strictEqual(row.failed, own.actions[i].result_data_type !== 'OUTPUT');
    });
    assert.ok(trace.text.split('\n').length >= own.actions.length, trace.text);
  });

  it('a withdrawal that reverts in MyToken: Vault → MyToken by name, the custom error on the failed frame', async () => {
    const abi = real().api.features['abi'] as AbiFeature | undefined;
    assert.ok(abi, 'exports.features.abi');
    await abi.ready();
    await waitFor(
      () => ['MyToken', 'Vault'].every(n => abi.index.workspaceContracts().some(k => k.name === n)),
      20_000,
      'MyToken and Vault indexed',
    );
    const trace = await traceOf('0.0.1001@1700000160.000000000');
    const failing = trace.rows.filter(r => r.failed);
    assert.ok(failing.length >= 2, JSON.stringify(trace.rows));
    const origin = trace.rows.find(r => r.origin);
    assert.ok(origin, 'a frame where the failure started');
    assert.strictEqual(origin.recipient, 'MyToken');
    assert.strictEqual(origin.caller, 'Vault');
    assert.ok(origin.result.includes('InsufficientBalance('), origin.result);
    assert.ok(origin.open, 'the failure is opened by default');
    assert.ok(trace.summary.includes('Vault.withdraw → MyToken.transfer'), trace.summary);
    assert.strictEqual(trace.rows[0].recipient, 'Vault');
  });
});
