// The call trace of a transaction as a panel shows it, for both panels: read once through the
// session's store (the first draw starts it, the panel redraws when it is there), presented in
// slices once per trace, and its revert sites looked up in the workspace's compiler output after
// (the panel redraws again with the links). A recompile (the store rebuilds the trace) or a change
// of the compiler output presents it again; meanwhile the panel keeps the view it has. Pure: no
// vscode.
import { describeMirrorError } from '../../../present/errors';
import type { CallTrace, TraceFrame } from '../../../trace/types';
import type { TraceDetail, TraceView } from '../../../../webview/protocol/trace';
import type { TraceBundle, TraceReader } from './bundle';
import { presentTrace, type FrameSites } from './present';
import { findSites } from './sites';
import type { RevertSite } from '../../../source/types';

/** The exact sites of the subject's frames, as a SiteContext reads them. */
function exactOf(
  exact: NonNullable<TraceBundle['exactSites']>,
  subject: TraceSubject,
): (frame: TraceFrame) => RevertSite | undefined {
  return frame => exact.get(subject.network, subject.idOrHash, frame.index);
}

/** Which transaction's trace, on which network. */
export interface TraceSubject {
  readonly network: string;
  /** What `/actions` is asked with: the transaction id (either form) or a hash. */
  readonly idOrHash: string;
  /** As the revert marks name it: `0.0.1234@1700000000.000000001`, else the hash. */
  readonly transactionId: string;
  /** Consensus time, epoch ms, when known. */
  readonly at?: number;
}

export interface TraceViewsDeps {
  /** The session's bundle, read when a trace is first asked for (it is made on first use). */
  readonly bundle: () => TraceBundle | undefined;
  /** What reading `network`'s traces needs; a string says why they cannot be read there. */
  readonly reader: (network: string) => TraceReader | string;
  readonly log?: (message: string) => void;
}

/** Hears which trace changed (undefined: any, the compiler output changed). */
export type TraceChange = (subject: Pick<TraceSubject, 'network' | 'idOrHash'> | undefined) => void;

interface Presented {
  view?: TraceView;
  /** The compiler output's generation whose site links the view carries; -1 for none. */
  sitesOf: number;
  /** A presentation is under way. */
  running: boolean;
}

export class TraceViews {
  private readonly presented = new WeakMap<CallTrace, Presented>();
  /** Counts the changes of the compiler output: a view with older site links is made again. */
  private generation = 0;
  private sites = new WeakMap<
    CallTrace,
    Promise<ReadonlyMap<TraceFrame, FrameSites>> | ReadonlyMap<TraceFrame, FrameSites>
  >();
  private readonly reading = new Set<string>();
  /** The ABIs' version each trace was last shown with: a change reads it again (the store rebuilds it). */
  private readonly abiVersions = new WeakMap<CallTrace, number>();
  private readonly listeners = new Set<TraceChange>();
  private unsubscribe: (() => void) | undefined;
  private disposed = false;

  constructor(private readonly deps: TraceViewsDeps) {}

  /** Hears when a trace was read, or its site links found, or the compiler output changed. */
  onDidChange(listener: TraceChange): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * What to show of the subject's trace now: loading (its reading is started, once), failed, or
   * loaded. Never waits: listeners hear when there is more to show.
   */
  detail(subject: TraceSubject): TraceDetail {
    const bundle = this.deps.bundle();
    if (!bundle) return { status: 'none', message: 'Call traces are not available in this window.' };
    const kept = bundle.store.peek(subject.network, subject.idOrHash);
    if (kept instanceof Error)
      return { status: 'failed', message: describeMirrorError(kept, { network: subject.network }).detail };
    if (kept) {
      // peek does not rebuild a large trace after a recompile: loading it does (in slices), and a
      // trace other than the one shown then draws the panel again.
      const reader = this.deps.reader(subject.network);
      if (typeof reader !== 'string') {
        const seen = this.abiVersions.get(kept);
        this.abiVersions.set(kept, reader.abi.version);
        if (seen !== undefined && seen !== reader.abi.version) this.read(subject, bundle, reader, kept);
      }
      const view = this.viewOf(kept, subject, bundle);
      return view ? { status: 'loaded', view } : { status: 'loading' };
    }
    const reader = this.deps.reader(subject.network);
    if (typeof reader === 'string') return { status: 'none', message: reader };
    this.read(subject, bundle, reader);
    return { status: 'loading' };
  }

  /** Forgets a failed reading, so that the next `detail` reads it again (Refresh, Retry). */
  retry(subject: Pick<TraceSubject, 'network' | 'idOrHash'>): void {
    const store = this.deps.bundle()?.store;
    if (store?.peek(subject.network, subject.idOrHash) instanceof Error)
      store.forget(subject.network, subject.idOrHash);
  }

