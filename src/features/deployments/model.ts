// The Contracts view's model: the deployments the workspace records, one per network and address
// (a contract named by Ignition and again in a .env is one row with two places it was found),
// each paired with the workspace's ABI for the contract the record names. Pure: no vscode.
import type { IndexedContract } from '../../abi';
import type { DeploymentProblem, DeploymentSource, FoundDeployment } from '../../deploy/types';
import {
  entityIdToLongZero,
  longZeroToEntityId,
  normalizeEvmAddress,
  parseEntityId,
  formatEntityId,
} from '../../ledger';
import { NETWORKS, type Network } from '../../ledger/networks';

/** One deployed contract, as the view lists it. */
export interface KnownDeployment {
  /** `<network>/<address as recorded>`: stable across refreshes (the view keeps its place). */
  readonly key: string;
  readonly network: Network;
  /** `0.0.n` when known from the record (or a long-zero address), else undefined until the mirror node says. */
  readonly entityId?: string;
  /** `0x` + 40 hex, lower case: the address calls go `to`. */
  readonly evmAddress: string;
  /** The contract's name: the artifact's, else the record's label. */
  readonly name: string;
  /** The record's own label (Ignition's future id, a file name), when it differs from the name. */
  readonly label: string;
  /** Every record that names it, first found first. */
  readonly sources: readonly DeploymentSource[];
  /** The workspace ABI for it, when an artifact matches the record's contract name. */
  readonly contract?: IndexedContract;
  /** The source file the artifact or record names (`contracts/Crowdfund.sol`). */
  readonly sourceName?: string;
  readonly transactionHash?: string;
  readonly deployedAt?: number;
}

export interface DeploymentsModel {
  readonly deployments: readonly KnownDeployment[];
  readonly problems: readonly DeploymentProblem[];
}

export const EMPTY_MODEL: DeploymentsModel = { deployments: [], problems: [] };

/** The address's two forms, when it has them: a long-zero address is an entity id too. */
export function addressForms(address: string): { entityId?: string; evmAddress?: string } {
  const evm = normalizeEvmAddress(address);
  if (evm !== undefined) {
    const id = longZeroToEntityId(evm);
    return id ? { entityId: formatEntityId(id), evmAddress: evm } : { evmAddress: evm };
  }
  const id = parseEntityId(address);
  return id ? { entityId: formatEntityId(id), evmAddress: entityIdToLongZero(id) } : {};
}

/** Where to find a contract's ABI by name: the workspace's artifacts, by contract name (then source). */
export function contractsByName(contracts: readonly IndexedContract[]): ReadonlyMap<string, IndexedContract[]> {
  const byName = new Map<string, IndexedContract[]>();
  for (const c of contracts) {
    if (c.origin.kind !== 'artifact') continue;
    const list = byName.get(c.origin.contractName) ?? [];
    list.push(c);
    byName.set(c.origin.contractName, list);
  }
  return byName;
}

function artifactFor(
  found: FoundDeployment,
  byName: ReadonlyMap<string, IndexedContract[]>,
): IndexedContract | undefined {
  const name = found.artifact?.contractName ?? labelName(found.label);
  const candidates = byName.get(name) ?? [];
  const sourceName = found.artifact?.sourceName;
  const file = found.artifact?.file;
  const score = (c: IndexedContract): number => {
    if (c.origin.kind !== 'artifact') return 0;
    return (
      (file !== undefined && c.origin.file === file ? 4 : 0) +
      (c.origin.sourceName === sourceName ? 2 : 0) +
      (c.code ? 1 : 0)
    );
  };
  return [...candidates].sort((a, b) => score(b) - score(a))[0];
}

/** `CrowdfundModule#Crowdfund` → `Crowdfund`; a file's base name as it is. */
export function labelName(label: string): string {
  const hash = label.lastIndexOf('#');
  return hash >= 0 ? label.slice(hash + 1) : label;
}

/**
 * The view's rows: one per network and address, the records that name it merged in the order
 * found, paired with the workspace's ABI; networks in the table's order, then names.
 */
export function buildModel(
  found: readonly FoundDeployment[],
  problems: readonly DeploymentProblem[],
  contracts: readonly IndexedContract[],
): DeploymentsModel {
  const byName = contractsByName(contracts);
  const rows = new Map<
    string,
    {
      first: FoundDeployment;
      sources: DeploymentSource[];
      contract?: IndexedContract;
      forms: ReturnType<typeof addressForms>;
    }
  >();
  for (const d of found) {
    const forms = addressForms(d.address);
    const identity = forms.evmAddress ?? d.address.toLowerCase();
    const key = `${d.network}/${identity}`;
    const row = rows.get(key);
    const contract = artifactFor(d, byName);
    if (row) {
      if (!row.sources.some(s => s.file === d.source.file && s.line === d.source.line)) row.sources.push(d.source);
      if (!row.contract && contract) row.contract = contract;
      continue;
    }
    rows.set(key, { first: d, sources: [d.source], forms, ...(contract ? { contract } : {}) });
  }
  const deployments: KnownDeployment[] = [];
  for (const [key, row] of rows) {
    const { first, forms, contract } = row;
    if (forms.evmAddress === undefined) continue;
    const name = contract?.name ?? first.artifact?.contractName ?? labelName(first.label);
    const sourceName =
      (contract?.origin.kind === 'artifact' ? contract.origin.sourceName : undefined) ?? first.artifact?.sourceName;
    deployments.push({
      key,
      network: first.network,
      ...(forms.entityId !== undefined ? { entityId: forms.entityId } : {}),
      evmAddress: forms.evmAddress,
      name,
      label: first.label,
      sources: row.sources,
      ...(contract ? { contract } : {}),
      ...(sourceName !== undefined ? { sourceName } : {}),
      ...(first.transactionHash !== undefined ? { transactionHash: first.transactionHash } : {}),
      ...(first.deployedAt !== undefined ? { deployedAt: first.deployedAt } : {}),
    });
  }
  const order = (n: Network) => NETWORKS.indexOf(n);
  deployments.sort(
    (a, b) => order(a.network) - order(b.network) || a.name.localeCompare(b.name) || a.key.localeCompare(b.key),
  );
  return { deployments, problems };
}

/** The networks that have deployments, in the view's order. */
export function networksOf(model: DeploymentsModel): Network[] {
  return [...new Set(model.deployments.map(d => d.network))];
}

/** The deployments of a contract by its name, for the CodeLens over `contract X`. */
export function deploymentsNamed(model: DeploymentsModel, name: string, sourceName?: string): KnownDeployment[] {
  return model.deployments.filter(
    d => d.name === name && (sourceName === undefined || d.sourceName === undefined || d.sourceName === sourceName),
  );
}

/** How a row shows its address: `0.0.1006 · 0x…03ee`, or the EVM address alone. */
export function addressLine(d: KnownDeployment): string {
  const short = `${d.evmAddress.slice(0, 6)}…${d.evmAddress.slice(-4)}`;
  return d.entityId !== undefined ? `${d.entityId} · ${short}` : short;
}
