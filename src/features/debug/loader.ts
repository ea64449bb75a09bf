// The debug adapter's host in VS Code: a session's transaction and network read from its launch
// arguments, then loaded through the shared clients, the call trace session (its traces, contract
// codes, compiler-output index and workspace files) and the ABIs.
import { isNetwork } from '../../ledger';
import type { DebugReport, LedgerLensDebugHost } from '../../debug/adapter/session';
import type { LaunchArguments } from '../../debug/adapter/launchArguments';
import { OpcodesAvailability } from '../../debug/load/availability';
import { loadDebugModel, reloadWithMemory, type DebugLoadDeps } from '../../debug/load/loadSession';
import type { ReplaySource } from '../../debug/load/replayStep';
import { replayTransaction } from '../../debug/replay/host/replaySource';
import type { MirrorClient } from '../../mirror/client';
import type { DebugModel } from '../../debug/model/model';
import type { DebugInputs } from './index';
import { parseDebugTransaction } from './start';

const MIB = 1024 * 1024;

export class DebugLoader implements LedgerLensDebugHost {
  private readonly availability = new OpcodesAvailability();

  constructor(private readonly inputs: DebugInputs) {}

  async load(args: LaunchArguments, report: DebugReport, signal: AbortSignal): Promise<DebugModel> {
    const parsed = parseDebugTransaction(args.transaction);
    if (typeof parsed === 'string') throw new Error(parsed);
    let network: string;
    if (args.network !== undefined) {
      if (!isNetwork(args.network)) throw new Error(`"${args.network}" is not a network Ledger Lens knows`);
      network = args.network;
    } else {
      const chosen = await this.inputs.chooseNetwork();
      network = chosen.network;
      report.output(`Network: ${chosen.why}`);
    }
    if (!isNetwork(network)) throw new Error(`"${network}" is not a network Ledger Lens knows`);
    const client = this.inputs.clientFor(network);
    const session = this.inputs.trace();
    const abi = this.inputs.abi();
    const codes = session.codes(network);
    const deps: DebugLoadDeps = {
      http: this.inputs.http(),
      mirror: {
        baseUrl: client.baseUrl,
        getContractResult: (id, _params, opts) => client.getContractResult(id, undefined, opts),
      },
      store: session.store,
      traceDeps: { client, abi, codes },
      codes,
      sources: session.sources,
      files: session.files,
      abi,
      maxTraceBytes: this.inputs.settings.current.maxTraceMb * MIB,
      availability: this.availability,
      exactSite: (site, actionIndex) => session.exactSites.set(network, parsed.idOrHash, actionIndex, site),
      ...(this.inputs.settings.current.localReplay ? { replay: this.replaySource(client) } : {}),
    };
    return loadDebugModel({ ...parsed, network, stopOnRevert: args.stopOnRevert }, deps, report, signal);
  }

  /** Local replays through `client` (the network's mirror node), in the replay's worker thread. */
  private replaySource(client: MirrorClient): ReplaySource {
    return request =>
      replayTransaction(
        request.idOrHash,
        {
          mirror: client,
          actions: request.actions,
          network: request.network,
          workerScript: this.inputs.replayWorker,
          // Said in the log: a replay in the host's thread still works, in turns, only slower.
          onThread: (where, problem) => {
            if (where === 'host' && problem)
              this.inputs.log.warn(`Local replay ran in the editor's thread: ${problem}`);
          },
        },
        { memory: request.memory, signal: request.signal, onProgress: request.onProgress },
      );
  }

  loadMemory(model: DebugModel, report: DebugReport, signal: AbortSignal): Promise<string> {
    return reloadWithMemory(model, report, signal);
  }
}
