// The network router's decisions (src/app/networkRoutes.ts), table-driven: for each asker, the network
// asked, where its requests go, why, and what the status item and a miss do with it.
import * as assert from 'assert';
import { inferFromSource, inferNetwork, settingsAnswer, type NetworkAnswer } from '../../src/infer';
import type { Network } from '../../src/ledger';
import { codeRoute, panelRoute, settingsRoute, type Route } from '../../src/app/networkRoutes';
import { parseSettings, type RawSettings } from '../../src/app/settings';

function configOf(raw: RawSettings) {
  return parseSettings(raw).config;
}

function fromCode(code: string): NetworkAnswer {
  return inferNetwork({ file: inferFromSource(code, 'c'), configs: [] });
}

/** The facts of a route, the endpoint flattened, for one deepStrictEqual per row. */
function facts(r: Route) {
  const { endpoint, ...rest } = r;
  return { ...rest, url: endpoint.url, setting: endpoint.setting };
}

type Facts = ReturnType<typeof facts>;

const MAINNET = fromCode('Client.forMainnet()');
const TESTNET = fromCode('Client.forTestnet()');
const LOCAL = fromCode('Client.forLocalNode()');
const BOTH = fromCode('Client.forMainnet();\nClient.forTestnet();\n');

describe('networkRoutes: the code a document means (hover, status item)', () => {
  const rows: Array<[string, NetworkAnswer, RawSettings, Facts]> = [
    [
      'mainnet through the free door under auto',
      MAINNET,
      {},
      {
        network: 'mainnet-public',
        inferred: 'mainnet',
        label: 'mainnet',
        url: 'https://mainnet-public.mirrornode.hedera.com',
        setting: undefined,
        why: 'mainnet · from Client.forMainnet() at line 1',
        conflict: false,
        statusPage: 'mainnet-public',
        askElsewhere: true,
      },
    ],
    [
      'mainnet through the paid door the settings chose',
      MAINNET,
      { network: 'mainnet' },
      {
        network: 'mainnet',
        inferred: 'mainnet',
        label: 'mainnet',
        url: 'https://mainnet.mirrornode.hedera.com',
        setting: undefined,
        why: 'mainnet · from Client.forMainnet() at line 1',
        conflict: false,
        statusPage: 'mainnet',
        askElsewhere: true,
      },
    ],
    [
      'a mirrorNodeUrl takes every request: no status page says its network under auto, no detour',
      TESTNET,
      { mirrorNodeUrl: 'http://127.0.0.1:8081' },
      {
        network: 'testnet',
        inferred: 'testnet',
        label: '127.0.0.1:8081',
        url: 'http://127.0.0.1:8081',
        setting: 'mirrorNodeUrl',
        why: '127.0.0.1:8081 · from Client.forTestnet() at line 1',
        conflict: false,
        statusPage: undefined,
        askElsewhere: false,
      },
    ],
    [
      "a mirrorNodeUrls entry serves its network: that network's status page, no detour",
      TESTNET,
      { mirrorNodeUrls: { testnet: 'http://127.0.0.1:9090' } },
      {
        network: 'testnet',
        inferred: 'testnet',
        label: 'testnet · 127.0.0.1:9090',
        url: 'http://127.0.0.1:9090',
        setting: 'mirrorNodeUrls',
        why: 'testnet · 127.0.0.1:9090 · from Client.forTestnet() at line 1',
        conflict: false,
        statusPage: 'testnet',
        askElsewhere: false,
      },
    ],
    [
      'a local node: asked itself, its host said, its ids its own',
      LOCAL,
      {},
      {
        network: 'local',
        inferred: 'local',
        label: 'local · localhost:5551',
        url: 'http://localhost:5551',
        setting: undefined,
        why: 'local · localhost:5551 · from Client.forLocalNode() at line 1',
        conflict: false,
        statusPage: undefined,
        askElsewhere: false,
      },
    ],
    [
      'a network from the settings, said so',
      settingsAnswer('previewnet'),
      { network: 'previewnet' },
      {
        network: 'previewnet',
        inferred: 'previewnet',
        label: 'previewnet',
        url: 'https://previewnet.mirrornode.hedera.com',
        setting: undefined,
        why: 'previewnet · from settings',
        conflict: false,
        statusPage: 'previewnet',
        askElsewhere: true,
      },
    ],
  ];
  for (const [name, answer, raw, expected] of rows) {
    it(name, () => assert.deepStrictEqual(facts(codeRoute(answer, configOf(raw))), expected));
  }

  it('code that disagrees with itself is a conflict, said in the why line', () => {
    const r = codeRoute(BOTH, configOf({}));
    assert.strictEqual(r.conflict, true);
    assert.strictEqual(r.network, 'testnet');
    assert.ok(r.why.includes('disagree'), r.why);
  });
});

