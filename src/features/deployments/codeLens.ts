// The CodeLens over Solidity sources: over `contract X` its deployed instances per network (opens
// it in the Contracts view), over a `view`/`pure` function "Call on <network>", over a function
// whose recent calls failed "N failed recently" (opens its History). The source is read by one
// bounded pass (solidityOutline.ts), kept per document version; nothing is read at all while the
// workspace records no deployment, or none of the document's names is deployed. Failure counts are
// read in the background (a minute each) and redraw the lenses when they change.
import * as vscode from 'vscode';
import { Disposable } from '../../util/lifecycle';
import { FAILURES_TTL_MS, type HistoryLoader } from './history';
import { planLenses } from './lensPlan';
import type { DeploymentsModel, KnownDeployment } from './model';
import { outlineSolidity, type SolidityOutline } from './solidityOutline';

/** Outlines kept (one per open Solidity document, by version). */
const MAX_OUTLINES = 20;

export interface CodeLensDeps {
  readonly model: () => DeploymentsModel;
  readonly history: Pick<HistoryLoader, 'failedRecently'>;
  readonly onDidChangeModel: vscode.Event<unknown>;
}

interface Failures {
  readonly at: number;
  readonly counts?: ReadonlyMap<string, number>;
  readonly pending: boolean;
}

export class DeploymentCodeLens extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly outlines = new Map<string, { version: number; outline: SolidityOutline }>();
  private readonly failures = new Map<string, Failures>();
  private readonly asked = new Set<() => void>();

  /** Registered by the feature's manifest (Solidity documents, by language id or by name), not here. */
  constructor(private readonly deps: CodeLensDeps) {
    super();
    this._register(deps.onDidChangeModel(() => this.changed.fire()));
    this._register(vscode.workspace.onDidCloseTextDocument(doc => this.outlines.delete(doc.uri.toString())));
  }

  /** Called whenever lenses are asked for (the feature starts looking for deployments then). */
  whenAsked(listener: () => void): vscode.Disposable {
    this.asked.add(listener);
    return { dispose: () => this.asked.delete(listener) };
  }

  provideCodeLenses(document: vscode.TextDocument, token: vscode.CancellationToken): vscode.CodeLens[] {
    for (const listener of this.asked) listener();
    const model = this.deps.model();
    if (model.deployments.length === 0 || token.isCancellationRequested) return [];
    const outline = this.outlineOf(document, model);
    if (!outline) return [];
    const plan = planLenses(outline, model, document.uri.path, key => this.failures.get(key)?.counts);
    for (const d of plan.deployments) this.askFailures(d);
    return plan.lenses.map(lens => {
      const at = new vscode.Position(lens.line, lens.character);
      return new vscode.CodeLens(new vscode.Range(at, at), {
        title: lens.title,
        tooltip: lens.tooltip,
        command: lens.command,
        arguments: [lens.args],
      });
    });
  }

  /** The document's outline (kept per version); undefined when no deployed name is in its text. */
  private outlineOf(document: vscode.TextDocument, model: DeploymentsModel): SolidityOutline | undefined {
    const uri = document.uri.toString();
    const kept = this.outlines.get(uri);
    if (kept && kept.version === document.version) return kept.outline;
    const text = document.getText();
    const names = new Set(model.deployments.map(d => d.name));
    if (![...names].some(name => text.includes(name))) return undefined;
    const outline = outlineSolidity(text);
    if (this.outlines.size >= MAX_OUTLINES && !this.outlines.has(uri)) {
      const oldest = this.outlines.keys().next().value;
      if (oldest !== undefined) this.outlines.delete(oldest);
    }
    this.outlines.set(uri, { version: document.version, outline });
    return outline;
  }

  /** Reads a deployment's recent failures when not known or older than a minute; redraws on a change. */
  private askFailures(d: KnownDeployment): void {
    const now = Date.now();
    const known = this.failures.get(d.key);
    if (known && (known.pending || now - known.at < FAILURES_TTL_MS)) return;
    this.failures.set(d.key, { at: now, pending: true, ...(known?.counts ? { counts: known.counts } : {}) });
    void this.deps.history.failedRecently(d).then(
      counts => {
        if (this.isDisposed) return;
        this.failures.set(d.key, { at: Date.now(), pending: false, counts });
        if (!sameCounts(known?.counts, counts)) this.changed.fire();
      },
      () =>
        this.failures.set(d.key, {
          at: Date.now(),
          pending: false,
          ...(known?.counts ? { counts: known.counts } : {}),
        }),
    );
  }
}

function sameCounts(a: ReadonlyMap<string, number> | undefined, b: ReadonlyMap<string, number>): boolean {
  if (a === undefined) return b.size === 0;
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
