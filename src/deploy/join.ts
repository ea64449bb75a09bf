// Which workspace artifact each deployment is: the one its record points at (Ignition's own
// artifact file), else one with the contract name (and source, when the record says it) the
// record names, else one named as the deployment's label (hardhat-deploy's file name, Ignition's
// future id after the `#`). Among several, the one whose file shares the longest folder with the
// record wins (a monorepo's two `Counter`s). One map from names to artifacts is built first, so
// n deployments and m artifacts cost n + m lookups, not n × m comparisons. Pure.
import type { FoundDeployment } from './types';

/** Other candidates returned with a deployment at the most (the rest exist, and are not listed). */
export const MAX_OTHER_ARTIFACTS = 20;
/** Candidates ranked for one deployment at the most (enough for any real workspace's same-named contracts). */
const MAX_RANKED = 200;

interface ArtifactLike {
  readonly contractName: string;
  readonly sourceName?: string;
  readonly file: string;
}

/** Characters two paths share from the start, counted to the last `/` they both have there. */
function sharedFolderLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let slash = 0;
  for (let i = 0; i < n; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i)) break;
    if (a.charCodeAt(i) === 47) slash = i + 1;
  }
  return slash;
}

/** The name the label gives: Ignition's `Module#Name` → `Name`, a file's name as it is. */
function nameInLabel(label: string): string {
  return label.slice(label.lastIndexOf('#') + 1);
}

function groupByName<A extends ArtifactLike>(artifacts: readonly A[]): Map<string, A[]> {
  const byName = new Map<string, A[]>();
  for (const a of artifacts) {
    const list = byName.get(a.contractName);
    if (list) list.push(a);
    else byName.set(a.contractName, [a]);
  }
  return byName;
}

/** Candidates in order of preference: the record's source name, then the nearest folder, then input order. */
function ranked<A extends ArtifactLike>(candidates: readonly A[], deployment: FoundDeployment): A[] {
  const sourceName = deployment.artifact?.sourceName;
  const recordFile = deployment.source.file;
  const scored = candidates.slice(0, MAX_RANKED).map((artifact, index) => ({
    artifact,
    index,
    source: sourceName !== undefined && artifact.sourceName === sourceName ? 1 : 0,
    near: sharedFolderLength(artifact.file, recordFile),
  }));
  scored.sort((x, y) => y.source - x.source || y.near - x.near || x.index - y.index);
  return scored.map(s => s.artifact);
}

/** Pairs deployments with workspace artifacts: by the record's contract name and source name, else by label. */
export function joinArtifacts<A extends ArtifactLike>(
  deployments: readonly FoundDeployment[],
  artifacts: readonly A[],
): { deployment: FoundDeployment; artifact?: A; others: readonly A[] }[] {
  const byName = groupByName(artifacts);
  const byFile = new Map<string, A>();
  for (const a of artifacts) if (!byFile.has(a.file)) byFile.set(a.file, a);
  return deployments.map(deployment => {
    const own = deployment.artifact?.file === undefined ? undefined : byFile.get(deployment.artifact.file);
    const named = deployment.artifact?.contractName;
    const candidates =
      (named === undefined ? undefined : byName.get(named)) ?? byName.get(nameInLabel(deployment.label)) ?? [];
    const order = ranked(candidates, deployment);
    const artifact = own ?? order[0];
    const others = order.filter(a => a !== artifact).slice(0, MAX_OTHER_ARTIFACTS);
    return artifact === undefined ? { deployment, others } : { deployment, artifact, others };
  });
}
