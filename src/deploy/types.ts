// The deployments a workspace records: what Hardhat Ignition, hardhat-deploy and Foundry wrote
// when they deployed, and the ids and addresses its code and .env name. Read from workspace files
// (untrusted text, never executed); every name and path here is shown as text only. Pure data.
import type { Network } from '../ledger/networks';

/** Which tool's record named the deployment. */
export type DeploymentTool = 'ignition' | 'hardhat-deploy' | 'foundry' | 'code';

/** Where a deployment was found: the file, and the line for a reference in code or `.env`. */
export interface DeploymentSource {
  readonly tool: DeploymentTool;
  /** Workspace-relative path, forward slashes. */
  readonly file: string;
  /** 1-based line, for references in code and `.env` (the deployment tools' files have none). */
  readonly line?: number;
}

/** The artifact a deployment names (Ignition's and Foundry's records name the contract). */
export interface DeploymentArtifact {
  readonly contractName: string;
  /** The source file the compiler compiled (`contracts/Crowdfund.sol`), when the record says. */
  readonly sourceName?: string;
  /** Workspace-relative path of the artifact file the record points at, when it does. */
  readonly file?: string;
}

export interface FoundDeployment {
  /** From the chain id (295–298) or the network name of the record's folder. */
  readonly network: Network;
  /**
   * As the record has it, normalised: `0x` + 40 lower-case hex, or `0.0.n` (shard and realm as
   * written). Both forms of one contract may appear (a record and a reference in code).
   */
  readonly address: string;
  /** What the record calls it: Ignition's future id (`CrowdfundModule#Crowdfund`), the file name, the contract name. */
  readonly label: string;
  /** The contract the record says was deployed, when it says. */
  readonly artifact?: DeploymentArtifact;
  readonly source: DeploymentSource;
  /** The deploying transaction's hash (`0x` + 64 hex), when the record keeps it. */
  readonly transactionHash?: string;
  /** Seconds since the epoch, when the record keeps when it was deployed (Foundry's `timestamp`). */
  readonly deployedAt?: number;
}

/** A file that could not be read as a deployment record, or only partly: said in words. */
export interface DeploymentProblem {
  readonly file: string;
  readonly message: string;
}

export interface DiscoveryResult {
  readonly deployments: readonly FoundDeployment[];
  readonly problems: readonly DeploymentProblem[];
}
