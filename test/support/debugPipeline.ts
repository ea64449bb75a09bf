// The transaction debugger end to end without VS Code: the sample's EVM-made records (call trace,
// contract codes, opcode trace) served by the test mirror over loopback (the opcode trace gzipped,
// 406 without it, as the web3 module answers), read by the real HTTP layer, mirror client, trace
// store and contract codes; the sample's build-info indexed by the real compiler-output index; the
// workspace's sources read from disk; and the debug adapter driven by DAP messages.
import * as fs from 'fs';
import * as path from 'path';
import { AbiIndex } from '../../src/abi/abiIndex';
import { parseArtifact } from '../../src/abi/artifacts';
import { LedgerLensDebugSession, type LedgerLensDebugHost } from '../../src/debug/adapter/session';
import { OpcodesAvailability } from '../../src/debug/load/availability';
import { loadDebugModel, reloadWithMemory, type DebugLoadDeps } from '../../src/debug/load/loadSession';
import { createMirrorClient, type MirrorClient } from '../../src/mirror';
import { HttpClient } from '../../src/net/http';
import { SourceIndex } from '../../src/source/sourceIndex';
import { ContractCodes } from '../../src/trace/names';
import { ExactSites } from '../../src/trace/marks';
import { TraceSession, type SourceFileAnswer, type WorkspaceSourceFiles } from '../../src/trace/session';
import { TraceStore } from '../../src/trace/store';
import { evmTraces, type EvmScenario, type ScenarioName } from './evmTraces';
import { debugRecords } from './evmRecords';
import { startMirrorReplay, type ExtraRecord, type MirrorReplay } from './mirrorReplay';
import { projectRoot } from './paths';

export const SAMPLE_ROOT = path.join('test', 'workspace', 'hardhat-sample');

/** Every artifact of the sample (not the .dbg files): the ABIs the decoder and the frames' names use. */
export function sampleAbiIndex(root = projectRoot()): AbiIndex {
  const index = new AbiIndex();
  const dir = path.join(root, SAMPLE_ROOT, 'artifacts', 'contracts');
  for (const folder of fs.readdirSync(dir)) {
    for (const file of fs.readdirSync(path.join(dir, folder))) {
      if (!file.endsWith('.json') || file.endsWith('.dbg.json')) continue;
      const relative = `artifacts/contracts/${folder}/${file}`;
      const outcome = parseArtifact(relative, fs.readFileSync(path.join(dir, folder, file), 'utf8'));
      if (outcome.kind === 'indexed') index.setFile(relative, outcome.contracts);
    }
  }
  return index;
}

/** The sample's sources as the editor would give them: the file on disk, its text, drift when it differs. */
export function diskSources(index: SourceIndex, root = projectRoot()): WorkspaceSourceFiles {
  return {
    ready: () => Promise.resolve(),
    async file(ref, sourceName): Promise<SourceFileAnswer | undefined> {
      const file = path.join(root, SAMPLE_ROOT, sourceName);
      const compiled = await index.compiledText(ref, sourceName);
      if (!fs.existsSync(file))
        return compiled === undefined ? undefined : { text: compiled, drift: `${sourceName} is not in the workspace` };
      const text = fs.readFileSync(file, 'utf8');
      if (compiled !== undefined && compiled !== text)
        return { text: compiled, drift: `${sourceName} changed since it was compiled` };
      return { path: file, text };
    },
  };
}

export interface DebugPipeline {
  readonly replay: MirrorReplay;
  readonly client: MirrorClient;
  readonly http: HttpClient;
  readonly sources: SourceIndex;
  readonly abi: AbiIndex;
  readonly exact: ExactSites;
  readonly availability: OpcodesAvailability;
  /** A new adapter for `scenario` (its records are served). */
  adapter(scenario: EvmScenario, overrides?: Partial<DebugLoadDeps>): LedgerLensDebugSession;
  scenario(name: ScenarioName): Promise<EvmScenario>;
  /** Serves these records too (a 501 for the opcode trace, …). */
  add(records: readonly ExtraRecord[]): void;
  close(): Promise<void>;
}

export async function startDebugPipeline(root = projectRoot()): Promise<DebugPipeline> {
  const traces = await evmTraces();
  const replay = await startMirrorReplay({ extraRecords: traces.scenarios.flatMap(s => debugRecords(s)) });
  const http = new HttpClient();
  const client = createMirrorClient({ baseUrl: replay.url, http, maxRequestsPerSecond: 1000, retries: 0 });
  const sources = new SourceIndex({ read: file => fs.promises.readFile(path.join(root, SAMPLE_ROOT, file)) });
  const buildInfoDir = path.join(root, SAMPLE_ROOT, 'artifacts', 'build-info');
  const files = fs.readdirSync(buildInfoDir).filter(f => f.endsWith('.json'));
  await sources.update(files.map(f => ({ file: `artifacts/build-info/${f}`, projectRoot: '' })));
  const abi = sampleAbiIndex(root);
  const exact = new ExactSites();
  const availability = new OpcodesAvailability(Date.now, 0);
  const workspace = diskSources(sources, root);
  // Through the trace session, as the extension reaches the index and the files (its forwarding too).
  const session = new TraceSession({
    contractSource: () => ({ endpoint: client.baseUrl, source: client }),
    sources: () => sources,
    files: () => workspace,
  });
  return {
    replay,
    client,
    http,
    sources,
    abi,
    exact,
    availability,
    adapter(scenario, overrides = {}) {
      const store = new TraceStore();
      const codes = new ContractCodes(client);
      const deps: DebugLoadDeps = {
        http,
        mirror: {
          baseUrl: client.baseUrl,
          getContractResult: (id, _p, opts) => client.getContractResult(id, undefined, opts),
        },
        store,
        traceDeps: { client, abi, codes },
        codes,
        sources: session.sources,
        files: session.files,
        abi,
        maxTraceBytes: 256 * 1024 * 1024,
        availability,
        exactSite: (site, index) => exact.set('testnet', scenario.transactionId, index, site),
        ...overrides,
      };
      const host: LedgerLensDebugHost = {
        load: (args, report, signal) =>
          loadDebugModel(
            {
              idOrHash: scenario.transactionId,
              label: args.transaction,
              network: 'testnet',
              stopOnRevert: args.stopOnRevert,
            },
            deps,
            report,
            signal,
          ),
        loadMemory: (model, report, signal) => reloadWithMemory(model, report, signal),
      };
      return new LedgerLensDebugSession(host);
    },
    scenario: async name => (await evmTraces()).byName[name],
    add: records => void replay.addRecords(records),
    async close() {
      sources.dispose();
      http.close();
      await replay.close();
    },
  };
}
