import * as assert from 'assert';
import {
  allMaintenanceInfos,
  maintenancesSchema,
  networkHealth,
  summarySchema,
  worstLevel,
  type HealthLevel,
} from '../../../src/status';
import type { Network } from '../../../src/ledger';
import { component, group, incident, maintenance, summaryDoc } from './builders';
import { SCENARIOS, scenarioJson, type Scenario } from './fixtures';

const summaryOf = (s: Scenario) => summarySchema.parse(scenarioJson(s, 'summary'));
const maintenancesOf = (s: Scenario, doc: 'upcoming' | 'active' | 'all') =>
  maintenancesSchema.parse(scenarioJson(s, doc)).scheduled_maintenances;

describe('status: network health over the shared scenarios', () => {
  // What each scenario's README says, per network.
  const expected: Record<Scenario, Partial<Record<Network, HealthLevel>>> = {
    'all-operational': {
      'mainnet-public': 'operational',
      mainnet: 'operational',
      testnet: 'operational',
      previewnet: 'operational',
    },
    'testnet-degraded': {
      'mainnet-public': 'operational',
      mainnet: 'operational',
      testnet: 'degraded',
      previewnet: 'operational',
    },
    'mainnet-major-outage': {
      'mainnet-public': 'major_outage',
      mainnet: 'major_outage',
      testnet: 'operational',
      previewnet: 'operational',
    },
    'previewnet-maintenance': {
      'mainnet-public': 'operational',
      mainnet: 'operational',
      testnet: 'operational',
      previewnet: 'maintenance',
    },
  };

  for (const scenario of SCENARIOS) {
    it(`${scenario}: every document parses and each network gets its own level`, () => {
      const summary = summaryOf(scenario);
      for (const doc of ['upcoming', 'active', 'all'] as const) assert.ok(Array.isArray(maintenancesOf(scenario, doc)));
      for (const network of Object.keys(expected[scenario]) as Network[]) {
        const h = networkHealth(summary, network, [
          ...maintenancesOf(scenario, 'upcoming'),
          ...maintenancesOf(scenario, 'active'),
        ]);
        assert.strictEqual(h.level, expected[scenario][network], `${scenario} ${network}`);
        assert.strictEqual(h.matchedGroup, true);
        // The four components of the network's group, in page order, and nothing from other groups.
        assert.deepStrictEqual(
          h.components.map(c => c.name),
          ['Consensus Nodes', 'Mirror Node REST API', 'Mirror Node gRPC API', 'JSON-RPC Relay'],
        );
        const groupId = summary.components.find(c => c.group && c.name === h.displayName)!.id;
        for (const c of h.components)
          assert.strictEqual(summary.components.find(x => x.id === c.id)!.group_id, groupId);
        assert.strictEqual(h.pageIndicator.indicator, summary.status.indicator);
      }
    });
  }

  it('mainnet-public and mainnet both read the Mainnet group', () => {
    const s = summaryOf('mainnet-major-outage');
    const a = networkHealth(s, 'mainnet-public');
    const b = networkHealth(s, 'mainnet');
    assert.strictEqual(a.displayName, 'Mainnet');
    assert.deepStrictEqual(a.components, b.components);
    assert.deepStrictEqual(
      a.components.filter(c => c.level !== 'operational').map(c => [c.name, c.status]),
      [
        ['Consensus Nodes', 'major_outage'],
        ['JSON-RPC Relay', 'partial_outage'],
      ],
    );
  });

  it('an incident belongs to the network whose components it names', () => {
    const s = summaryOf('testnet-degraded');
    const t = networkHealth(s, 'testnet');
    assert.deepStrictEqual(
      t.incidents.map(i => [i.name, i.status, i.impact]),
      [['Testnet mirror node REST API latency', 'investigating', 'minor']],
    );
    assert.ok(t.incidents[0].lastUpdateAt);
    assert.strictEqual(networkHealth(s, 'mainnet').incidents.length, 0);
    assert.strictEqual(networkHealth(s, 'previewnet').incidents.length, 0);

    const m = networkHealth(summaryOf('mainnet-major-outage'), 'mainnet');
    assert.deepStrictEqual(
      m.incidents.map(i => i.status),
      ['identified'],
    );
    // The latest update wins, whatever order the page lists them in.
    assert.strictEqual(m.incidents[0].lastUpdateAt, '2026-11-20T09:40:00.000Z');
    assert.match(m.incidents[0].lastUpdate, /identified/);
  });

  it('maintenances: in progress and upcoming for the network only', () => {
    const s = summaryOf('previewnet-maintenance');
    const extra = [
      ...maintenancesOf('previewnet-maintenance', 'upcoming'),
      ...maintenancesOf('previewnet-maintenance', 'active'),
    ];
    const p = networkHealth(s, 'previewnet', extra);
    assert.deepStrictEqual(
      p.maintenances.map(m => [m.name, m.inProgress]),
      [['Previewnet reset and upgrade', true]],
    );
    assert.strictEqual(p.maintenances[0].scheduledFor, '2026-11-20T14:00:00.000Z');
    assert.strictEqual(p.maintenances[0].scheduledUntil, '2026-11-20T16:00:00.000Z');
    const m = networkHealth(s, 'mainnet', extra);
    assert.deepStrictEqual(
      m.maintenances.map(x => [x.name, x.inProgress]),
      [['Mainnet upgrade to v0.70', false]],
    );
    assert.strictEqual(networkHealth(s, 'testnet', extra).maintenances.length, 0);
  });

  it('a maintenance in the extra list replaces the summary copy of the same id', () => {
    const s = summaryOf('all-operational');
    const upcoming = maintenancesOf('all-operational', 'upcoming');
    const h = networkHealth(s, 'mainnet', upcoming);
    assert.strictEqual(h.maintenances.length, 1, 'no duplicate of the same maintenance');
    const completed = upcoming.map(m => ({ ...m, status: 'completed' }));
    assert.strictEqual(networkHealth(s, 'mainnet', completed).maintenances.length, 0);
  });

  it('all scheduled maintenances, past ones included, newest window first', () => {
    const all = allMaintenanceInfos(maintenancesOf('previewnet-maintenance', 'all'));
    const names = all.map(m => m.name);
    assert.deepStrictEqual(names, [
      'Mainnet upgrade to v0.70',
      'Previewnet reset and upgrade',
      'Testnet upgrade to v0.69',
    ]);
    assert.deepStrictEqual(
      all.map(m => m.status),
      ['scheduled', 'in_progress', 'completed'],
    );
  });
});

