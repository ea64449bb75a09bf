import * as assert from 'assert';
import { networkHealth, summarySchema, maintenancesSchema, allMaintenanceInfos } from '../../../src/status';
import type { Network } from '../../../src/ledger';
import {
  escapeIcons,
  healthChange,
  itemLook,
  menuEntries,
  safeLink,
  TimeFormat,
  tooltipMarkdown,
  type StatusSnapshot,
} from '../../../src/features/status/present';
import { component, group, incident, maintenance, summaryDoc } from './builders';
import { scenarioJson, type Scenario } from './fixtures';

const STATUS_URL = 'https://status.hedera.com';
const time = new TimeFormat('Europe/Berlin', 'en-GB');
const NOW = Date.parse('2026-11-20T14:06:00Z');

function snap(scenario: Scenario, network: Network, extra: Partial<StatusSnapshot> = {}): StatusSnapshot {
  const summary = summarySchema.parse(scenarioJson(scenario, 'summary'));
  return {
    network,
    statusUrl: STATUS_URL,
    pageName: summary.page.name,
    health: networkHealth(summary, network),
    checkedAt: NOW - 5000,
    ...extra,
  };
}

describe('status: what the item says', () => {
  it('text and background per scenario and network', () => {
    const cases: [Scenario, Network, string, string | undefined][] = [
      ['all-operational', 'testnet', '$(check) testnet', undefined],
      ['all-operational', 'mainnet-public', '$(check) mainnet-public', undefined],
      ['testnet-degraded', 'testnet', '$(warning) testnet: degraded', undefined],
      ['testnet-degraded', 'mainnet', '$(check) mainnet', undefined],
      ['mainnet-major-outage', 'mainnet', '$(error) mainnet: major outage', 'error'],
      ['mainnet-major-outage', 'testnet', '$(check) testnet', undefined],
      ['previewnet-maintenance', 'previewnet', '$(tools) previewnet: maintenance', undefined],
      ['previewnet-maintenance', 'testnet', '$(check) testnet', undefined],
    ];
    for (const [scenario, network, text, bg] of cases) {
      const look = itemLook(snap(scenario, network));
      assert.strictEqual(look.text, text, `${scenario} ${network}`);
      assert.strictEqual(look.background, bg, `${scenario} ${network}`);
      assert.match(look.accessibilityLabel, new RegExp(network));
    }
  });

  it('a partial outage gets the warning background', () => {
    const s = summarySchema.parse(
      summaryDoc({ components: group('g', 'Testnet', 'x', [component('a', 'A', 'partial_outage')]) }),
    );
    const look = itemLook({ network: 'testnet', statusUrl: STATUS_URL, health: networkHealth(s, 'testnet') });
    assert.strictEqual(look.text, '$(warning) testnet: partial outage');
    assert.strictEqual(look.background, 'warning');
  });

  it('an unreachable page shows "status unknown", never the stale reading or "operational"', () => {
    const s = snap('all-operational', 'testnet', {
      error: { message: 'cannot reach status page: connection refused by x', at: NOW },
    });
    const look = itemLook(s);
    assert.strictEqual(look.text, '$(question) testnet: status unknown');
    assert.strictEqual(look.background, undefined);
    const md = tooltipMarkdown(s, { now: NOW, time }).replace(/\\(.)/g, '$1');
    assert.match(md, /Cannot reach status page: connection refused by x/);
    assert.match(md, /_Last known \(.*\): operational_/);
    assert.doesNotMatch(md.split('\n')[0], /operational/);
  });

  it('before any answer it says it is checking', () => {
    const look = itemLook({ network: 'previewnet', statusUrl: STATUS_URL });
    assert.strictEqual(look.text, '$(sync~spin) previewnet');
  });
});

