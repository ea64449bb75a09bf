// What the CodeLens says over a Solidity source, as plain data: over each `contract X` its deployed
// instances (click: the contract in the Contracts view); over each `view`/`pure` function "Call on
// <network>" for each deployment whose ABI has it; over a function with recent failures "N failed
// recently". Made from the outline (solidityOutline.ts) and the view's model; codeLens.ts turns it
// into vscode.CodeLens. Pure: no vscode.
import type { AbiFunction, IndexedItem } from '../../abi';
import { deploymentsNamed, type DeploymentsModel, type KnownDeployment } from './model';
import { matchAbiFunction, type SolidityOutline } from './solidityOutline';

/** Most lenses over one document (a file of a thousand functions gets these, from its top). */
export const MAX_LENSES = 300;
/** Most deployments named over one contract (the rest: "+N more", which opens the next). */
const MAX_INSTANCES = 6;

export interface PlannedLens {
  readonly line: number;
  readonly character: number;
  readonly title: string;
  readonly tooltip: string;
  readonly command: 'ledgerLens.revealDeployment' | 'ledgerLens.callFunction' | 'ledgerLens.showDeploymentHistory';
  readonly args: { readonly key: string; readonly signature?: string };
}

export interface LensPlan {
  readonly lenses: readonly PlannedLens[];
  /** The deployments whose recent failures the lenses would show (to be asked when not known). */
  readonly deployments: readonly KnownDeployment[];
}

/**
 * Whether a deployment's source file is this document: its source name (`contracts/Crowdfund.sol`,
 * relative to the project) ends the document's path; a deployment naming no source is any's.
 */
export function sameSource(d: KnownDeployment, documentPath: string): boolean {
  if (d.sourceName === undefined) return true;
  const path = documentPath.replace(/\\/g, '/');
  const name = d.sourceName.replace(/\\/g, '/');
  return path === name || path.endsWith(`/${name}`);
}

/** `0.0.1006`, else `0x1234…abcd`. */
function shortAddress(d: KnownDeployment): string {
  return d.entityId ?? `${d.evmAddress.slice(0, 6)}…${d.evmAddress.slice(-4)}`;
}

/**
 * The lenses of one document. `failures(key)` gives a deployment's recent failures by selector
 * when known (undefined: not asked yet).
 */
export function planLenses(
  outline: SolidityOutline,
  model: DeploymentsModel,
  documentPath: string,
  failures: (key: string) => ReadonlyMap<string, number> | undefined,
): LensPlan {
  const lenses: PlannedLens[] = [];
  const asked = new Map<string, KnownDeployment>();
  const add = (lens: PlannedLens) => {
    if (lenses.length < MAX_LENSES) lenses.push(lens);
  };
  for (const contract of outline.contracts) {
    if (lenses.length >= MAX_LENSES) break;
    if (contract.kind !== 'contract' && contract.kind !== 'abstract contract') continue;
    const deployed = deploymentsNamed(model, contract.name).filter(d => sameSource(d, documentPath));
    if (deployed.length === 0) continue;
    const at = { line: contract.line, character: contract.character };
    for (const [i, d] of deployed.slice(0, MAX_INSTANCES).entries()) {
      add({
        ...at,
        title: `${i === 0 ? 'Deployed: ' : ''}${d.network} ${shortAddress(d)}`,
        tooltip: `Show ${contract.name} at ${d.entityId ?? d.evmAddress} on ${d.network} in the Contracts view`,
        command: 'ledgerLens.revealDeployment',
        args: { key: d.key },
      });
    }
    if (deployed.length > MAX_INSTANCES) {
      const next = deployed[MAX_INSTANCES];
      add({
        ...at,
        title: `+${deployed.length - MAX_INSTANCES} more`,
        tooltip: `Show ${contract.name} at ${next.entityId ?? next.evmAddress} on ${next.network} in the Contracts view`,
        command: 'ledgerLens.revealDeployment',
        args: { key: next.key },
      });
    }
    const withAbi = deployed.filter(d => d.contract !== undefined);
    for (const d of withAbi) asked.set(d.key, d);
    for (const fn of contract.functions) {
      const matches = withAbi
        .map(d => ({ d, abi: matchAbiFunction<IndexedItem<AbiFunction>>(fn, d.contract?.functions ?? []) }))
        .filter((m): m is { d: KnownDeployment; abi: IndexedItem<AbiFunction> } => m.abi !== undefined);
      const fat = { line: fn.line, character: fn.character };
      if (fn.mutability === 'view' || fn.mutability === 'pure') {
        for (const { d, abi } of matches) {
          const twice = matches.filter(m => m.d.network === d.network).length > 1;
          add({
            ...fat,
            title: `Call on ${d.network}${twice ? ` (${shortAddress(d)})` : ''}`,
            tooltip: `Call ${abi.signature} on ${contract.name} at ${d.entityId ?? d.evmAddress} (${d.network}) through the mirror node: nothing is sent to the network`,
            command: 'ledgerLens.callFunction',
            args: { key: d.key, signature: abi.signature },
          });
        }
      }
      for (const { d, abi } of matches) {
        const n = failures(d.key)?.get(abi.selector) ?? 0;
        if (n === 0) continue;
        const several = new Set(matches.map(m => m.d.network)).size > 1 || matches.length > 1;
        add({
          ...fat,
          title: `${n} failed recently${several ? ` on ${d.network} ${shortAddress(d)}` : ''}`,
          tooltip: `${n} of the latest contract results of ${contract.name} at ${d.entityId ?? d.evmAddress} (${d.network}) calling ${abi.signature} failed: show them in its History`,
          command: 'ledgerLens.showDeploymentHistory',
          args: { key: d.key },
        });
      }
    }
  }
  return { lenses, deployments: [...asked.values()] };
}
