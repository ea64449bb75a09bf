// The workspace ABI indexer: finds artifact files (ledgerLens.abi.include / exclude), indexes them
// in the background with the pure ArtifactIndexer (never on a hover's path), watches them so a
// recompile re-indexes what changed, and writes to the log how many ABIs came from how many files
// and why a file was skipped. The AbiIndex it fills is shared through `services.abi`.
import * as vscode from 'vscode';
import { ArtifactIndexer, summaryLines, type AbiIndex, type ArtifactSource, type IndexSummary } from '../../abi';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { openContractSource } from './source';
import { globMatcher, joinGlobs, matchesAny, type AbiGlobs } from '../../abi/globs';
import { filesUnder } from '../../util/folderFiles';
import { FolderPoller } from '../common/folderLook';
import { watchArtifacts, type Watching } from './watch';
import { needsReread, REREAD_AFTER_MS } from './freshness';
import { setIndexReader } from '../../abi/report';
import { errorMessage } from '../../util/errorMessage';
import { onNextTurn } from '../../util/nextTurn';

/** How many artifact folders are polled at most, and how often. */
const MAX_POLLED_FOLDERS = 100;
const POLL_MS = 2000;

/** Wait after a change before re-indexing: a compile writes many files in a burst. */
const DEBOUNCE_MS = 300;

export interface AbiFeature {
  readonly index: AbiIndex;
  /** Settles when the current full scan has finished. */
  ready(): Promise<void>;
  /** The file a workspace-relative artifact path names, for opening its source. */
  uriOf(file: string): vscode.Uri | undefined;
}

/** What the ABI indexer uses (see the pattern in ../context.ts). */
export interface AbiInputs {
  /** The index it fills; the other features read it. */
  readonly index: AbiIndex;
  /** `ledgerLens.abi.include` / `exclude`, already checked (see globs.ts). */
  readonly settings: Setting<AbiGlobs>;
  readonly log: FeatureLog;
}

export function registerAbi(host: FeatureHost, inputs: AbiInputs): vscode.Disposable {
  const { index, log } = inputs;
  const uris = new Map<string, vscode.Uri>();
  const indexer = new ArtifactIndexer(index, workspaceSource(uris));
  const disposables: vscode.Disposable[] = [];
  let globs: AbiGlobs = inputs.settings.current;
  let included = globs.include.map(globMatcher);
  let excluded = globs.exclude.map(globMatcher);
  let scan: Promise<void> = Promise.resolve();
  let watchers: Watching = { unwatched: undefined, dispose: () => undefined };
  let generation = 0;
  let lastFullScanAt: number | undefined;
  const noticeUnwatched = unwatchedNotice(log);

  const relative = (uri: vscode.Uri) =>
    vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  const { changed, deleted, ...events } = artifactEvents(
    indexer,
    uris,
    relative,
    file => matchesAny(file, excluded),
    log,
  );
  // Folders no watcher event reaches (a folder lands here when a search found artifacts in it that
  // no event announced), looked at every few seconds for the feature's whole life: a settings change
  // replaces the watchers, not this (the new ones would not see those folders either).
  const poller = new FolderPoller({
    wanted: uri => {
      const file = relative(uri);
      return matchesAny(file, included) && !matchesAny(file, excluded);
    },
    changed: uri => changed(uri),
    deleted: uri => deleted(uri),
    maxFolders: MAX_POLLED_FOLDERS,
    intervalMs: POLL_MS,
  });

  async function fullScan(): Promise<void> {
    const mine = ++generation;
    await index.warm();
    const found = await vscode.workspace.findFiles(joinGlobs(globs.include), joinGlobs(globs.exclude));
    if (mine !== generation) return;
    index.clear();
    uris.clear();
    const files = found.map(uri => {
      const file = relative(uri);
      uris.set(file, uri);
      return file;
    });
    const summary = await indexer.indexAll(files.sort(), () => mine !== generation);
    if (mine !== generation) return;
    lastFullScanAt = Date.now();
    logSummary(log, summary);
  }

  function restart(): void {
    globs = inputs.settings.current;
    included = globs.include.map(globMatcher);
    excluded = globs.exclude.map(globMatcher);
    watchers.dispose();
    const isIndexed = (file: string) => uris.has(file);
    watchers = watchArtifacts(globs, { relative, changed, deleted, isIndexed, rescanAll: rescan, log }, poller);
    noticeUnwatched(watchers.unwatched);
    rescan();
  }

  function rescan(): void {
    scan = fullScan().catch((e: unknown) => log.error(`ABIs: indexing failed: ${errorMessage(e)}`));
  }

  disposables.push(
    inputs.settings.onDidChange(() => restart()),
    vscode.workspace.onDidChangeWorkspaceFolders(() => restart()),
  );
  // Background work: the watchers and the scan start once activation has returned, not inside
  // activate(); ready() waits for that start and then for the scan.
  const start = afterActivation(() => (restart(), scan));
  scan = start.done;

  setIndexReader(index, () => {
    if (needsReread(watchers.unwatched !== undefined, lastFullScanAt, Date.now())) rescan();
    return scan;
  });
  const feature: AbiFeature = { index, ready: () => scan, uriOf: file => uris.get(file) };
  host.exports.features['abi'] = feature;
  disposables.push(
    host.registerCommand('ledgerLens.openContractSource', arg =>
      openContractSource(index, file => uris.get(file), arg),
    ),
  );
  return new vscode.Disposable(() => {
    setIndexReader(index, undefined);
    start.cancel();
    generation++;
    events.dispose();
    watchers.dispose();
    poller.dispose();
    for (const d of disposables) d.dispose();
  });
}