describe('status: network health from built documents', () => {
  const tn = group('g1', 'Testnet', 'operational', [
    component('a', 'Consensus', 'operational'),
    component('b', 'REST', 'operational'),
  ]);

  it('an unknown component status ranks as unknown, without hiding a known outage', () => {
    const unknownOnly = summarySchema.parse(
      summaryDoc({
        components: group('g1', 'Testnet', 'weird', [
          component('a', 'Consensus', 'operational'),
          component('b', 'REST', 'sideways'),
        ]),
      }),
    );
    const h = networkHealth(unknownOnly, 'testnet');
    assert.strictEqual(h.level, 'unknown');
    assert.deepStrictEqual(
      h.components.map(c => [c.status, c.level]),
      [
        ['operational', 'operational'],
        ['sideways', 'unknown'],
      ],
    );

    const withOutage = summarySchema.parse(
      summaryDoc({
        components: group('g1', 'Testnet', 'x', [
          component('a', 'Consensus', 'major_outage'),
          component('b', 'REST', 'sideways'),
        ]),
      }),
    );
    assert.strictEqual(networkHealth(withOutage, 'testnet').level, 'major_outage');
  });

  it('an unknown page indicator and unknown incident values are kept as sent', () => {
    const s = summarySchema.parse(
      summaryDoc({
        components: tn,
        indicator: 'purple',
        description: 'Something new',
        incidents: [incident('i1', 'Odd', 'pondering', ['b'], { impact: 'cosmic' })],
      }),
    );
    const h = networkHealth(s, 'testnet');
    assert.deepStrictEqual(h.pageIndicator, { indicator: 'purple', description: 'Something new', level: 'unknown' });
    assert.deepStrictEqual(
      h.incidents.map(i => [i.status, i.impact]),
      [['pondering', 'cosmic']],
    );
    assert.strictEqual(h.level, 'operational', 'the group, not the page indicator, decides');
  });

  it('no group of that name: the page indicator decides, top-level components are listed', () => {
    const s = summarySchema.parse(
      summaryDoc({
        components: [
          component('x', 'API', 'degraded_performance'),
          ...group('g9', 'Other', 'operational', [component('y', 'Y', 'operational')]),
        ],
        indicator: 'major',
        incidents: [incident('i1', 'Anything', 'investigating', ['y'])],
      }),
    );
    const h = networkHealth(s, 'testnet');
    assert.strictEqual(h.matchedGroup, false);
    assert.strictEqual(h.level, 'partial_outage');
    assert.deepStrictEqual(
      h.components.map(c => c.name),
      ['API', 'Other'],
    );
    assert.strictEqual(h.incidents.length, 1, 'with no group every unresolved incident is relevant');
  });

  it('matches the group name case-insensitively; ignores a non-group component of that name', () => {
    const s = summarySchema.parse(
      summaryDoc({
        components: [
          component('decoy', 'Testnet', 'major_outage'),
          ...group('g1', 'TESTNET ', 'degraded_performance', [component('a', 'Consensus', 'degraded_performance')]),
        ],
      }),
    );
    const h = networkHealth(s, 'testnet');
    assert.strictEqual(h.matchedGroup, true);
    assert.strictEqual(h.level, 'degraded');
    assert.deepStrictEqual(
      h.components.map(c => c.id),
      ['a'],
    );
  });

  it('page-wide incidents (naming no component) count for every network; resolved ones never', () => {
    const s = summarySchema.parse(
      summaryDoc({
        components: [...tn, ...group('g2', 'Mainnet', 'operational', [component('m', 'Consensus', 'operational')])],
        incidents: [
          incident('i1', 'Everything slow', 'monitoring'),
          incident('i2', 'Mainnet only', 'investigating', ['m']),
          incident('i3', 'Old', 'resolved', ['a']),
          incident('i4', 'Postmortem', 'postmortem', []),
        ],
      }),
    );
    assert.deepStrictEqual(
      networkHealth(s, 'testnet').incidents.map(i => i.id),
      ['i1'],
    );
    assert.deepStrictEqual(
      networkHealth(s, 'mainnet').incidents.map(i => i.id),
      ['i1', 'i2'],
    );
  });

  it('tolerates nulls and missing optional fields as real pages send them', () => {
    const raw = summaryDoc({
      components: tn,
      incidents: [
        incident('i1', 'N', 'investigating', ['a'], {
          impact: null,
          shortlink: null,
          updated_at: null,
          incident_updates: undefined,
        }),
      ],
      maintenances: [
        maintenance('m1', 'M', 'scheduled', [], ['not a date', '2026-01-01T01:00:00Z'], { components: undefined }),
      ],
    });
    (raw as { extra_top_level?: unknown }).extra_top_level = { anything: [1, 2] };
    const s = summarySchema.parse(raw);
    assert.deepStrictEqual(
      (s as Record<string, unknown>)['extra_top_level'],
      { anything: [1, 2] },
      'unknown fields are kept',
    );
    const h = networkHealth(s, 'testnet');
    assert.strictEqual(h.incidents[0].impact, 'none');
    assert.strictEqual(h.incidents[0].lastUpdateAt, null);
    assert.strictEqual(h.maintenances.length, 1, 'a maintenance naming no component is page-wide');
  });

  it('rejects documents missing what health needs', () => {
    assert.strictEqual(
      summarySchema.safeParse({ page: { id: 'p', name: 'n', url: 'u' }, components: [] }).success,
      false,
      'no status',
    );
    assert.strictEqual(
      summarySchema.safeParse(summaryDoc({ components: [{ id: 'a', status: 'operational' } as never] })).success,
      false,
    );
  });

  it('worstLevel orders outages above maintenance above unknown', () => {
    assert.strictEqual(worstLevel([]), 'operational');
    assert.strictEqual(worstLevel(['operational', 'unknown']), 'unknown');
    assert.strictEqual(worstLevel(['unknown', 'maintenance']), 'maintenance');
    assert.strictEqual(worstLevel(['maintenance', 'degraded', 'operational']), 'degraded');
    assert.strictEqual(worstLevel(['partial_outage', 'major_outage', 'degraded']), 'major_outage');
  });
});
