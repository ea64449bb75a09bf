// Launching a debugging session over DAP as VS Code does (initialize, launch, breakpoints,
// configurationDone), for the tests beside session.test.ts: one that succeeds, stopped where the
// session first stops, and one whose launch the adapter answers with an error.
import * as assert from 'assert';
import * as path from 'path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DebugPipeline } from '../../support/debugPipeline';
import { SAMPLE_ROOT } from '../../support/debugPipeline';
import type { EvmScenario } from '../../support/evmTraces';
import { projectRoot } from '../../support/paths';
import { DapClient } from './dapClient';

export const CONTRACTS = path.join(projectRoot(), SAMPLE_ROOT, 'contracts');
export const VAULT_SOL = path.join(CONTRACTS, 'Vault.sol');
export const TOKEN_SOL = path.join(CONTRACTS, 'MyToken.sol');
export const PROXY_SOL = path.join(CONTRACTS, 'VaultProxy.sol');
export const LIBRARY_SOL = path.join(CONTRACTS, 'ProxySetup.sol');

export interface Launched {
  readonly dap: DapClient;
  readonly first: DebugProtocol.StoppedEvent;
  /** The answer to each file's setBreakpoints, in the order given. */
  readonly answers: DebugProtocol.Breakpoint[][];
}

async function started(
  pipeline: DebugPipeline,
  scenario: EvmScenario,
  args: Record<string, unknown>,
  overrides: Parameters<DebugPipeline['adapter']>[1],
): Promise<{ dap: DapClient; launched: Promise<DebugProtocol.Response> }> {
  const dap = new DapClient(pipeline.adapter(scenario, overrides));
  await dap.ok('initialize', {
    adapterID: 'ledger-lens',
    pathFormat: 'path',
    linesStartAt1: true,
    columnsStartAt1: true,
    supportsProgressReporting: true,
  });
  const launched = dap.request('launch', { transaction: scenario.transactionId, ...args }, 60_000);
  return { dap, launched };
}

/** A session launched and configured: stopped on entry (or where `args` say). */
export async function launch(
  pipeline: DebugPipeline,
  scenario: EvmScenario,
  breakpoints: Record<string, number[]> = {},
  args: Record<string, unknown> = {},
  overrides: Parameters<DebugPipeline['adapter']>[1] = {},
): Promise<Launched> {
  // The adapter sends `initialized` once the transaction is loaded: never before the launch is sent.
  const { dap, launched } = await started(pipeline, scenario, args, overrides);
  const initialized = dap.next('initialized', 60_000);
  await initialized;
  const answers: DebugProtocol.Breakpoint[][] = [];
  for (const [file, lines] of Object.entries(breakpoints)) {
    const body = await dap.ok<DebugProtocol.SetBreakpointsResponse['body']>('setBreakpoints', {
      source: { path: file },
      breakpoints: lines.map(line => ({ line })),
    });
    answers.push(body.breakpoints);
  }
  const stopped = dap.next<DebugProtocol.StoppedEvent>('stopped');
  await dap.ok('configurationDone');
  const response = await launched;
  assert.ok(response.success, `launch: ${response.message ?? ''}`);
  return { dap, first: await stopped, answers };
}

/** A launch the adapter refuses: its response, and the session's terminated event. */
export async function failedLaunch(
  pipeline: DebugPipeline,
  scenario: EvmScenario,
  overrides: Parameters<DebugPipeline['adapter']>[1] = {},
): Promise<{ dap: DapClient; response: DebugProtocol.Response }> {
  const { dap, launched } = await started(pipeline, scenario, {}, overrides);
  const terminated = dap.next('terminated', 60_000);
  const response = await launched;
  await terminated;
  return { dap, response };
}

/** The text of a document the session serves by reference (a disassembly, a listing). */
export async function sourceText(dap: DapClient, reference: number): Promise<string> {
  const body = await dap.ok<DebugProtocol.SourceResponse['body']>('source', {
    source: { sourceReference: reference },
    sourceReference: reference,
  });
  return body.content;
}
