// The network status item in a real extension host, against the loopback status page serving each
// shared scenario: what the item and its tooltip say, the click menu, backoff on failures, and
// that no poll outlives a network switch or the feature itself.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { FeatureHost, LedgerLensExports } from '../../../src/features/context';
import type { StatusFeatureApi } from '../../../src/features/status';
import { wireStatus } from '../../../src/features/status/switch';
import { Services } from '../../../src/app/services';
import { activateLedgerLens, resetSettings, setSetting, useReplay, waitFor } from '../helpers';
import { patient } from '../../support/patience';

type Net = 'testnet' | 'mainnet' | 'previewnet' | 'mainnet-public';

// What each scenario's README says the selected network's item must read.
const EXPECTED: Record<string, Partial<Record<Net, string>>> = {
  'all-operational': { testnet: '$(check) testnet', mainnet: '$(check) mainnet', previewnet: '$(check) previewnet' },
  'testnet-degraded': { testnet: '$(warning) testnet: degraded', mainnet: '$(check) mainnet' },
  'mainnet-major-outage': {
    mainnet: '$(error) mainnet: major outage',
    'mainnet-public': '$(error) mainnet-public: major outage',
    testnet: '$(check) testnet',
  },
  'previewnet-maintenance': { previewnet: '$(tools) previewnet: maintenance', testnet: '$(check) testnet' },
};

function statusApi(api: LedgerLensExports): StatusFeatureApi {
  const s = api.features['status'] as StatusFeatureApi | undefined;
  assert.ok(s, 'exports.features.status');
  return s;
}

function tooltipOf(item: vscode.StatusBarItem): string {
  const t = item.tooltip;
  assert.ok(t instanceof vscode.MarkdownString, 'the tooltip is Markdown');
  // Escaped punctuation read as the user sees it.
  return t.value.replace(/\\(.)/g, '$1');
}

async function selectNetwork(api: LedgerLensExports, network: Net): Promise<void> {
  if (api.services.config.current.network === network) return;
  await setSetting('ledgerLens.network', network);
  await waitFor(() => api.services.config.current.network === network, 5000, `network ${network}`);
}

