// Which network the status item reports: the one the active editor's code means (ledgerLens.network
// `auto`), or the settings' one. Re-asked when the active editor changes, when its text changes
// (debounced: inference is cached per version, but typing fires often) and when the evidence or
// the settings change. A slow answer for an editor the user already left is dropped.
import * as vscode from 'vscode';
import type { Network } from '../../app/settings';
import { Disposable, toDisposable } from '../../util/lifecycle';
import { errorMessage } from '../../util/errorMessage';

/** The network the status item reports, and why. */
export interface StatusTarget {
  /** The mirror network asked (`mainnet-public` or `mainnet` for the mainnet ledger). */
  readonly network: Network;
  /** `mainnet · from Client.forMainnet() at line 2`, `testnet · from settings`. */
  readonly why: string;
  /** The evidence disagreed with itself (said in `why`). */
  readonly conflict: boolean;
  /**
   * The public network whose status page tells the health of the mirror node `network` is asked at;
   * undefined when that mirror node is asked for its own health (a local node, or a URL the user set
   * whose network nothing says).
   */
  readonly statusPage: Network | undefined;
}

/** Documents that are not the user's code: the output panel, the debug console, our own JSON. */
const NOT_CODE = new Set(['output', 'debug', 'vscode-terminal', 'ledgerlens-json']);

const TYPING_DEBOUNCE_MS = 400;

export class ActiveTarget extends Disposable {
  private target: StatusTarget;
  private seq = 0;
  private typing: ReturnType<typeof setTimeout> | undefined;
  private pending: Promise<void> = Promise.resolve();
  /** The code document followed: the active editor's, or the last one while a panel has focus. */
  private document: vscode.TextDocument | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<StatusTarget>());
  /** Fires when the network or the reason changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    initial: StatusTarget,
    private readonly resolve: (document: vscode.TextDocument | undefined) => Promise<StatusTarget>,
    evidenceChanged: readonly vscode.Event<unknown>[],
    private readonly log: (line: string) => void,
  ) {
    super();
    this.target = initial;
    const active = vscode.window.activeTextEditor;
    if (active && !NOT_CODE.has(active.document.uri.scheme)) this.document = active.document;
    this._register(vscode.window.onDidChangeActiveTextEditor(e => this.onEditor(e)));
    this._register(
      vscode.workspace.onDidCloseTextDocument(d => {
        if (d !== this.document) return;
        this.document = undefined;
        void this.update();
      }),
    );
    this._register(
      vscode.workspace.onDidChangeTextDocument(e => {
        if (e.document !== this.document || e.contentChanges.length === 0) return;
        if (this.typing !== undefined) clearTimeout(this.typing);
        this.typing = setTimeout(() => {
          this.typing = undefined;
          void this.update();
        }, TYPING_DEBOUNCE_MS);
      }),
    );
    for (const event of evidenceChanged) this._register(event(() => void this.update()));
    this._register(toDisposable(() => clearTimeout(this.typing)));
  }

  get current(): StatusTarget {
    return this.target;
  }

  /** Asks again for the followed editor; resolves once the answer (if still wanted) is in `current`. */
  update(): Promise<void> {
    const seq = ++this.seq;
    this.pending = this.resolve(this.document).then(
      next => {
        if (seq !== this.seq || this.isDisposed) return; // the user moved on
        const prev = this.target;
        this.target = next;
        if (prev.network !== next.network || prev.why !== next.why || prev.statusPage !== next.statusPage)
          this.changed.fire(next);
      },
      (e: unknown) => this.log(`status: which network the editor means: ${errorMessage(e)}`),
    );
    return this.pending;
  }

  private onEditor(editor: vscode.TextEditor | undefined): void {
    if (editor) {
      // A panel that is not code (the output, the debug console) keeps the last editor's network.
      if (NOT_CODE.has(editor.document.uri.scheme) || editor.document === this.document) return;
      this.document = editor.document;
    } else if (!vscode.window.visibleTextEditors.some(e => e.document === this.document)) {
      // Focus left for a panel or a webview: the editor still in view keeps its network; none, the settings.
      this.document = undefined;
    } else return;
    void this.update();
  }
}

/** What the item shows, as one key: the network, and the status page that tells its health (or none). */
export function shownKey(target: StatusTarget): string {
  return `${target.network} ${target.statusPage ?? '(its own mirror node)'}`;
}
