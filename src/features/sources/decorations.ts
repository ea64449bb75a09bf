// The revert marks in the editor: after the line of each site, "reverted on testnet · 0.0.1234@… ·
// 3 min ago · InsufficientBalance(…)" in a themable colour, with a hover holding the whole error and a
// link that opens the transaction. A mark goes on the workspace file when that file (as the editor
// holds it now) is still what was compiled, else on the compiled text's document; the age is
// redrawn while a mark is in view; `ledgerLens.trace.decorations` off clears them all.
import * as vscode from 'vscode';
import type { RevertMarks, SiteRegistry, SiteTarget } from '../../trace/marks';
import { COMPILED_SCHEME, parseCompiledAddress } from './compiledUri';
import type { SourceLocator } from './locate';
import { groupByLine, HOVER_COMMANDS, lineHover, lineText } from './siteText';
import type { FeatureLog } from '../context';
import { errorMessage } from '../../util/errorMessage';

/** What one line shows (the feature's exports give these to tests: VS Code cannot read them back). */
export interface DecorationView {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  /** The hover's Markdown. */
  readonly hover: string;
}

export interface DecorationInputs {
  readonly enabled: () => boolean;
  readonly locator: SourceLocator;
  readonly log: FeatureLog;
  readonly now?: () => number;
}

/** The session's parts the marks come from. */
export interface MarkSource {
  readonly marks: RevertMarks;
  readonly sites: SiteRegistry;
}

/** Redraws within this long of a change (a burst of marks, typing in a marked file). */
const SETTLE_MS = 100;
/** The age is redrawn this often while the youngest mark shown is under two minutes old, else RELAXED_MS. */
const FAST_MS = 5_000;
const RELAXED_MS = 30_000;

export class RevertDecorations implements vscode.Disposable {
  private readonly type = vscode.window.createTextEditorDecorationType({
    after: {
      color: new vscode.ThemeColor('ledgerLens.revertDecorationForeground'),
      margin: '0 0 0 3em',
      fontStyle: 'italic',
    },
    rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
  });
  private source: MarkSource | undefined;
  private readonly views = new Map<string, readonly DecorationView[]>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticker: { readonly ms: number; readonly handle: ReturnType<typeof setInterval> } | undefined;
  private drawing: Promise<void> = Promise.resolve();
  private generation = 0;

  constructor(private readonly inputs: DecorationInputs) {
    this.subscriptions.push(
      vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()),
      vscode.workspace.onDidChangeTextDocument(e => {
        if (vscode.window.visibleTextEditors.some(ed => ed.document === e.document)) this.schedule();
      }),
    );
  }

  /** Draws the marks of `source` from now on (the session, once it is made). */
  attach(source: MarkSource): void {
    if (this.source) return;
    this.source = source;
    const off = source.marks.onDidChange(() => this.schedule());
    this.subscriptions.push(new vscode.Disposable(off));
    this.schedule();
  }

  /** What the editor of `uri` shows, by line (empty when nothing). */
  shown(uri: string): readonly DecorationView[] {
    return this.views.get(uri) ?? [];
  }

  /** Redraws soon (coalesced). */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.redraw(), SETTLE_MS);
  }

  /** Redraws now; settles when drawn. */
  redraw(): Promise<void> {
    const mine = ++this.generation;
    this.drawing = this.drawing
      .then(() => (mine === this.generation ? this.draw(mine) : undefined))
      .catch((e: unknown) => this.inputs.log.error(`Sources: drawing the revert marks failed: ${errorMessage(e)}`));
    return this.drawing;
  }

  dispose(): void {
    this.generation++;
    clearTimeout(this.timer);
    this.stopTicker();
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.type.dispose();
    this.views.clear();
  }

  private async draw(mine: number): Promise<void> {
    const marks = this.inputs.enabled() && this.source ? this.source.marks.all() : [];
    const now = (this.inputs.now ?? Date.now)();
    const drawn = new Map<string, readonly DecorationView[]>();
    let youngest = Number.POSITIVE_INFINITY;
    for (const editor of vscode.window.visibleTextEditors) {
      const document = editor.document;
      const onIt = marks.length === 0 ? [] : await this.marksOn(document, marks);
      if (mine !== this.generation) return;
      const byLine = groupByLine(onIt, document.lineCount);
      const options: vscode.DecorationOptions[] = [];
      const views: DecorationView[] = [];
      for (const [line, lineMarks] of byLine) {
        const text = lineText(lineMarks, now);
        const hover = lineHover(lineMarks, now);
        const markdown = new vscode.MarkdownString(hover);
        markdown.isTrusted = { enabledCommands: [...HOVER_COMMANDS] };
        options.push({
          range: document.lineAt(line).range,
          hoverMessage: markdown,
          renderOptions: { after: { contentText: text } },
        });
        views.push({ line: line + 1, text, hover });
        for (const m of lineMarks) if (m.at !== undefined) youngest = Math.min(youngest, now - m.at);
      }
      editor.setDecorations(this.type, options);
      if (views.length > 0) drawn.set(document.uri.toString(), views);
    }
    this.views.clear();
    for (const [uri, views] of drawn) this.views.set(uri, views);
    if (drawn.size === 0) this.stopTicker();
    else this.startTicker(youngest < 120_000 ? FAST_MS : RELAXED_MS);
  }

  /** The marks that belong on `document`: its compiled text's, or the workspace file's while unchanged. */
  private async marksOn(document: vscode.TextDocument, marks: readonly SiteTarget[]): Promise<SiteTarget[]> {
    if (document.uri.scheme === COMPILED_SCHEME) {
      const address = parseCompiledAddress(document.uri.path, document.uri.query);
      const opened = address ? this.source?.sites.get(address.key) : undefined;
      if (!opened) return [];
      return marks.filter(
        m => m.contract.origin.file === opened.contract.origin.file && m.site.sourceName === opened.site.sourceName,
      );
    }
    const uri = document.uri.toString();
    const out: SiteTarget[] = [];
    for (const mark of marks) {
      const file = await this.inputs.locator.fileOf(mark.contract, mark.site.sourceName);
      if (file?.toString() !== uri) continue;
      const drift = await this.inputs.locator.driftOf(document, mark.contract, mark.site.sourceName);
      if (drift.kind !== 'changed') out.push(mark);
    }
    return out;
  }

  private startTicker(ms: number): void {
    if (this.ticker?.ms === ms) return;
    this.stopTicker();
    this.ticker = { ms, handle: setInterval(() => void this.redraw(), ms) };
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker.handle);
    this.ticker = undefined;
  }
}
