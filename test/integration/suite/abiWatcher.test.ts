// The ABI index follows a first compile of a new contract without a reload: Hardhat writes
// `artifacts/contracts/Foo.sol/Foo.json` into a `Foo.sol/` folder that did not exist when the
// watcher started. On Linux the recursive watcher (parcel, inotify) reports the new folder but can
// miss the file written inside it before the folder itself is watched, and a deleted folder is
// reported as the folder alone. The first test writes as a compiler does (the file event may or may
// not come, depending on timing); the second moves a finished folder in (as a checkout or a build
// tool that writes elsewhere then renames does), after which no event for the file ever comes.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { AbiFeature } from '../../../src/features/abi';
import { projectRoot } from '../../support/paths';
import { activateLedgerLens, waitFor } from '../helpers';

const CONTRACTS = path.join(projectRoot(), 'test', 'workspace', 'hardhat-sample', 'artifacts', 'contracts');
const MY_TOKEN = path.join(CONTRACTS, 'MyToken.sol', 'MyToken.json');

interface Artifact {
  contractName: string;
  deployedBytecode: string;
}

/** MyToken's artifact under another name, with one byte of its runtime code changed. */
function freshArtifact(name: string): Artifact {
  const artifact = JSON.parse(fs.readFileSync(MY_TOKEN, 'utf8')) as Artifact;
  const code = artifact.deployedBytecode;
  const at = 42;
  artifact.deployedBytecode = `${code.slice(0, at)}${code[at] === 'c' ? 'd' : 'c'}${code.slice(at + 1)}`;
  artifact.contractName = name;
  return artifact;
}

describe('abi watcher', () => {
  const tag = Math.random().toString(36).slice(2, 10);
  const folder = path.join(CONTRACTS, `Fresh${tag}.sol`);
  const name = `Fresh${tag}`;
  const staging = path.join(CONTRACTS, '..', '..', `.staging-${tag}`);
  const moved = path.join(CONTRACTS, `Moved${tag}.sol`);
  const nested = path.join(CONTRACTS, `nested${tag}`);
  const kept = path.join(CONTRACTS, `kept${tag}`);
  let abi: AbiFeature;
  // What VS Code reported under the folder, for the failure message: which events came, which not.
  const seen: string[] = [];
  let spy: vscode.Disposable | undefined;

  before(async () => {
    const api = await activateLedgerLens();
    abi = api.features['abi'] as AbiFeature;
    await abi.ready();
    const w = vscode.workspace.createFileSystemWatcher('**/artifacts/contracts/**');
    const note = (kind: string) => (uri: vscode.Uri) => {
      if ([folder, moved, nested, kept].some(f => uri.fsPath.startsWith(f)))
        seen.push(`${kind} ${path.relative(CONTRACTS, uri.fsPath)}`);
    };
    spy = vscode.Disposable.from(
      w,
      w.onDidCreate(note('created')),
      w.onDidChange(note('changed')),
      w.onDidDelete(note('deleted')),
    );
  });

  after(() => {
    // Which events VS Code delivered varies from run to run (a race in the OS watcher): say it.
    console.log(`    events reported: ${seen.join(', ') || 'none'}`);
    spy?.dispose();
    for (const f of [folder, moved, nested, kept, staging]) fs.rmSync(f, { recursive: true, force: true });
  });

  const has = (contract: string) => abi.index.workspaceContracts().some(c => c.name === contract);
  const indexed = () => has(name);

  /** Waits for the condition; on failure says which events VS Code reported for the test's folders. */
  async function until(condition: () => boolean, what: string): Promise<void> {
    try {
      await waitFor(condition, 15_000, what);
    } catch (e) {
      const message = `${e instanceof Error ? e.message : String(e)}; events: ${seen.join(', ') || 'none'}`;
      throw new Error(message, { cause: e });
    }
  }

  it('indexes an artifact written into a folder made after the watcher started, and forgets it with the folder', async () => {
    assert.ok(!fs.existsSync(folder) && !indexed(), 'the folder and the contract are new');
    // As a compiler writes it: the folder, then at once the file inside.
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, `Fresh.json`), JSON.stringify(freshArtifact(name)));
    await until(indexed, `${name} indexed`);
    const contract = abi.index.workspaceContracts().find(c => c.name === name);
    assert.ok(contract?.origin.kind === 'artifact');
    assert.strictEqual(
      contract.origin.file.replace(/\\/g, '/').split('/').slice(-2).join('/'),
      `Fresh${tag}.sol/Fresh.json`,
    );

    fs.rmSync(folder, { recursive: true, force: true });
    await until(() => !indexed(), `${name} forgotten after its folder was deleted`);
  });

  it('indexes an artifact whose folder was moved in whole, and forgets it when the folder is moved out', async () => {
    const other = `Moved${tag}`;
    fs.mkdirSync(path.join(staging, `Moved${tag}.sol`), { recursive: true });
    fs.writeFileSync(path.join(staging, `Moved${tag}.sol`, 'Moved.json'), JSON.stringify(freshArtifact(other)));
    assert.ok(!has(other), 'not indexed while outside the artifact folders');
    fs.renameSync(path.join(staging, `Moved${tag}.sol`), moved);
    await until(() => has(other), `${other} indexed`);

    fs.renameSync(moved, path.join(staging, `Moved${tag}.sol`));
    await until(() => !has(other), `${other} forgotten after its folder was moved out`);
  });

  it('follows an artifact in folders made together (mkdir -p), through a later recompile', async () => {
    // A contract under a new subfolder: `contracts/nested<tag>/Deep.sol/` made in one go.
    const deep = path.join(nested, 'Deep.sol');
    const file = path.join(deep, 'Deep.json');
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(freshArtifact(`Deep${tag}`)));
    await until(() => has(`Deep${tag}`), `Deep${tag} indexed`);
    // The recompile: the same file rewritten with another contract name.
    await new Promise(resolve => setTimeout(resolve, 1000));
    fs.writeFileSync(file, JSON.stringify(freshArtifact(`Deeper${tag}`)));
    await until(() => has(`Deeper${tag}`) && !has(`Deep${tag}`), `Deep${tag} re-indexed as Deeper${tag}`);
  });

  it('still follows such an artifact after an ABI setting changed (the watchers are rebuilt)', async () => {
    const deep = path.join(kept, 'Kept.sol');
    const file = path.join(deep, 'Kept.json');
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(freshArtifact(`Kept${tag}`)));
    await until(() => has(`Kept${tag}`), `Kept${tag} indexed`);
    // Any change to ledgerLens.abi.* rebuilds the watchers and scans again; an extra exclude that
    // matches nothing here changes nothing else.
    const config = vscode.workspace.getConfiguration('ledgerLens');
    const exclude = [...(config.get<string[]>('abi.exclude') ?? []), '**/never-here-*/**'];
    await config.update('abi.exclude', exclude, vscode.ConfigurationTarget.Global);
    try {
      await new Promise(resolve => setTimeout(resolve, 500));
      await abi.ready();
      assert.ok(has(`Kept${tag}`), 'still indexed after the rescan');
      // The recompile after the settings change: its folder may have no watch at all (made with
      // its parent), so only the feature's folder polling, which must survive the change, sees it.
      await new Promise(resolve => setTimeout(resolve, 1000));
      fs.writeFileSync(file, JSON.stringify(freshArtifact(`Kept2${tag}`)));
      await until(() => has(`Kept2${tag}`) && !has(`Kept${tag}`), `Kept${tag} re-indexed as Kept2${tag}`);
    } finally {
      await config.update('abi.exclude', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
