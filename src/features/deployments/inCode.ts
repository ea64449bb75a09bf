// "Find contracts named in code": the 0.0.x ids and EVM addresses the workspace's code and .env
// files name, each asked of the mirror node once (`/contracts/{id}`) and kept when its runtime
// code matches a workspace artifact. Only on demand, never a scan of the network: at most
// MAX_LOOKUPS addresses, on the network the user picks, at background priority, with Cancel.
import * as vscode from 'vscode';
import type { AbiIndex } from '../../abi';
import { codeReferences } from '../../deploy';
import type { FoundDeployment } from '../../deploy/types';
import { MirrorError, type MirrorClient } from '../../mirror';
import { NETWORK_INFO, publicLedgers, type Network } from '../../ledger/networks';
import { errorMessage } from '../../util/errorMessage';
import type { FeatureLog } from '../context';
import { addressForms } from './model';

/** Most files read, and most bytes of one. */
const MAX_FILES = 2_000;
const MAX_FILE_BYTES = 1 << 20;
/** Most distinct addresses asked of the mirror node in one run. */
export const MAX_LOOKUPS = 50;
const CODE_GLOB = '{**/*.{ts,tsx,js,jsx,mjs,cjs,sol,py,go,rs,java,kt,toml,yaml,yml},**/.env,**/.env.*}';
const EXCLUDE =
  '{**/node_modules/**,**/.git/**,**/artifacts/**,**/out/**,**/cache/**,**/build/**,**/dist/**,**/ignition/deployments/**,**/deployments/**,**/broadcast/**}';

export interface InCodeDeps {
  readonly clientFor: (network: Network) => MirrorClient;
  readonly abi: () => AbiIndex;
  readonly log: FeatureLog;
  /** Which network to check (tests answer without the picker). */
  readonly network?: Network;
}

export interface InCodeResult {
  readonly deployments: FoundDeployment[];
  readonly summary: string;
}

export async function findInCode(deps: InCodeDeps): Promise<InCodeResult | undefined> {
  const network = deps.network ?? (await pickNetwork());
  if (network === undefined) return undefined;
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: `Contracts named in code, on ${network}`,
      cancellable: true,
    },
    async (progress, token) => {
      const abort = new AbortController();
      const cancelled = token.onCancellationRequested(() => abort.abort());
      try {
        progress.report({ message: 'reading the code…' });
        const references = await referencesInWorkspace(abort.signal);
        const addresses = [...references.keys()].slice(0, MAX_LOOKUPS);
        const found: FoundDeployment[] = [];
        let asked = 0;
        for (const address of addresses) {
          if (abort.signal.aborted) break;
          progress.report({ message: `${++asked} of ${addresses.length}`, increment: 100 / addresses.length });
          const deployment = await matchAddress(deps, network, address, references.get(address) ?? [], abort.signal);
          if (deployment) found.push(...deployment);
        }
        const more = references.size > MAX_LOOKUPS ? ` (the first ${MAX_LOOKUPS} of ${references.size} asked)` : '';
        const contracts = new Set(found.map(f => f.address)).size;
        const summary = `${contracts} of ${addresses.length} addresses named in code are contracts of this workspace on ${network}${more}.`;
        return { deployments: found, summary };
      } finally {
        cancelled.dispose();
      }
    },
  );
}

async function pickNetwork(): Promise<Network | undefined> {
  const picked = await vscode.window.showQuickPick(
    publicLedgers().map(n => ({ label: n, description: NETWORK_INFO[n].description, network: n })),
    { title: 'Which network do the ids and addresses in your code name?', ignoreFocusOut: true },
  );
  return picked?.network;
}

/** Every address the code names, with where (file and line), first found first. */
async function referencesInWorkspace(signal: AbortSignal): Promise<Map<string, { file: string; line: number }[]>> {
  const uris = await vscode.workspace.findFiles(CODE_GLOB, EXCLUDE, MAX_FILES);
  const found = new Map<string, { file: string; line: number }[]>();
  for (const uri of uris) {
    if (signal.aborted) break;
    const stat = await vscode.workspace.fs.stat(uri).then(
      s => s,
      () => undefined,
    );
    if (!stat || stat.size > MAX_FILE_BYTES) continue;
    const bytes = await vscode.workspace.fs.readFile(uri).then(
      b => b,
      () => undefined,
    );
    if (!bytes) continue;
    const file = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
    for (const ref of codeReferences(file, new TextDecoder().decode(bytes), 200)) {
      const forms = addressForms(ref.address);
      const key = forms.entityId ?? forms.evmAddress;
      if (key === undefined) continue;
      const places = found.get(key) ?? [];
      if (places.length < 10) places.push({ file, line: ref.line });
      found.set(key, places);
    }
  }
  return found;
}

async function matchAddress(
  deps: InCodeDeps,
  network: Network,
  address: string,
  places: readonly { file: string; line: number }[],
  signal: AbortSignal,
): Promise<FoundDeployment[] | undefined> {
  try {
    const info = await deps.clientFor(network).getContract(address, { signal, priority: 'background' });
    const code = typeof info.runtime_bytecode === 'string' ? info.runtime_bytecode : undefined;
    const match = code ? deps.abi().matchContract({ runtimeBytecode: code }) : undefined;
    if (match?.kind !== 'bytecode' || match.contract.origin.kind !== 'artifact') return undefined;
    const origin = match.contract.origin;
    const evm = typeof info.evm_address === 'string' ? info.evm_address : address;
    return places.map(p => ({
      network,
      address: evm,
      label: origin.contractName,
      artifact: {
        contractName: origin.contractName,
        file: origin.file,
        ...(origin.sourceName !== undefined ? { sourceName: origin.sourceName } : {}),
      },
      source: { tool: 'code' as const, file: p.file, line: p.line },
    }));
  } catch (error) {
    if (error instanceof MirrorError && error.status === 404) return undefined;
    if (!signal.aborted) deps.log.warn(`Contracts: ${address} on ${network}: ${errorMessage(error)}`);
    return undefined;
  }
}
