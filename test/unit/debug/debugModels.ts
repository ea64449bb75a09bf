// Loads a debugging session's model straight from the test mirror, as the adapter's host does in
// test/support/debugPipeline.ts, without the Debug Adapter Protocol in between: for the tests that
// look at the model itself (the program's placement of each entry, the stepper's costs) and for
// the bench. Same dependencies as the pipeline's adapter; the Debug Console's lines are kept.
import { loadDebugModel, type DebugLoadDeps } from '../../../src/debug/load/loadSession';
import type { DebugModel } from '../../../src/debug/model/model';
import { ContractCodes } from '../../../src/trace/names';
import { TraceStore } from '../../../src/trace/store';
import type { DebugPipeline } from '../../support/debugPipeline';
import { diskSources } from '../../support/debugPipeline';
import type { EvmScenario } from '../../support/evmTraces';

export interface LoadedModel {
  readonly model: DebugModel;
  /** What the session wrote to the Debug Console, one line each. */
  readonly console: string[];
}

/** The dependencies the pipeline's adapter loads `scenario` with. */
export function pipelineDeps(
  pipeline: DebugPipeline,
  scenario: EvmScenario,
  overrides: Partial<DebugLoadDeps> = {},
): DebugLoadDeps {
  const store = new TraceStore();
  const codes = new ContractCodes(pipeline.client);
  return {
    http: pipeline.http,
    mirror: {
      baseUrl: pipeline.client.baseUrl,
      getContractResult: (id, _p, opts) => pipeline.client.getContractResult(id, undefined, opts),
    },
    store,
    traceDeps: { client: pipeline.client, abi: pipeline.abi, codes },
    codes,
    sources: pipeline.sources,
    files: diskSources(pipeline.sources),
    abi: pipeline.abi,
    maxTraceBytes: 256 * 1024 * 1024,
    availability: pipeline.availability,
    exactSite: (site, index) => pipeline.exact.set('testnet', scenario.transactionId, index, site),
    ...overrides,
  };
}

/** The model of `scenario` (stop on revert), loaded as the adapter's host loads it. */
export async function loadModel(
  pipeline: DebugPipeline,
  scenario: EvmScenario,
  overrides: Partial<DebugLoadDeps> = {},
): Promise<LoadedModel> {
  const lines: string[] = [];
  const model = await loadDebugModel(
    { idOrHash: scenario.transactionId, label: scenario.transactionId, network: 'testnet', stopOnRevert: true },
    pipelineDeps(pipeline, scenario, overrides),
    { output: text => lines.push(text), progress: () => undefined },
    new AbortController().signal,
  );
  return { model, console: lines };
}
