// The revert site in the editor. Keeps the workspace's compiler-output index for the trace session
// (made, and the workspace scanned, the first time the session's `sources` is read), opens a panel's
// site link (`ledgerLens.openRevertSite`, with the site's key) at the statement, or the compiled
// text when the file changed since, and draws the session's revert marks after their lines.
import * as vscode from 'vscode';
import type { SourceIndexApi } from '../../source/api';
import type { TraceSession, WorkspaceSourceFiles } from '../../trace/session';
import { keccak256, stringToBytes } from '../../abi/viem';
import type { FeatureHost, FeatureLog, Setting } from '../context';
import { sameValue } from '../context';
import { compiledDocuments } from './compiledDocs';
import { workspaceSourceFiles } from './files';
import { RevertDecorations, type DecorationView } from './decorations';
import { SourceLocator } from './locate';
import { openRevertSite, type OpenSiteOutcome } from './open';
import { WorkspaceSources } from './scan';
import { createSourceIndex } from './makeIndex';

export type { DecorationView, OpenSiteOutcome };

/** `ledgerLens.trace.compilerOutput` and `ledgerLens.trace.decorations`, checked by settings.ts. */
export interface SourcesSettings {
  readonly compilerOutput: readonly string[];
  readonly decorations: boolean;
}

/** What the feature takes of the trace session (services.trace), without making it before its time. */
export interface TraceAccess {
  /** The session, made if it is not yet (a site link's key needs it). */
  session(): TraceSession;
  /** The session if it was made; never makes it. */
  madeSession(): TraceSession | undefined;
  readonly onDidMakeSession: vscode.Event<TraceSession>;
  /** Makes `open` the keeper of the session's compiler-output index, and `files` its reader of sources. */
  keepSources(open: () => SourceIndexApi, files: WorkspaceSourceFiles): vscode.Disposable;
}

export interface SourcesInputs {
  readonly trace: TraceAccess;
  readonly settings: Setting<SourcesSettings>;
  readonly log: FeatureLog;
  /** Makes the compiler-output index (default: the SourceIndex, with its worker where files are on disk). */
  readonly createIndex?: () => SourceIndexApi;
}

/** What the feature keeps in `exports.features.sources` (the integration tests read it). */
export interface SourcesFeature {
  readonly compiledDocuments: vscode.TextDocumentContentProvider;
  /** The index: the first call makes it and starts the workspace scan (as the session's first read does). */
  index(): SourceIndexApi;
  /** Settles when the current scan and the changes queued behind it are indexed. */
  ready(): Promise<void>;
  /** The revert marks drawn in the editor of `uri`, by line. */
  decorations(uri: string): readonly DecorationView[];
  /** Redraws the marks now; settles when decorations. */
  redraw(): Promise<void>;
}

/** keccak-256 of text's UTF-8 bytes (viem, loaded on first use). */
const keccakOfText = (text: string): string => keccak256(stringToBytes(text));

export function registerSources(host: FeatureHost, inputs: SourcesInputs): vscode.Disposable {
  const { trace, settings, log } = inputs;
  const globs: Setting<readonly string[]> = {
    get current() {
      return settings.current.compilerOutput;
    },
    onDidChange: (listener, thisArg, disposables) =>
      settings.onDidChange(
        e => {
          if (!sameValue(e.previous.compilerOutput, e.current.compilerOutput))
            listener.call(thisArg, { previous: e.previous.compilerOutput, current: e.current.compilerOutput });
        },
        undefined,
        disposables,
      ),
  };
  const scan: WorkspaceSources = new WorkspaceSources({
    globs,
    create: (): SourceIndexApi => {
      const index = inputs.createIndex ? inputs.createIndex() : createSourceIndex(host.extension, scan);
      // What was found where may change with the index: the marks are placed again.
      index.onDidChange(() => {
        locator.forget();
        decorations.schedule();
      });
      return index;
    },
    log,
  });
  const locator = new SourceLocator(() => scan.open(), keccakOfText);
  const decorations = new RevertDecorations({ enabled: () => settings.current.decorations, locator, log });
  const attach = (session: TraceSession) => decorations.attach(session);
  const made = trace.madeSession();
  if (made) attach(made);

  const feature: SourcesFeature = {
    compiledDocuments: compiledDocuments({ sites: () => trace.session().sites, sources: () => scan.open() }),
    index: () => trace.session().sources,
    ready: () => scan.ready(),
    decorations: uri => decorations.shown(uri),
    redraw: () => decorations.redraw(),
  };
  host.exports.features['sources'] = feature;
  const opening = { sites: () => trace.session().sites, locator };
  return vscode.Disposable.from(
    trace.keepSources(
      () => scan.open(),
      workspaceSourceFiles(
        locator,
        () => scan.open(),
        () => scan.ready(),
        keccakOfText,
      ),
    ),
    trace.onDidMakeSession(attach),
    settings.onDidChange(e => {
      if (e.previous.decorations !== e.current.decorations) decorations.schedule();
    }),
    host.registerCommand('ledgerLens.openRevertSite', arg => openRevertSite(opening, arg)),
    decorations,
    locator,
    scan,
  );
}