describe('status bar item', () => {
  const replay = useReplay({ scenario: 'all-operational' });
  let api: LedgerLensExports;
  let status: StatusFeatureApi;

  before(async () => {
    api = await activateLedgerLens();
    status = statusApi(api);
  });

  afterEach(async () => {
    await replay().status.setFault(undefined);
    replay().status.setScenario('all-operational');
    status.poller.setIntervalMs(api.services.config.current.status.pollIntervalSeconds * 1000);
    await resetSettings('ledgerLens.network');
    await status.refresh();
  });

  it('is the left-side item ledgerLens.status that opens the details', () => {
    assert.strictEqual(status.item.id, 'ledgerLens.status');
    assert.strictEqual(status.item.alignment, vscode.StatusBarAlignment.Left);
    assert.strictEqual(status.item.name, 'Ledger Lens network status');
    assert.strictEqual(status.item.command, 'ledgerLens.showStatus');
  });

  for (const [scenario, byNetwork] of Object.entries(EXPECTED)) {
    it(`${scenario}: text and tooltip for each network`, async () => {
      replay().status.setScenario(scenario);
      for (const [network, text] of Object.entries(byNetwork) as [Net, string][]) {
        await selectNetwork(api, network);
        await status.refresh();
        await waitFor(
          () => status.item.text === text,
          5000,
          `${scenario}/${network}: "${text}" (shows "${status.item.text}")`,
        );
        const tip = tooltipOf(status.item);
        assert.match(tip, new RegExp(`^\\*\\*Ledger Lens · ${network}\\*\\*`));
        for (const component of ['Consensus Nodes', 'Mirror Node REST API', 'Mirror Node gRPC API', 'JSON-RPC Relay']) {
          assert.ok(tip.includes(`- ${component}: `), `${scenario}/${network} tooltip lists ${component}`);
        }
        assert.match(tip, /Last checked .+ \(local\) · \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
        const bg = status.item.backgroundColor?.id;
        if (text.includes('major outage')) assert.strictEqual(bg, 'statusBarItem.errorBackground');
        else assert.strictEqual(bg, undefined, `${scenario}/${network}: no alarm colour`);
      }
    });
  }

  it('the tooltip carries the network’s incidents and maintenances, not other networks’', async () => {
    replay().status.setScenario('mainnet-major-outage');
    await selectNetwork(api, 'mainnet');
    await status.refresh();
    await waitFor(() => status.item.text.includes('major outage'), 5000, 'mainnet outage shown');
    let tip = tooltipOf(status.item);
    assert.match(tip, /- Consensus Nodes: major outage/);
    assert.match(tip, /- JSON-RPC Relay: partial outage/);
    assert.match(
      tip,
      /\[Mainnet transactions not reaching consensus\]\(https:\/\/stspg\.io\/in9mnc\): identified, impact critical, updated /,
    );
    assert.match(
      tip,
      /\*\*Upcoming maintenance\*\*\n\n- \[Mainnet upgrade to v0.70\]\(https:\/\/stspg\.io\/mx7upg\): .+ \(local\) · 2026-11-26 18:00 – 18:45 UTC/,
    );
    assert.match(tip, /whole page: Major System Outage/);

    await selectNetwork(api, 'testnet');
    await status.refresh();
    await waitFor(() => status.item.text === '$(check) testnet', 5000, 'testnet shown');
    tip = tooltipOf(status.item);
    assert.doesNotMatch(tip, /Mainnet transactions not reaching consensus/);
    assert.doesNotMatch(tip, /Mainnet upgrade/);
    assert.match(tip, /No unresolved incidents/);

    replay().status.setScenario('previewnet-maintenance');
    await selectNetwork(api, 'previewnet');
    await status.refresh();
    await waitFor(() => status.item.text === '$(tools) previewnet: maintenance', 5000, 'previewnet maintenance shown');
    tip = tooltipOf(status.item);
    assert.match(tip, /\*\*Maintenance in progress\*\*\n\n- \[Previewnet reset and upgrade\]/);
  });

  it('an unreachable page reads "status unknown", never operational, and recovers', async () => {
    await status.refresh();
    assert.strictEqual(status.item.text, '$(check) testnet');
    await replay().status.setFault({ kind: 'down' });
    await status.refresh();
    assert.strictEqual(status.item.text, '$(question) testnet: status unknown');
    const tip = tooltipOf(status.item);
    assert.match(tip, /Cannot reach status page at \S+: connection refused/);
    assert.doesNotMatch(tip.split('\n')[0], /operational/);
    assert.strictEqual(status.item.backgroundColor, undefined);

    await replay().status.setFault({ kind: 'serverError', status: 503 });
    await status.refresh();
    assert.match(tooltipOf(status.item), /Status page unavailable: status page answered HTTP 503/);

    await replay().status.setFault(undefined);
    await status.refresh();
    assert.strictEqual(status.item.text, '$(check) testnet');
  });

  it('polling backs off on failures and returns to the interval after a success', async function () {
    this.timeout(patient(20_000));
    const server = replay().status;
    await server.setFault({ kind: 'serverError', status: 500 });
    // A short interval so the doubling shows in seconds; the poller runs on its real timers here.
    status.poller.setIntervalMs(150);
    status.poller.setActive(true);
    const seenAt: number[] = [];
    await status.poller.restart();
    seenAt.push(Date.now());
    await waitFor(
      () => {
        if (status.poller.failures > seenAt.length) seenAt.push(Date.now());
        return status.poller.failures >= 5;
      },
      15_000,
      'five failures in a row',
    );
    assert.match(status.item.text, /status unknown/);
    const gaps = seenAt.slice(1).map((t, i) => t - seenAt[i]);
    // 150, 300, 600, 1200 ms (±10% jitter, plus scheduling slack): each wait clearly longer.
    for (let i = 1; i < gaps.length; i++) assert.ok(gaps[i] > gaps[i - 1] * 1.25, `gaps grow: ${gaps.join(', ')}`);
    assert.ok(gaps[3] >= 1000, `fourth wait about 1.2 s: ${gaps.join(', ')}`);
    assert.ok(status.poller.nextCheckAt! - Date.now() > 2000, 'the next wait is about 2.4 s');

    await server.setFault(undefined);
    await status.refresh();
    assert.strictEqual(status.poller.failures, 0);
    assert.strictEqual(status.item.text, '$(check) testnet');
    const wait = status.poller.nextCheckAt! - Date.now();
    assert.ok(wait <= 170, `back to the interval: ${wait} ms`);
  });

  it('a network switch leaves one timer: the old network is never polled again', async function () {
    this.timeout(patient(20_000));
    const server = replay().status;
    status.poller.setIntervalMs(400);
    status.poller.setActive(true);
    for (const network of ['mainnet', 'previewnet', 'testnet'] as Net[]) {
      await selectNetwork(api, network);
    }
    await status.refresh();
    server.resetRequests();
    const t0 = Date.now();
    await new Promise(r => setTimeout(r, 2100));
    const n = server.requests.filter(r => r.url === '/api/v2/summary.json').length;
    const elapsed = Date.now() - t0;
    // One timer at 400 ms ±10% → at most about 6 polls; a leftover timer per switch would double or
    // quadruple it. A loaded machine only delays timers, so the lower bound is only "it still polls".
    assert.ok(n >= 2 && n <= Math.ceil(elapsed / 360) + 1, `${n} polls in ${elapsed} ms`);
    assert.strictEqual(status.poller.hasTimer, true);
  });

  it('the click menu lists the status, every scheduled maintenance and Select network', async function () {
    this.timeout(patient(15_000));
    replay().status.setScenario('previewnet-maintenance');
    await selectNetwork(api, 'previewnet');
    await vscode.commands.executeCommand('ledgerLens.showStatus');
    const menu = await waitFor(() => status.menu, 5000, 'the menu opens');
    try {
      await waitFor(
        () => menu.items.some(i => i.label.includes('Testnet upgrade to v0.69')),
        5000,
        'all maintenances loaded',
      );
      const labels = menu.items.map(i => i.label);
      assert.strictEqual(labels[0], '$(tools) previewnet: maintenance');
      assert.ok(labels.includes('$(globe) Select network…'));
      const all = labels.slice(labels.indexOf('All scheduled maintenances') + 1);
      assert.deepStrictEqual(all, [
        '$(calendar) Mainnet upgrade to v0.70',
        '$(tools) Previewnet reset and upgrade',
        '$(calendar) Testnet upgrade to v0.69',
      ]);
      const completed = menu.items.find(i => i.label.includes('Testnet upgrade to v0.69'));
      assert.match(completed?.description ?? '', /^completed/);
      assert.ok(replay().status.requests.some(r => r.url === '/api/v2/scheduled-maintenances.json'));
    } finally {
      menu.hide();
    }
    await waitFor(() => status.menu === undefined, 5000, 'the menu closes');
  });

  it('notifyOnChange: a warning when the network degrades, a note when it recovers', async function () {
    this.timeout(patient(15_000));
    // The extension and this suite share one vscode API object (same extension), so the messages
    // it shows can be watched here.
    const window = vscode.window as { -readonly [K in keyof typeof vscode.window]: (typeof vscode.window)[K] };
    const shown: string[] = [];
    const originalWarning = window.showWarningMessage;
    const originalInfo = window.showInformationMessage;
    window.showWarningMessage = (message: string) => {
      shown.push(`warning: ${message}`);
      return Promise.resolve(undefined);
    };
    window.showInformationMessage = (message: string) => {
      shown.push(`info: ${message}`);
      return Promise.resolve(undefined);
    };
    try {
      await status.refresh();
      assert.strictEqual(status.item.text, '$(check) testnet');
      replay().status.setScenario('testnet-degraded');
      await status.refresh();
      assert.deepStrictEqual(shown, [], 'off by default');
      replay().status.setScenario('all-operational');
      await status.refresh();

      await setSetting('ledgerLens.status.notifyOnChange', true);
      await waitFor(() => api.services.config.current.status.notifyOnChange, 5000, 'notifyOnChange read');
      replay().status.setScenario('testnet-degraded');
      await status.refresh();
      await replay().status.setFault({ kind: 'down' });
      await status.refresh(); // unreachable: not a change of health
      await replay().status.setFault(undefined);
      await status.refresh(); // still degraded: no second warning
      replay().status.setScenario('all-operational');
      await status.refresh();
      assert.deepStrictEqual(shown, [
        'warning: Ledger Lens: testnet is now degraded (Testnet mirror node REST API latency).',
        'info: Ledger Lens: testnet is operational again.',
      ]);
      // Switching to a network that is already down is not news.
      replay().status.setScenario('mainnet-major-outage');
      await selectNetwork(api, 'mainnet');
      await status.refresh();
      await waitFor(() => status.item.text.includes('major outage'), 5000, 'mainnet outage shown');
      assert.strictEqual(shown.length, 2);
    } finally {
      window.showWarningMessage = originalWarning;
      window.showInformationMessage = originalInfo;
      await resetSettings('ledgerLens.status.notifyOnChange');
    }
  });

  it('status.enabled: off, no request reaches the status page and the item is gone; on again, it polls', async function () {
    this.timeout(patient(20_000));
    status.poller.setIntervalMs(200); // poll fast, so that "0 requests while off" means something
    try {
      await setSetting('ledgerLens.status.enabled', false);
      await waitFor(() => api.features['status'] === undefined, 5000, 'the status feature is gone');
      const before = replay().status.requests.length;
      await new Promise(resolve => setTimeout(resolve, 1500));
      assert.strictEqual(replay().status.requests.length - before, 0, 'no status request while off');
    } finally {
      await resetSettings('ledgerLens.status.enabled');
    }
    await waitFor(() => api.features['status'] !== undefined, 5000, 'the status feature is back');
    status = statusApi(api);
    const off = replay().status.requests.length;
    await status.refresh();
    assert.ok(replay().status.requests.length > off, 'polling resumed');
    assert.strictEqual(status.item.text, '$(check) testnet');
  });

  it('shows a mirror node problem in the tooltip', async function () {
    this.timeout(patient(15_000));
    replay().mirror.setFault({ kind: 'serverError', status: 503 });
    try {
      await api.services.mirror.getAccount('0.0.2').catch(() => undefined);
      await waitFor(() => api.services.mirrorProblem, 10_000, 'a mirror problem');
      await waitFor(() => /Mirror node problem: /.test(tooltipOf(status.item)), 5000, 'the tooltip names it');
    } finally {
      replay().mirror.setFault(undefined);
    }
  });
});

describe('status feature lifetime', () => {
  const replay = useReplay({ scenario: 'testnet-degraded' });

  it('dispose leaves no timer and sends no request after', async function () {
    this.timeout(patient(15_000));
    await activateLedgerLens();
    // A second feature on its own services, so the extension's own item is left alone.
    const log = vscode.window.createOutputChannel('Ledger Lens status test', { log: true });
    const services = new Services(log);
    const exports: LedgerLensExports = { services, features: {} };
    const ctx: FeatureHost = {
      extension: undefined as unknown as vscode.ExtensionContext,
      exports,
      registerCommand: () => new vscode.Disposable(() => undefined),
    };
    const feature = wireStatus(ctx, services);
    const api = exports.features['status'] as StatusFeatureApi;
    try {
      assert.strictEqual(services.config.current.statusUrl, replay().status.url);
      await api.refresh();
      assert.strictEqual(api.item.text, '$(warning) testnet: degraded');
      api.poller.setIntervalMs(200);
      api.poller.setActive(true);
      await api.refresh();
      assert.strictEqual(api.poller.hasTimer, true);
    } finally {
      feature.dispose();
      services.dispose();
      log.dispose();
    }
    assert.strictEqual(api.poller.isDisposed, true);
    assert.strictEqual(api.poller.hasTimer, false);
    replay().status.resetRequests();
    await new Promise(r => setTimeout(r, 800));
    // The extension's own item may poll on its own schedule (60 s): nothing within 800 ms is ours.
    assert.deepStrictEqual(
      replay().status.requests.map(r => r.url),
      [],
    );
  });
});
