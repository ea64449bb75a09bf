// The long-lived services every feature is handed: settings, the mirror node client of the
// selected network (rebuilt when the network or endpoint changes), the status page client, the log.
import * as vscode from 'vscode';
import { ConfigService } from './config';
import { createMirrorClient, type MirrorClient } from './mirror';
import { createStatusClient, type StatusClient } from './status';
import { mirrorClientChanged, type LedgerLensConfig } from './settings';
import { Disposable } from './util/lifecycle';

/** The last mirror node request that failed for a reason other than the user's input. */
export interface MirrorProblem {
  readonly at: Date;
  readonly message: string;
}

export class Services extends Disposable {
  readonly config: ConfigService;
  private mirrorClient: MirrorClient;
  private statusClient: StatusClient;
  private readonly clientChanged = this._register(new vscode.EventEmitter<MirrorClient>());
  /** Fires after the mirror client was replaced (network, URL, timeout or rate cap changed). */
  readonly onDidChangeMirrorClient = this.clientChanged.event;
  private readonly statusClientChanged = this._register(new vscode.EventEmitter<StatusClient>());
  readonly onDidChangeStatusClient = this.statusClientChanged.event;
  private problem: MirrorProblem | undefined;
  private readonly problemChanged = this._register(new vscode.EventEmitter<MirrorProblem | undefined>());
  /** Fires when a mirror request fails with a network error or 5xx, and when one succeeds after. */
  readonly onDidChangeMirrorProblem = this.problemChanged.event;

  constructor(readonly log: vscode.LogOutputChannel) {
    super();
    this.config = this._register(new ConfigService());
    this.mirrorClient = this.buildMirror(this.config.current);
    this.statusClient = this.buildStatus(this.config.current);
    for (const p of this.config.problems) log.warn(`setting ${p.key}: ${p.message}`);
    this._register(
      this.config.onDidChange(({ previous, current }) => {
        for (const p of this.config.problems) log.warn(`setting ${p.key}: ${p.message}`);
        if (mirrorClientChanged(previous, current)) {
          const old = this.mirrorClient;
          this.mirrorClient = this.buildMirror(current);
          old.dispose(); // cancels the old network's requests
          this.setProblem(undefined);
          log.info(`mirror node: ${current.mirrorBaseUrl} (${current.network})`);
          this.clientChanged.fire(this.mirrorClient);
        }
        if (previous.statusUrl !== current.statusUrl || previous.requestTimeoutMs !== current.requestTimeoutMs) {
          const old = this.statusClient;
          this.statusClient = this.buildStatus(current);
          old.dispose();
          this.statusClientChanged.fire(this.statusClient);
        }
      }),
    );
    log.info(`mirror node: ${this.config.current.mirrorBaseUrl} (${this.config.current.network})`);
  }

  get mirror(): MirrorClient {
    return this.mirrorClient;
  }

  get status(): StatusClient {
    return this.statusClient;
  }

  get mirrorProblem(): MirrorProblem | undefined {
    return this.problem;
  }

  override dispose(): void {
    this.mirrorClient.dispose();
    this.statusClient.dispose();
    super.dispose();
  }

  private setProblem(p: MirrorProblem | undefined): void {
    if (p === this.problem || (!p && !this.problem)) return;
    this.problem = p;
    this.problemChanged.fire(p);
  }

  private buildMirror(config: LedgerLensConfig): MirrorClient {
    return createMirrorClient({
      baseUrl: config.mirrorBaseUrl,
      timeoutMs: config.requestTimeoutMs,
      maxRequestsPerSecond: config.maxRequestsPerSecond,
      onOutcome: outcome => {
        if (outcome.kind === 'ok') this.setProblem(undefined);
        else if (outcome.kind === 'network-error' || outcome.kind === 'server-error') {
          this.log.warn(`mirror node ${outcome.url}: ${outcome.message}`);
          this.setProblem({ at: new Date(), message: outcome.message });
        }
      },
    });
  }

  private buildStatus(config: LedgerLensConfig): StatusClient {
    return createStatusClient({ baseUrl: config.statusUrl, timeoutMs: config.requestTimeoutMs });
  }
}