/** Logs once (for the feature's life) why artifact files are not watched, and what is done instead. */
function unwatchedNotice(log: FeatureLog): (why: string | undefined) => void {
  let said = false;
  return why => {
    if (why === undefined || said) return;
    said = true;
    log.info(
      `ABIs: artifact files are not watched (${why}); the index is read again instead: a file when it is ` +
        `saved in this window, and every file before "Decode calldata" once the last read is ` +
        `${REREAD_AFTER_MS / 1000} s old`,
    );
  };
}

/**
 * What the watchers report, applied to the index: a change re-indexes the file (debounced), a
 * deletion forgets the file, or a folder with everything indexed under it.
 */
function artifactEvents(
  indexer: ArtifactIndexer,
  uris: Map<string, vscode.Uri>,
  relative: (uri: vscode.Uri) => string,
  isExcluded: (file: string) => boolean,
  log: FeatureLog,
): {
  readonly changed: (uri: vscode.Uri) => void;
  readonly deleted: (uri: vscode.Uri) => void;
  readonly dispose: () => void;
} {
  const timers = new Map<string, NodeJS.Timeout>();
  return {
    changed: uri => {
      const file = relative(uri);
      if (isExcluded(file)) return;
      uris.set(file, uri);
      clearTimeout(timers.get(file));
      timers.set(
        file,
        setTimeout(() => {
          timers.delete(file);
          void indexer.indexFile(file).then(
            outcome => logOutcome(log, file, outcome),
            (e: unknown) => log.error(`ABIs: ${file}: ${errorMessage(e)}`),
          );
        }, DEBOUNCE_MS),
      );
    },
    // A deleted folder comes as the folder alone: every artifact indexed under it goes with it.
    deleted: uri => {
      const path = relative(uri);
      for (const file of [path, ...filesUnder(path, uris.keys())]) {
        clearTimeout(timers.get(file));
        timers.delete(file);
        if (uris.delete(file)) {
          indexer.removeFile(file);
          log.info(`ABIs: ${file} deleted, forgotten`);
        }
      }
    },
    dispose: () => {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}

/** Runs `start` on the next turn of the event loop (after activate() has returned), unless cancelled first. */
function afterActivation(start: () => Promise<void>): { readonly done: Promise<void>; cancel(): void } {
  let cancel = (): void => undefined;
  const done = new Promise<void>(resolve => {
    const stop = nextTurn(() => resolve(start()));
    cancel = () => {
      stop();
      resolve();
    };
  });
  return { done, cancel: () => cancel() };
}

/** Runs `run` on the next turn (src/util/nextTurn.ts) unless cancelled first; returns the cancel. */
function nextTurn(run: () => void): () => void {
  let cancelled = false;
  onNextTurn(() => {
    if (!cancelled) run();
  });
  return () => void (cancelled = true);
}

/** Artifact files read through vscode.workspace.fs, by their workspace-relative names. */
function workspaceSource(uris: ReadonlyMap<string, vscode.Uri>): ArtifactSource {
  return {
    size: async file => {
      const uri = uris.get(file);
      if (!uri) return undefined;
      try {
        return (await vscode.workspace.fs.stat(uri)).size;
      } catch {
        return undefined;
      }
    },
    read: async file => {
      const uri = uris.get(file);
      if (!uri) throw new Error('not found');
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    },
  };
}

function logSummary(log: FeatureLog, summary: IndexSummary): void {
  for (const line of summaryLines(summary)) {
    if (line.startsWith('ABIs: skipped ')) log.warn(line);
    else log.info(line);
  }
}

function logOutcome(
  log: FeatureLog,
  file: string,
  outcome: { kind: 'indexed'; contracts: number } | { kind: 'skipped'; reason: string },
): void {
  if (outcome.kind === 'skipped') log.warn(`ABIs: skipped ${file}: ${outcome.reason} (tried again on its next change)`);
  else log.info(`ABIs: re-indexed ${file} (${outcome.contracts} ${outcome.contracts === 1 ? 'ABI' : 'ABIs'})`);
}
