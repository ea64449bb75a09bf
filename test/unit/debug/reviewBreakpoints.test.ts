// Breakpoints in a file that two compiler outputs compiled, over DAP on an EVM-made trace: a
// workspace often has several (Hardhat writes a build-info per compile job, Foundry one per run),
// and two contracts built apart share their imports (a base contract, a library file). Each output
// is its own set of source documents for the same file on disk; a breakpoint set in that file must
// stop in the code of both. The trace is depositViaProxy with its call into Vault made twice
// (derivedTraces.repeatedCall): the workspace's index answers the second Vault frame's code with
// the same contract as read from a second build-info file (a copy of the first).
import * as assert from 'assert';
import type { CodeDebugInfo } from '../../../src/source/debugTypes';
import type { SourceIndex } from '../../../src/source/sourceIndex';
import type { CompiledContractRef } from '../../../src/source/types';
import { diskSources, startDebugPipeline, type DebugPipeline } from '../../support/debugPipeline';
import { launch, VAULT_SOL } from './dapLaunch';
import { derive, repeatedCall } from './derivedTraces';

const REQUIRE_LINE = 22; // require(amount > 0, "Vault: nothing to deposit");
const SECOND_OUTPUT = 'artifacts/build-info/second-compile.json';

/** The pipeline's index, but each Vault frame after the first is matched to Vault of a second output. */
function twoOutputs(index: SourceIndex): SourceIndex {
  const copies = new Map<string, CompiledContractRef>();
  const originals = new Map<string, CompiledContractRef>();
  let vaults = 0;
  const copyOf = (ref: CompiledContractRef): CompiledContractRef => {
    let copy = copies.get(ref.key);
    if (!copy) {
      copy = {
        ...ref,
        key: `${SECOND_OUTPUT}#${ref.sourceName}:${ref.contractName}`,
        origin: { ...ref.origin, file: SECOND_OUTPUT },
      };
      copies.set(ref.key, copy);
      originals.set(copy.key, ref);
    }
    return copy;
  };
  const original = (ref: CompiledContractRef): CompiledContractRef => originals.get(ref.key) ?? ref;
  return Object.assign(Object.create(index) as SourceIndex, {
    findByCode(code: string): CompiledContractRef | undefined {
      const ref = index.findByCode(code);
      if (ref?.contractName !== 'Vault') return ref;
      vaults++;
      return vaults === 1 ? ref : copyOf(ref);
    },
    async debugInfo(ref: CompiledContractRef, kind: 'deployed' | 'creation'): Promise<CodeDebugInfo | undefined> {
      const info = await index.debugInfo(original(ref), kind);
      return info && { ...info, ref };
    },
    compiledText: (ref: CompiledContractRef, sourceName: string) => index.compiledText(original(ref), sourceName),
  });
}

describe('debug adapter review: a breakpoint in a file two compiler outputs compiled', function () {
  this.timeout(120_000);
  let pipeline: DebugPipeline;

  before(async () => {
    pipeline = await startDebugPipeline();
  });
  after(async () => pipeline?.close());

  it('stops in the code of both outputs, at the same line', async () => {
    const deposit = await pipeline.scenario('depositViaProxy');
    const derived = derive(deposit, repeatedCall(deposit, 2));
    pipeline.add(derived.records);
    const sources = twoOutputs(pipeline.sources);
    const { dap, answers } = await launch(
      pipeline,
      derived.scenario,
      { [VAULT_SOL]: [REQUIRE_LINE] },
      {},
      { sources, files: diskSources(sources) },
    );
    assert.match(dap.console(), new RegExp(`Vault · DELEGATECALL · contracts/Vault.sol \\(${SECOND_OUTPUT}\\)`));
    assert.deepStrictEqual(
      answers[0].map(b => [b.verified, b.line]),
      [[true, REQUIRE_LINE]],
    );
    const hits: string[] = [];
    for (let i = 0; i < 2; i++) {
      const stop = await dap.step('continue');
      const top = await dap.top();
      hits.push(`${stop.body.reason} ${top.name} ${top.line}`);
    }
    assert.deepStrictEqual(hits, [
      `breakpoint Vault.deposit ${REQUIRE_LINE}`,
      `breakpoint Vault.deposit ${REQUIRE_LINE}`,
    ]);
    const last = await dap.step('continue');
    assert.match(last.body.text ?? '', /End of the transaction/);
    // Cleared in the file: neither output's code stops there any more.
    await dap.ok('setBreakpoints', { source: { path: VAULT_SOL }, breakpoints: [] });
    await dap.step('reverseContinue');
    const end = await dap.step('continue');
    assert.match(end.body.text ?? '', /End of the transaction/);
  });
});
