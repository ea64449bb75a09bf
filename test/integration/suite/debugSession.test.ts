// The transaction debugger in a real extension host: the `ledger-lens` debug type registered at
// activation, a session started by Debug transaction against the replay mirror (the EVM-made proxy
// withdrawal: call trace, codes, opcode trace gzipped), the workspace's build-info found by the
// sources feature, and the session asked as VS Code asks it (customRequest): three frames named,
// the revert in MyToken.sol; a launch configuration without a transaction refused in words; and the
// exact revert site handed to the trace session for the panels.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { SourcesFeature } from '../../../src/features/sources';
import { debugRecords, sdkForm } from '../../support/evmRecords';
import { evmTraces } from '../../support/evmTraces';
import { projectRoot } from '../../support/paths';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';

const TOKEN_SOL = path.join(projectRoot(), 'test', 'workspace', 'hardhat-sample', 'contracts', 'MyToken.sol');

describe('debug transaction in the extension host', function () {
  this.timeout(180_000);
  const replay = useReplay();
  let stopped: DebugProtocol.StoppedEvent[] = [];
  let output = '';
  let tracker: vscode.Disposable | undefined;

  before(async () => {
    await setSetting('ledgerLens.network', 'testnet');
    tracker = vscode.debug.registerDebugAdapterTrackerFactory('ledger-lens', {
      createDebugAdapterTracker: () => ({
        onDidSendMessage: (message: DebugProtocol.ProtocolMessage) => {
          const event = message as DebugProtocol.Event;
          if (message.type === 'event' && event.event === 'stopped') stopped.push(event as DebugProtocol.StoppedEvent);
          if (message.type === 'event' && event.event === 'output')
            output += (event as DebugProtocol.OutputEvent).body.output;
        },
      }),
    });
  });
  after(async () => {
    tracker?.dispose();
    await vscode.debug.stopDebugging();
    await resetSettings('ledgerLens.network');
  });

  it('stops at the revert three frames deep, in MyToken.sol', async () => {
    const api = await activateLedgerLens();
    const scenario = (await evmTraces()).byName.withdrawViaProxyAboveBalance;
    replay().mirror.addRecords(debugRecords(scenario));
    await (api.features['sources'] as SourcesFeature).index().update([]);
    await (api.features['sources'] as SourcesFeature).ready();
    stopped = [];
    const started = await vscode.commands.executeCommand('ledgerLens.debugTransaction', {
      transaction: sdkForm(scenario.transactionId),
      network: 'testnet',
    });
    assert.strictEqual(started, true, 'the session started');
    await waitFor(() => stopped.length >= 1, 60_000, 'the stop on entry');
    assert.strictEqual(stopped[0].body.reason, 'entry');
    const session = vscode.debug.activeDebugSession;
    assert.ok(session && session.type === 'ledger-lens', 'a ledger-lens session is active');
    await session.customRequest('continue', { threadId: 1 });
    await waitFor(() => stopped.length >= 2, 30_000, 'the stop at the revert');
    assert.strictEqual(stopped[1].body.reason, 'exception');
    const trace = (await session.customRequest('stackTrace', {
      threadId: 1,
    })) as DebugProtocol.StackTraceResponse['body'];
    assert.deepStrictEqual(
      trace.stackFrames.map(f => f.name),
      ['MyToken.transfer', 'Vault.withdraw', 'VaultProxy.fallback'],
    );
    // In a remote window (code-server) VS Code hands the client a URI of the same file.
    const shown = trace.stackFrames[0].source?.path ?? '';
    assert.strictEqual(shown.startsWith('vscode-remote:') ? vscode.Uri.parse(shown).path : shown, TOKEN_SOL, output);
    assert.strictEqual(trace.stackFrames[0].line, 84);
    const exact = api.services.trace.exactSites.get('testnet', scenario.transactionId, 2);
    assert.strictEqual(exact?.line, 84, 'the exact site is handed to the trace session');
    const ended = new Promise<void>(resolve => {
      const sub = vscode.debug.onDidTerminateDebugSession(s => {
        if (s.id === session.id) {
          sub.dispose();
          resolve();
        }
      });
    });
    await vscode.debug.stopDebugging(session);
    await ended;
  });

  it('refuses a launch configuration whose transaction is not one, in words', async () => {
    const failures: string[] = [];
    const sub = vscode.debug.registerDebugAdapterTrackerFactory('ledger-lens', {
      createDebugAdapterTracker: () => ({
        onDidSendMessage: (message: DebugProtocol.ProtocolMessage) => {
          const response = message as DebugProtocol.Response;
          if (message.type === 'response' && response.command === 'launch' && !response.success)
            failures.push(response.message ?? JSON.stringify(response.body));
        },
      }),
    });
    try {
      // VS Code rejects the start with the adapter's message (and shows it), or resolves false.
      const outcome = await Promise.resolve(
        vscode.debug.startDebugging(undefined, {
          type: 'ledger-lens',
          request: 'launch',
          name: 'bad',
          transaction: 'not-a-transaction',
          network: 'testnet',
        }),
      ).then(
        started => ({ started, message: '' }),
        (e: unknown) => ({ started: false, message: e instanceof Error ? e.message : String(e) }),
      );
      assert.strictEqual(outcome.started, false, 'no session started');
      await waitFor(() => failures.length > 0 || outcome.message !== '', 30_000, 'the launch refused');
      const words = failures[0] ?? outcome.message;
      assert.ok(/transaction id|Invalid/i.test(words), `refused in words: ${words}`);
      assert.notStrictEqual(vscode.debug.activeDebugSession?.name, 'bad', 'the refused session is not running');
    } finally {
      sub.dispose();
      await vscode.debug.stopDebugging();
    }
  });
});