describe('status: tooltip', () => {
  it('lists components, incidents, maintenances, page indicator and last check', () => {
    const md = tooltipMarkdown(snap('mainnet-major-outage', 'mainnet'), {
      now: NOW,
      time,
      detailsCommand: 'ledgerLens.showStatus',
    });
    assert.match(md, /^\*\*Ledger Lens · mainnet\*\*: major outage/);
    assert.match(md, /- Consensus Nodes: major outage/);
    assert.match(md, /- JSON\\-RPC Relay: partial outage/);
    assert.match(md, /- Mirror Node REST API: operational/);
    assert.match(
      md,
      /\[Mainnet transactions not reaching consensus\]\(https:\/\/stspg\.io\/in9mnc\): identified, impact critical, updated 20 Nov 2026, 10:40 \(local\) · 2026-11-20 09:40 UTC/,
    );
    assert.match(
      md,
      /\*\*Upcoming maintenance\*\*\n\n- \[Mainnet upgrade to v0\\\.70\]\(https:\/\/stspg\.io\/mx7upg\): 26 Nov 2026, 19:00 – 19:45 \(local\) · 2026-11-26 18:00 – 18:45 UTC/,
    );
    assert.match(md, /\[Hedera\]\(https:\/\/status\.hedera\.com\/\), whole page: Major System Outage/);
    assert.match(md, /Last checked 20 Nov 2026, 15:05 \(local\)/);
    assert.match(md, /\[Details\]\(command:ledgerLens\.showStatus\)/);
  });

  it('in-progress maintenance is listed as such', () => {
    const md = tooltipMarkdown(snap('previewnet-maintenance', 'previewnet'), { now: NOW, time });
    assert.match(md, /\*\*Maintenance in progress\*\*\n\n- \[Previewnet reset and upgrade\]/);
    assert.doesNotMatch(md, /Upcoming maintenance/);
    assert.match(md, /No unresolved incidents/);
  });

  it('mentions a mirror node problem', () => {
    const md = tooltipMarkdown(
      snap('all-operational', 'testnet', { mirrorProblem: { message: 'HTTP 503 from mirror', at: new Date(NOW) } }),
      { now: NOW, time },
    );
    assert.match(md, /Mirror node problem: HTTP 503 from mirror/);
  });

  it('escapes everything from the network: no link, HTML, command or icon gets through', () => {
    const evil = '[x](command:workbench.action.terminal.new) <img src=x onerror=alert(1)> $(zap) **b**';
    const s = summarySchema.parse(
      summaryDoc({
        components: group('g', 'Testnet', 'x', [component('a', evil, evil)]),
        incidents: [incident('i', evil, evil, ['a'], { impact: evil, shortlink: 'javascript:alert(1)' })],
        maintenances: [
          maintenance('m', evil, 'scheduled', ['a'], ['2026-01-01T00:00:00Z', '2026-01-01T01:00:00Z'], {
            shortlink: 'command:workbench.action.terminal.new',
          }),
        ],
        description: evil,
      }),
    );
    const md = tooltipMarkdown(
      {
        network: 'testnet',
        statusUrl: STATUS_URL,
        pageName: evil,
        health: networkHealth(s, 'testnet'),
        checkedAt: NOW,
        mirrorProblem: { message: evil, at: new Date(NOW) },
      },
      { now: NOW, time },
    );
    assert.doesNotMatch(md, /\]\(command:workbench/);
    assert.doesNotMatch(md, /javascript:/);
    assert.doesNotMatch(md, /<img/);
    assert.doesNotMatch(md, /\$\(zap\)/);
    assert.doesNotMatch(md, /(^|[^\\])\*\*b\*\*/);
  });

  it('a page without the network group says the page-wide status is shown', () => {
    const s = summarySchema.parse(
      summaryDoc({
        components: [component('a', 'API', 'operational')],
        indicator: 'minor',
        description: 'Minor Service Outage',
      }),
    );
    const h = networkHealth(s, 'testnet');
    assert.strictEqual(
      itemLook({ network: 'testnet', statusUrl: STATUS_URL, health: h }).text,
      '$(warning) testnet: degraded',
    );
    assert.match(
      tooltipMarkdown({ network: 'testnet', statusUrl: STATUS_URL, health: h }, { now: NOW, time }),
      /no "Testnet" group on this page/,
    );
  });
});