describe('networkRoutes: a panel or lookup', () => {
  const rows: Array<[string, NetworkAnswer, Network | undefined, Partial<Facts>]> = [
    [
      'no link: the code',
      TESTNET,
      undefined,
      { network: 'testnet', why: 'testnet · from Client.forTestnet() at line 1' },
    ],
    [
      'a link naming the code network: the code, said as the hover says it',
      MAINNET,
      'mainnet-public',
      { network: 'mainnet-public', why: 'mainnet · from Client.forMainnet() at line 1' },
    ],
    [
      'a link naming another network: the link',
      TESTNET,
      'previewnet',
      { network: 'previewnet', inferred: 'previewnet', why: 'previewnet · the network of the link that opened it' },
    ],
    [
      'a link through a mainnet door: the ledger named',
      TESTNET,
      'mainnet-public',
      { network: 'mainnet-public', inferred: 'mainnet', why: 'mainnet · the network of the link that opened it' },
    ],
    [
      'a link to a local node: no status page, no detour',
      TESTNET,
      'local',
      { network: 'local', url: 'http://localhost:5551', statusPage: undefined, askElsewhere: false, conflict: false },
    ],
  ];
  for (const [name, answer, requested, expected] of rows) {
    it(name, () => {
      const got = facts(panelRoute(answer, requested, configOf({})));
      const picked = Object.fromEntries(Object.keys(expected).map(k => [k, got[k as keyof Facts]]));
      assert.deepStrictEqual(picked, expected);
    });
  }
});

describe('networkRoutes: the settings alone (status item before any code, terminal links)', () => {
  const rows: Array<[RawSettings, Partial<Facts>]> = [
    [{}, { network: 'testnet', inferred: 'testnet', why: 'testnet · by default', statusPage: 'testnet' }],
    [
      { network: 'mainnet-public' },
      { network: 'mainnet-public', inferred: 'mainnet', why: 'mainnet · from settings', askElsewhere: true },
    ],
    [
      { network: 'local' },
      {
        network: 'local',
        inferred: 'local',
        why: 'local · localhost:5551 · from settings',
        statusPage: undefined,
        askElsewhere: false,
      },
    ],
    [
      { network: 'mainnet', mirrorNodeUrl: 'http://127.0.0.1:8081' },
      {
        network: 'mainnet',
        setting: 'mirrorNodeUrl',
        label: 'mainnet · 127.0.0.1:8081',
        why: 'mainnet · 127.0.0.1:8081 · from settings',
        statusPage: 'mainnet',
        askElsewhere: false,
      },
    ],
  ];
  for (const [raw, expected] of rows) {
    it(JSON.stringify(raw), () => {
      const got = facts(settingsRoute(configOf(raw)));
      const picked = Object.fromEntries(Object.keys(expected).map(k => [k, got[k as keyof Facts]]));
      assert.deepStrictEqual(picked, expected);
    });
  }
});

describe('networkRoutes: one label for every surface, whichever asker', () => {
  // [settings, the label the settings' own route, a testnet document's and a mainnet link's panel carry]
  const rows: Array<[RawSettings, string, string, string]> = [
    [{}, 'testnet', 'testnet', 'mainnet'],
    [
      { mirrorNodeUrls: { testnet: 'http://127.0.0.1:9090' } },
      'testnet · 127.0.0.1:9090',
      'testnet · 127.0.0.1:9090',
      'mainnet',
    ],
    [{ mirrorNodeUrl: 'http://127.0.0.1:18571' }, '127.0.0.1:18571', '127.0.0.1:18571', '127.0.0.1:18571'],
    [
      { network: 'mainnet', mirrorNodeUrl: 'https://my-mirror.example' },
      'mainnet · my-mirror.example',
      'mainnet · my-mirror.example',
      'mainnet · my-mirror.example',
    ],
  ];
  for (const [raw, settingsLabel, codeLabel, linkLabel] of rows) {
    it(JSON.stringify(raw), () => {
      const config = configOf(raw);
      assert.strictEqual(settingsRoute(config).label, settingsLabel);
      assert.strictEqual(codeRoute(TESTNET, config).label, codeLabel);
      assert.strictEqual(panelRoute(TESTNET, 'mainnet-public', config).label, linkLabel);
      for (const r of [settingsRoute(config), codeRoute(TESTNET, config)]) {
        assert.ok(r.why.startsWith(`${r.label} · `), r.why);
      }
    });
  }
});
