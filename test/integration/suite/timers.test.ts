// No poller outlives its reason, counted: every setTimeout/setInterval made from Ledger Lens's code
// while these tests run is tracked until it fires or is cleared, and the live ones are counted
// after each feature stops (the Blocks view hidden, the Accounts refresh turned off or hidden) or
// is disposed (a second status feature, built from the same sources, disposed).
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../../src/features/context';
import { wireStatus } from '../../../src/features/status/switch';
import { AGE_REDRAW_MS } from '../../../src/features/accounts/ages';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';
import { patient } from '../../support/patience';

interface LiveTimer {
  readonly kind: 'timeout' | 'interval';
  readonly ms: number;
  readonly stack: string;
}

/** Wraps the global timer functions; `live()` lists the timers made since install, not yet over. */
class TimerCensus {
  private readonly timers = new Map<unknown, LiveTimer>();
  private originals?: {
    setTimeout: typeof setTimeout;
    setInterval: typeof setInterval;
    clearTimeout: typeof clearTimeout;
    clearInterval: typeof clearInterval;
  };

  install(): void {
    const g = globalThis;
    const o = {
      setTimeout: g.setTimeout,
      setInterval: g.setInterval,
      clearTimeout: g.clearTimeout,
      clearInterval: g.clearInterval,
    };
    this.originals = o;
    const timers = this.timers;
    const track = (kind: LiveTimer['kind'], handle: unknown, ms: unknown) =>
      timers.set(handle, { kind, ms: typeof ms === 'number' ? ms : 0, stack: new Error().stack ?? '' });
    g.setTimeout = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const handle: unknown = o.setTimeout(
        (...a: unknown[]) => {
          timers.delete(handle);
          fn(...a);
        },
        ms,
        ...args,
      );
      track('timeout', handle, ms);
      return handle;
    }) as typeof setTimeout;
    g.setInterval = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const handle = o.setInterval(fn, ms, ...args);
      track('interval', handle, ms);
      return handle;
    }) as typeof setInterval;
    g.clearTimeout = (handle?: Parameters<typeof clearTimeout>[0]) => {
      timers.delete(handle);
      o.clearTimeout(handle);
    };
    g.clearInterval = (handle?: Parameters<typeof clearInterval>[0]) => {
      timers.delete(handle);
      o.clearInterval(handle);
    };
  }

  uninstall(): void {
    if (this.originals) Object.assign(globalThis, this.originals);
    this.originals = undefined;
  }

  /** Live timers whose creation stack passes through a file `files` matches. */
  live(files: RegExp, filter: (t: LiveTimer) => boolean = () => true): LiveTimer[] {
    return [...this.timers.values()].filter(t => files.test(t.stack) && filter(t));
  }
}

// Ledger Lens's files: the startup file and the parts loaded on first use (a view's feature sets its
// timers from its own lazy file), with the chunks they share.
const BUNDLE = /\/dist\/(?:extension|lazy-[\w-]+|chunk-\w+)\.js/;
const BLOCKS_MS = 10_000;
const ACCOUNTS_MS = 37_000; // a period nothing else uses, to tell the Accounts refresh apart

describe('timers: no poller outlives its reason', function () {
  this.timeout(patient(60_000));
  const census = new TimerCensus();
  const replay = useReplay();
  let api: LedgerLensExports;

  before(async () => {
    api = await activateLedgerLens();
    census.install();
  });

  after(async () => {
    census.uninstall();
    await resetSettings('ledgerLens.accounts', 'ledgerLens.accountsRefreshIntervalSeconds');
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('the Blocks view polls only while visible: hidden, its interval is gone', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await vscode.commands.executeCommand('ledgerLens.blocks.focus');
    const polling = await waitFor(
      () => census.live(BUNDLE, t => t.kind === 'interval' && t.ms === BLOCKS_MS).length === 1,
      10_000,
      'the Blocks interval while visible',
    );
    assert.ok(polling);
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(
      () => census.live(BUNDLE, t => t.kind === 'interval' && t.ms === BLOCKS_MS).length === 0,
      10_000,
      'no Blocks interval once hidden',
    );
    assert.ok(replay().mirror.requests.some(r => r.url.startsWith('/api/v1/blocks')));
  });

  it('the Accounts refresh runs only while on and visible: off or hidden, its interval is gone', async () => {
    await setSetting('ledgerLens.accounts', ['0.0.8']);
    await setSetting('ledgerLens.accountsRefreshIntervalSeconds', ACCOUNTS_MS / 1000);
    await vscode.commands.executeCommand('ledgerLens.accounts.focus');
    const refresh = () => census.live(BUNDLE, t => t.kind === 'interval' && t.ms === ACCOUNTS_MS).length;
    const accounts = api.features['accounts'] as { treeView: vscode.TreeView<unknown> } | undefined;
    await waitFor(() => refresh() === 1, 10_000, 'the Accounts interval while on and visible').catch((e: unknown) => {
      const live = census.live(BUNDLE).map(t => `${t.kind} ${t.ms}`);
      const state = `visible ${accounts?.treeView.visible}, setting ${api.services.config.current.accountsRefreshIntervalSeconds}`;
      throw new Error(`${e instanceof Error ? e.message : String(e)} (${state}; live: ${live.join(', ')})`);
    });
    await setSetting('ledgerLens.accountsRefreshIntervalSeconds', 0);
    await waitFor(() => refresh() === 0, 10_000, 'no Accounts interval once turned off');
    await setSetting('ledgerLens.accountsRefreshIntervalSeconds', ACCOUNTS_MS / 1000);
    await waitFor(() => refresh() === 1, 10_000, 'the Accounts interval on again');
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => refresh() === 0, 10_000, 'no Accounts interval once hidden');
  });

  it('the Accounts view redraws its ages only while visible: hidden, the age interval is gone', async () => {
    await setSetting('ledgerLens.accounts', ['0.0.8']);
    const ages = () => census.live(BUNDLE, t => t.kind === 'interval' && t.ms === AGE_REDRAW_MS).length;
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => ages() === 0, 10_000, 'no age interval while the Accounts view is hidden');
    await vscode.commands.executeCommand('ledgerLens.accounts.focus');
    await waitFor(() => ages() === 1, 10_000, 'the age interval while the Accounts view is visible');
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => ages() === 0, 10_000, 'no age interval once hidden');
  });

  it('a status feature leaves no timer once disposed', async () => {
    // A second status feature from the same sources (compiled to out/src), beside the extension's
    // own: its commands are not registered twice, everything else is real.
    const exports: LedgerLensExports = { services: api.services, features: {} };
    const feature = wireStatus(
      {
        extension: { subscriptions: [] } as unknown as vscode.ExtensionContext,
        exports,
        registerCommand: () => new vscode.Disposable(() => undefined),
      },
      api.services,
    );
    const mine = () => census.live(/\/out\/src\//);
    try {
      await waitFor(() => mine().length > 0, 15_000, 'the second status feature schedules its poll');
    } finally {
      feature.dispose();
    }
    // A poll in flight when disposed is aborted; nothing may be left or scheduled after that.
    await new Promise(resolve => setTimeout(resolve, 500));
    assert.deepStrictEqual(
      mine().map(t => `${t.kind} ${t.ms} ms`),
      [],
      'live timers of the disposed status feature',
    );
  });
});