describe('status: links, times and notifications', () => {
  it('safeLink allows https anywhere and http only on the configured status origin', () => {
    assert.strictEqual(safeLink('https://stspg.io/x', STATUS_URL), 'https://stspg.io/x');
    assert.strictEqual(safeLink('http://stspg.io/x', STATUS_URL), undefined);
    assert.strictEqual(
      safeLink('http://127.0.0.1:18400/incidents/1', 'http://127.0.0.1:18400'),
      'http://127.0.0.1:18400/incidents/1',
    );
    assert.strictEqual(safeLink('http://127.0.0.1:18401/', 'http://127.0.0.1:18400'), undefined);
    for (const bad of [
      'javascript:alert(1)',
      'command:x',
      'file:///etc/passwd',
      'https://user:pw@x.example/',
      'not a url',
      '',
      null,
    ]) {
      assert.strictEqual(safeLink(bad, STATUS_URL), undefined, String(bad));
    }
  });

  it('time windows in local time and UTC, across a day boundary', () => {
    assert.strictEqual(
      time.window('2026-11-26T18:00:00Z', '2026-11-26T18:45:00Z'),
      '26 Nov 2026, 19:00 – 19:45 (local) · 2026-11-26 18:00 – 18:45 UTC',
    );
    assert.strictEqual(
      time.window('2026-11-26T22:30:00Z', '2026-11-27T01:00:00Z'),
      '26 Nov 2026, 23:30 – 27 Nov 2026, 02:00 (local) · 2026-11-26 22:30 – 2026-11-27 01:00 UTC',
    );
    assert.strictEqual(time.window(null, null), 'time not announced');
    assert.match(time.instant('garbage'), /garbage \(unreadable time\)/);
  });

  it('notifies going from healthy to troubled and back, not on unknown', () => {
    assert.strictEqual(healthChange('operational', 'degraded'), 'degraded');
    assert.strictEqual(healthChange('operational', 'major_outage'), 'degraded');
    assert.strictEqual(healthChange('degraded', 'operational'), 'recovered');
    assert.strictEqual(healthChange('degraded', 'major_outage'), undefined);
    assert.strictEqual(healthChange(undefined, 'degraded'), undefined, 'no baseline: first reading');
    assert.strictEqual(healthChange('operational', 'unknown'), undefined);
    assert.strictEqual(healthChange('operational', 'operational'), undefined);
  });

  it('escapeIcons keeps $( from becoming a codicon', () => {
    assert.strictEqual(escapeIcons('a $(zap) b'), 'a \\$(zap) b');
  });
});

describe('status: click menu', () => {
  it('the same content plus every scheduled maintenance, each opening a checked link', () => {
    const all = allMaintenanceInfos(
      maintenancesSchema.parse(scenarioJson('previewnet-maintenance', 'all')).scheduled_maintenances,
    );
    const entries = menuEntries(snap('previewnet-maintenance', 'previewnet'), all, time);
    const labels = entries.map(e => e.label);
    assert.strictEqual(labels[0], '$(tools) previewnet: maintenance');
    assert.ok(entries.some(e => e.action?.kind === 'selectNetwork'));
    assert.ok(labels.includes('Components') && labels.includes('All scheduled maintenances'));
    const allStart = labels.indexOf('All scheduled maintenances');
    const listed = entries.slice(allStart + 1);
    assert.deepStrictEqual(
      listed.map(e => e.label),
      [
        '$(calendar) Mainnet upgrade to v0.70',
        '$(tools) Previewnet reset and upgrade',
        '$(calendar) Testnet upgrade to v0.69',
      ],
    );
    for (const e of entries) {
      if (e.action?.kind === 'open') assert.ok(safeLink(e.action.url, STATUS_URL), e.action.url);
    }
    assert.strictEqual(listed[0].action?.kind === 'open' && listed[0].action.url, 'https://stspg.io/mx7upg');
  });

  it('says when the list could not be loaded or is still loading', () => {
    const s = snap('all-operational', 'testnet');
    assert.ok(menuEntries(s, undefined, time).some(e => /Loading/.test(e.label)));
    const failed = menuEntries(s, { error: 'cannot reach status page: x' }, time);
    assert.ok(failed.some(e => /Could not load/.test(e.label) && /Cannot reach status page: x/.test(e.detail ?? '')));
  });
});
