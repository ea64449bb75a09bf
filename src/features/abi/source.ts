// "Open source" from a contract hover: from the artifact to the Solidity file the compiler read
// (Hardhat `<root>/artifacts/<sourceName>/…`, Foundry `<root>/out/<File>.sol/…`, Truffle
// `<root>/build/contracts/…`), opened at the contract's definition. The file is only read.
import * as vscode from 'vscode';
import type { AbiIndex, AbiOrigin } from '../../abi';

type ArtifactOrigin = Extract<AbiOrigin, { kind: 'artifact' }>;

/** The project root an artifact was written under, or undefined for a plain ABI file. */
function projectRoot(origin: ArtifactOrigin, artifact: vscode.Uri): vscode.Uri | undefined {
  const marker = { hardhat: '/artifacts/', foundry: '/out/', truffle: '/build/contracts/', abi: undefined }[
    origin.format
  ];
  if (!marker) return undefined;
  const path = artifact.path;
  const at = path.lastIndexOf(marker);
  return at < 0 ? undefined : artifact.with({ path: path.slice(0, at) || '/' });
}

/** Candidate source files for the artifact, most likely first. */
export function sourceCandidates(origin: ArtifactOrigin, artifact: vscode.Uri): vscode.Uri[] {
  const root = projectRoot(origin, artifact);
  const source = origin.sourceName;
  if (!root || !source) return [];
  if (source.startsWith('/')) {
    // Truffle's sourcePath is absolute on the machine that compiled: try it, then contracts/<file>.
    const base = source.split('/').pop() ?? source;
    return [artifact.with({ path: source }), vscode.Uri.joinPath(root, 'contracts', base)];
  }
  return [vscode.Uri.joinPath(root, ...source.split('/'))];
}

/** The line of `contract Name` (or library, interface, abstract contract), 0 if not found. */
export function definitionLine(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`^\\s*(?:abstract\\s+)?(?:contract|library|interface)\\s+${escaped}\\b`);
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex(l => re.test(l));
  return at < 0 ? 0 : at;
}

export async function openContractSource(
  index: AbiIndex,
  uriOf: (file: string) => vscode.Uri | undefined,
  arg: unknown,
): Promise<void> {
  const file = arg && typeof arg === 'object' && 'file' in arg && typeof arg.file === 'string' ? arg.file : undefined;
  const contract = file
    ? index.workspaceContracts().find(c => c.origin.kind === 'artifact' && c.origin.file === file)
    : undefined;
  const artifact = file ? uriOf(file) : undefined;
  if (!contract || contract.origin.kind !== 'artifact' || !artifact) {
    throw new Error('that artifact is no longer indexed; it may have been deleted or recompiled');
  }
  for (const uri of sourceCandidates(contract.origin, artifact)) {
    let doc: vscode.TextDocument;
    try {
      doc = await vscode.workspace.openTextDocument(uri);
    } catch {
      continue;
    }
    const line = definitionLine(doc.getText(), contract.origin.contractName);
    const position = new vscode.Position(line, 0);
    await vscode.window.showTextDocument(doc, { selection: new vscode.Range(position, position) });
    return;
  }
  throw new Error(
    `the source of ${contract.name} (${contract.origin.sourceName ?? 'unnamed'}) is not in the workspace`,
  );
}