  dispose(): void {
    this.disposed = true;
    this.unsubscribe?.();
    this.listeners.clear();
  }

  /** Reads the trace (or brings the one `shown` up to date); listeners hear when there is another. */
  private read(subject: TraceSubject, bundle: TraceBundle, reader: TraceReader, shown?: CallTrace): void {
    const key = `${subject.network}|${subject.idOrHash}`;
    if (this.reading.has(key)) return;
    this.reading.add(key);
    const done = (changed: boolean) => {
      this.reading.delete(key);
      if (changed) this.fire(subject);
    };
    bundle.store.load(subject.network, subject.idOrHash, { ...reader, codes: bundle.codes(subject.network) }).then(
      trace => done(trace !== shown),
      (error: unknown) => {
        this.deps.log?.(`call trace of ${subject.idOrHash} (${subject.network}): ${String(error)}`);
        done(shown === undefined);
      },
    );
  }

  /**
   * The trace's view as far as it is made: undefined before the first presentation ends. A
   * presentation starts when there is none yet, and again once the site links are found.
   */
  private viewOf(trace: CallTrace, subject: TraceSubject, bundle: TraceBundle): TraceView | undefined {
    let known = this.presented.get(trace);
    if (!known) this.presented.set(trace, (known = { sitesOf: -1, running: false }));
    const presented = known;
    // A trace without a failure has no site to look for: no change of the compiler output changes it.
    if (presented.view && (presented.sitesOf === this.generation || !trace.firstFailure)) return presented.view;
    const sites = this.sitesOf(trace, subject, bundle);
    const ready = !(sites instanceof Promise);
    if (presented.running || (presented.view && !ready)) return presented.view;
    presented.running = true;
    const generation = this.generation;
    presentTrace(trace, ready ? sites : undefined).then(
      view => {
        presented.running = false;
        presented.view = view;
        presented.sitesOf = ready ? generation : -1;
        this.fire(subject);
      },
      (error: unknown) => {
        presented.running = false;
        this.deps.log?.(`call trace of ${subject.idOrHash}: ${String(error)}`);
      },
    );
    return presented.view;
  }

  /** The trace's site links: found, or being looked up (listeners hear when they are found). */
  private sitesOf(
    trace: CallTrace,
    subject: TraceSubject,
    bundle: TraceBundle,
  ): Promise<ReadonlyMap<TraceFrame, FrameSites>> | ReadonlyMap<TraceFrame, FrameSites> {
    const known = this.sites.get(trace);
    if (known) return known;
    if (!trace.firstFailure) {
      const none = new Map<TraceFrame, FrameSites>();
      this.sites.set(trace, none);
      return none;
    }
    this.watchSources(bundle);
    const table = this.sites;
    const work = findSites(trace, {
      network: subject.network,
      transactionId: subject.transactionId,
      ...(subject.at !== undefined ? { at: subject.at } : {}),
      codes: bundle.codes(subject.network),
      sources: bundle.sources,
      registry: bundle.sites,
      marks: bundle.marks,
      ...(bundle.exactSites ? { exact: exactOf(bundle.exactSites, subject) } : {}),
    }).then(
      found => found,
      (error: unknown) => {
        this.deps.log?.(`revert sites of ${subject.idOrHash}: ${String(error)}`);
        return new Map<TraceFrame, FrameSites>();
      },
    );
    table.set(trace, work);
    void work.then(found => {
      // A change of the compiler output since replaced the table: this answer is stale.
      if (this.sites !== table || this.disposed) return;
      table.set(trace, found);
      this.fire(subject);
    });
    return work;
  }

  /** A change of the compiler output finds the sites again (the panels redraw). */
  private watchSources(bundle: TraceBundle): void {
    if (this.unsubscribe || this.disposed) return;
    const changed = () => {
      this.generation++;
      this.sites = new WeakMap();
      this.fire(undefined);
    };
    const fromSources = bundle.sources.onDidChange(changed);
    // An exact site from a debugger session replaces the inferred ones: the panels redraw.
    const fromDebugger = bundle.exactSites?.onDidChange(changed);
    this.unsubscribe = () => {
      fromSources();
      fromDebugger?.();
    };
  }

  private fire(subject: Pick<TraceSubject, 'network' | 'idOrHash'> | undefined): void {
    if (this.disposed) return;
    const changed = subject && { network: subject.network, idOrHash: subject.idOrHash };
    for (const listener of [...this.listeners]) listener(changed);
  }
}
