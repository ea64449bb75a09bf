// Stepping checked against an independent reference. The debugger's lines come from the mirror
// node's opcode trace through the source map (decoded by src/source, placed by src/debug); the
// reference's come from what the EVM itself executed (its own pcs, test/support/evmOpcodes
// `executedPcs`), each pc turned into an instruction by walking the compiled code here, and each
// instruction into a source range by solc's `evm.legacyAssembly` (one item per instruction, never
// through a source map), its line counted in the source text here. Step over, through the whole of
// Vault.withdraw and of MyToken.transfer, must visit the same lines in the same order.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startDebugPipeline, SAMPLE_ROOT, type DebugPipeline } from '../../support/debugPipeline';
import { executedPcs } from '../../support/evmOpcodes';
import { sampleLegacyAssembly } from '../../support/evmSample';
import { contractOutput, type LegacyAssemblyItem } from '../../support/solcCompile';
import { projectRoot } from '../../support/paths';
import type { EvmScenario, ScenarioName } from '../../support/evmTraces';
import { DapClient } from './dapClient';

const CONTRACTS = path.join(projectRoot(), SAMPLE_ROOT, 'contracts');
// What is no statement, as the debugger's step rule says: a declaration of a contract or function,
// or of a state variable (the optimizer maps shared dispatcher code to one).
const DECLARATION =
  /^\s*(contract|library|function|modifier|constructor|fallback|receive)\b|^\s*(mapping\s*\(.*\)|[A-Za-z_$][\w$.]*(\[\d*\])*)\s+(public|private|internal|constant|immutable)\b/;

/** Instruction start offsets of hex code, walked here (PUSH1..PUSH32 carry 1..32 bytes). */
function starts(code: string): number[] {
  const hex = code.replace(/^0x/, '');
  const out: number[] = [];
  for (let pc = 0; pc < hex.length / 2;) {
    out.push(pc);
    const op = parseInt(hex.slice(pc * 2, pc * 2 + 2), 16);
    pc += op >= 0x60 && op <= 0x7f ? op - 0x5e : 1;
  }
  return out;
}

/** 1-based line and column of a byte offset in ASCII text. */
function lineAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

interface Visit {
  readonly line: number;
}

/**
 * The reference: the frame's executed instructions from the first one on `startLine`, kept where
 * they are at that function's depth or shallower, in `sourceName`, not on a declaration; a new
 * visit each time the line changes; ends when the function returns (the depth drops below it).
 */
function referenceVisits(scenario: EvmScenario, contract: string, sourceName: string, startLine: number): Visit[] {
  const frame = executedPcs(scenario).find(f => f.contractName === contract && f.code === 'deployed');
  assert.ok(frame, `${scenario.name} runs ${contract}`);
  const output = sampleLegacyAssembly();
  const items: LegacyAssemblyItem[] = (
    contractOutput(output, sourceName, contract).evm?.legacyAssembly?.['.data']?.['0']?.['.code'] ?? []
  ).filter(item => item.name !== 'tag');
  const text = fs.readFileSync(path.join(CONTRACTS, path.basename(sourceName)), 'utf8');
  const sourceId = Object.keys(output.sources ?? {})
    .sort()
    .indexOf(sourceName);
  const index = new Map(starts(frame.bytecode).map((pc, k) => [pc, k]));
  const lines = text.split('\n');
  let depth = 0;
  let startDepth: number | undefined;
  let last = -1;
  const visits: Visit[] = [];
  for (const pc of frame.pcs) {
    const k = index.get(pc);
    const item = k === undefined ? undefined : items[k];
    const here = depth;
    const jump = (item as { jumpType?: string } | undefined)?.jumpType;
    if (item?.name === 'JUMP' && jump === '[in]') depth++;
    if (item?.name === 'JUMP' && jump === '[out]') depth = Math.max(0, depth - 1);
    if (!item || item.source !== sourceId || item.begin < 0) continue;
    const { line, column } = lineAt(text, item.begin);
    if (DECLARATION.test((lines[line - 1] ?? '').slice(column - 1))) continue;
    if (startDepth === undefined) {
      if (line !== startLine) continue;
      startDepth = here;
    }
    if (here < startDepth) break;
    if (here > startDepth) continue;
    if (line !== last) visits.push({ line });
    last = line;
  }
  return visits;
}

describe('debug adapter: step over against solc legacyAssembly and the EVM’s own pcs', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;

  before(async () => {
    pipeline = await startDebugPipeline();
  });
  after(async () => pipeline?.close());

  async function debuggerVisits(
    name: ScenarioName,
    file: string,
    startLine: number,
    frameName: string,
  ): Promise<Visit[]> {
    const scenario = await pipeline.scenario(name);
    const dap = new DapClient(pipeline.adapter(scenario));
    await dap.ok('initialize', {
      adapterID: 'ledger-lens',
      pathFormat: 'path',
      linesStartAt1: true,
      columnsStartAt1: true,
    });
    const initialized = dap.next('initialized', 60_000);
    const launched = dap.request(
      'launch',
      { transaction: scenario.transactionId, stopOnRevert: false, stopOnEntry: false },
      60_000,
    );
    await initialized;
    const source = path.join(CONTRACTS, file);
    await dap.ok('setBreakpoints', { source: { path: source }, breakpoints: [{ line: startLine }] });
    const first = dap.next<DebugProtocol.StoppedEvent>('stopped');
    await dap.ok('configurationDone');
    assert.ok((await launched).success);
    const hit = await first;
    assert.strictEqual(hit.body.reason, 'breakpoint');
    const visits: Visit[] = [];
    for (let guard = 0; guard < 500; guard++) {
      const top = await dap.top();
      if (top.name !== frameName || top.source?.path !== source) break;
      visits.push({ line: top.line });
      const stopped = await dap.step('next');
      if (stopped.body.reason === 'step' && /End of the transaction/.test(stopped.body.text ?? '')) break;
    }
    return visits;
  }

  for (const [scenario, contract, sourceName, file, startLine, frameName] of [
    ['withdraw', 'Vault', 'contracts/Vault.sol', 'Vault.sol', 30, 'Vault.withdraw'],
    ['donate', 'MyToken', 'contracts/MyToken.sol', 'MyToken.sol', 38, 'MyToken.transfer'],
    ['deposit', 'Vault', 'contracts/Vault.sol', 'Vault.sol', 22, 'Vault.deposit'],
  ] as const) {
    it(`${frameName} in ${scenario}: the same lines in the same order`, async () => {
      const reference = referenceVisits(await pipeline.scenario(scenario), contract, sourceName, startLine);
      assert.ok(reference.length >= 2, `the reference steps through ${frameName}: ${JSON.stringify(reference)}`);
      const visited = await debuggerVisits(scenario, file, startLine, frameName);
      assert.deepStrictEqual(
        visited.map(v => v.line),
        reference.map(v => v.line),
      );
    });
  }
});
