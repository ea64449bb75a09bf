import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from '../support/paths';
import {
  NETWORKS,
  RESTRICTED_SETTING_KEYS,
  mirrorClientChanged,
  networkLabel,
  parseSettings,
  type RawSettings,
} from '../../src/app/settings';
import { statusPageNetworkOf } from '../../src/ledger';

function problemKeys(raw: RawSettings): string[] {
  return parseSettings(raw).problems.map(p => p.key);
}

describe('settings', () => {
  it('gives the documented defaults for empty settings, with no problem', () => {
    const { config, problems } = parseSettings({});
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(config, {
      network: 'testnet',
      networkSetting: 'auto',
      scheme: 'https',
      mirrorBaseUrl: 'https://testnet.mirrornode.hedera.com',
      customMirror: false,
      endpoints: {
        'mainnet-public': {
          url: 'https://mainnet-public.mirrornode.hedera.com',
          setting: undefined,
          serves: 'mainnet-public',
        },
        mainnet: { url: 'https://mainnet.mirrornode.hedera.com', setting: undefined, serves: 'mainnet' },
        previewnet: { url: 'https://previewnet.mirrornode.hedera.com', setting: undefined, serves: 'previewnet' },
        testnet: { url: 'https://testnet.mirrornode.hedera.com', setting: undefined, serves: 'testnet' },
        local: { url: 'http://localhost:5551', setting: undefined, serves: 'local' },
      },
      statusUrl: 'https://status.hedera.com',
      accounts: [],
      requestTimeoutMs: 10_000,
      maxRequestsPerSecond: 10,
      hover: { enabled: true, anyShardRealm: false, excludedLanguages: [] },
      transactionsLimit: 25,
      accountsRefreshIntervalSeconds: 0,
      status: { pollIntervalSeconds: 60, notifyOnChange: false, enabled: true },
      abi: {
        include: [
          '**/artifacts/**/*.sol/*.json',
          '**/out/*.sol/*.json',
          '**/build/contracts/*.json',
          '**/*.abi.json',
          '**/abi/**/*.json',
          '**/abis/**/*.json',
        ],
        exclude: ['**/node_modules/**', '**/build-info/**', '**/*.dbg.json'],
      },
      fiatEnabled: true,
      trace: {
        compilerOutput: ['**/artifacts/build-info/*.json', '**/out/**/*.json', '**/out/build-info/*.json'],
        decorations: true,
      },
      debug: { maxTraceMb: 256, localReplay: true },
      watchedTopics: [],
      topicPollIntervalSeconds: 5,
    });
  });

  // What VS Code hands the extension for settings nobody set: package.json's defaults. parseSettings
  // takes a value equal to its own default without loading zod, so the two must be the same values.
  it('package.json defaults are the values parseSettings falls back to, each accepted as it is', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
      contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
    };
    const raw: Record<string, unknown> = {};
    for (const [key, p] of Object.entries(manifest.contributes.configuration.properties))
      if (key.startsWith('ledgerLens.') && 'default' in p) raw[key.slice('ledgerLens.'.length)] = p.default;
    assert.ok(Object.keys(raw).length >= 15, `defaults read: ${Object.keys(raw).join(', ')}`);
    const fromManifest = parseSettings(raw);
    assert.deepStrictEqual(fromManifest.problems, []);
    assert.deepStrictEqual(fromManifest.config, parseSettings({}).config);
  });

  it('a value that only looks like its default is still checked', () => {
    // Same length as the default list, but not a list of the same strings.
    const exclude = ['**/node_modules/**', '**/build-info/**', 42];
    assert.deepStrictEqual(problemKeys({ 'abi.exclude': exclude }), ['ledgerLens.abi.exclude']);
    assert.deepStrictEqual(problemKeys({ 'hover.excludedLanguages': [''] }), []);
    assert.deepStrictEqual(problemKeys({ 'hover.excludedLanguages': [1] }), ['ledgerLens.hover.excludedLanguages']);
    assert.deepStrictEqual(problemKeys({ requestTimeoutMs: '10000' }), ['ledgerLens.requestTimeoutMs']);
    assert.deepStrictEqual(problemKeys({ 'hover.enabled': 'true' }), ['ledgerLens.hover.enabled']);
    // A default URL with spaces round it is a value the user typed: trimmed by the schema.
    assert.strictEqual(
      parseSettings({ statusUrl: ' https://status.hedera.com ' }).config.statusUrl,
      'https://status.hedera.com',
    );
  });

  it('reads the ABI globs, refusing anything but a list of patterns', () => {
    const { config, problems } = parseSettings({ 'abi.include': ['contracts/out/**/*.json'], 'abi.exclude': 'nope' });
    assert.deepStrictEqual(config.abi.include, ['contracts/out/**/*.json']);
    assert.deepStrictEqual(config.abi.exclude, ['**/node_modules/**', '**/build-info/**', '**/*.dbg.json']);
    assert.deepStrictEqual(
      problems.map(p => p.key),
      ['ledgerLens.abi.exclude'],
    );
  });

  it('ledgerLens.fiat.enabled: on by default, a boolean, anything else refused with the default kept', () => {
    assert.strictEqual(parseSettings({ 'fiat.enabled': false }).config.fiatEnabled, false);
    const bad = parseSettings({ 'fiat.enabled': 'no' });
    assert.strictEqual(bad.config.fiatEnabled, true);
    assert.deepStrictEqual(
      bad.problems.map(p => p.key),
      ['ledgerLens.fiat.enabled'],
    );
  });

  it('network auto (the default) asks testnet until the code says otherwise; a network set is kept as set', () => {
    assert.deepStrictEqual(
      (['auto', 'mainnet-public', 'previewnet'] as const).map(network => {
        const { config, problems } = parseSettings({ network });
        return [config.networkSetting, config.network, problems.length];
      }),
      [
        ['auto', 'testnet', 0],
        ['mainnet-public', 'mainnet-public', 0],
        ['previewnet', 'previewnet', 0],
      ],
    );
  });

  it('treats null like an unset value', () => {
    const raw: Record<string, unknown> = {};
    for (const key of [
      'network',
      'scheme',
      'mirrorNodeUrl',
      'statusUrl',
      'accounts',
      'requestTimeoutMs',
      'maxRequestsPerSecond',
    ])
      raw[key] = null;
    const { config, problems } = parseSettings(raw);
    assert.deepStrictEqual(problems, []);
    assert.strictEqual(config.mirrorBaseUrl, 'https://testnet.mirrornode.hedera.com');
  });

  describe('the base URL comes from network and scheme', () => {
    for (const network of NETWORKS.filter(n => n !== 'local')) {
      for (const scheme of ['https', 'http'] as const) {
        it(`${scheme} ${network}`, () => {
          const { config, problems } = parseSettings({ network, scheme });
          assert.deepStrictEqual(problems, []);
          assert.strictEqual(config.mirrorBaseUrl, `${scheme}://${network}.mirrornode.hedera.com`);
          assert.strictEqual(config.network, network);
          assert.strictEqual(config.customMirror, false);
          assert.strictEqual(networkLabel(config), network === 'mainnet-public' ? 'mainnet' : network); // the ledger, as the why lines say
        });
      }
    }
  });

  it('local: http://localhost:5551 whatever the scheme, overridden by ledgerLens.mirrorNodeUrl', () => {
    for (const scheme of ['https', 'http'] as const) {
      const { config, problems } = parseSettings({ network: 'local', scheme });
      assert.deepStrictEqual(problems, []);
      assert.strictEqual(config.mirrorBaseUrl, 'http://localhost:5551');
      assert.strictEqual(config.network, 'local');
      assert.strictEqual(config.networkSetting, 'local');
      assert.strictEqual(config.customMirror, false);
    }
    const solo = parseSettings({ network: 'local', mirrorNodeUrl: 'http://127.0.0.1:8081' }).config;
    assert.strictEqual(solo.mirrorBaseUrl, 'http://127.0.0.1:8081');
    assert.strictEqual(solo.customMirror, true);
    assert.strictEqual(networkLabel(solo), 'local · 127.0.0.1:8081');
  });

  describe('a custom mirror node URL overrides the base URL but not the network', () => {
    const cases: Array<[string, string, string]> = [
      ['http://localhost:5551', 'http://localhost:5551', 'localhost:5551'],
      ['http://localhost:5551/', 'http://localhost:5551', 'localhost:5551'],
      ['  http://127.0.0.1:8080  ', 'http://127.0.0.1:8080', '127.0.0.1:8080'],
      ['https://proxy.example.com/hedera/mirror/', 'https://proxy.example.com/hedera/mirror', 'proxy.example.com'],
      ['https://Mirror.Example.com', 'https://mirror.example.com', 'mirror.example.com'],
    ];
    for (const [url, base, label] of cases) {
      it(`${JSON.stringify(url)} → ${base}`, () => {
        const { config, problems } = parseSettings({ network: 'mainnet', scheme: 'http', mirrorNodeUrl: url });
        assert.deepStrictEqual(problems, []);
        assert.strictEqual(config.mirrorBaseUrl, base);
        assert.strictEqual(config.customMirror, true);
        assert.strictEqual(config.network, 'mainnet'); // still names the ledger for checksums and links
        assert.strictEqual(networkLabel(config), `mainnet · ${label}`); // the network set, and the host serving it
      });
    }
    it('an empty URL means the network default', () => {
      const { config, problems } = parseSettings({ network: 'previewnet', mirrorNodeUrl: '' });
      assert.deepStrictEqual(problems, []);
      assert.strictEqual(config.mirrorBaseUrl, 'https://previewnet.mirrornode.hedera.com');
      assert.strictEqual(config.customMirror, false);
    });
  });

  describe('a bad value falls back to its default and is reported', () => {
    const cases: Array<[string, unknown, (c: ReturnType<typeof parseSettings>['config']) => unknown, unknown]> = [
      ['network', 'devnet', c => c.network, 'testnet'],
      ['network', 42, c => c.network, 'testnet'],
      ['scheme', 'ftp', c => c.scheme, 'https'],
      ['mirrorNodeUrl', 'ftp://mirror.example.com', c => c.mirrorBaseUrl, 'https://testnet.mirrornode.hedera.com'],
      ['mirrorNodeUrl', 'https://user:secret@mirror.example.com', c => c.customMirror, false],
      ['mirrorNodeUrl', 'not a url', c => c.customMirror, false],
      ['mirrorNodeUrl', 5551, c => c.mirrorBaseUrl, 'https://testnet.mirrornode.hedera.com'],
      ['statusUrl', 'javascript:alert(1)', c => c.statusUrl, 'https://status.hedera.com'],
      ['requestTimeoutMs', 999, c => c.requestTimeoutMs, 10_000],
      ['requestTimeoutMs', 120_001, c => c.requestTimeoutMs, 10_000],
      ['requestTimeoutMs', 1500.5, c => c.requestTimeoutMs, 10_000],
      ['requestTimeoutMs', '5000', c => c.requestTimeoutMs, 10_000],
      ['maxRequestsPerSecond', 0, c => c.maxRequestsPerSecond, 10],
      ['maxRequestsPerSecond', 51, c => c.maxRequestsPerSecond, 10],
      ['maxRequestsPerSecond', Number.NaN, c => c.maxRequestsPerSecond, 10],
      ['transactions.limit', 101, c => c.transactionsLimit, 25],
      ['status.pollIntervalSeconds', 9, c => c.status.pollIntervalSeconds, 60],
      ['hover.enabled', 'yes', c => c.hover.enabled, true],
      ['hover.excludedLanguages', 'markdown', c => c.hover.excludedLanguages, []],
      ['accounts', '0.0.2', c => c.accounts, []],
    ];
    for (const [key, value, read, fallback] of cases) {
      it(`${key} = ${JSON.stringify(value)}`, () => {
        const { config, problems } = parseSettings({ [key]: value });
        assert.deepStrictEqual(read(config), fallback);
        assert.deepStrictEqual(
          problems.map(p => p.key),
          [`ledgerLens.${key}`],
        );
        assert.ok(problems[0].message.length > 0);
      });
    }

    it('names the bound in the message of a number out of range', () => {
      const [problem] = parseSettings({ maxRequestsPerSecond: 500 }).problems;
      assert.match(problem.message, /1 to 50/);
    });

    it('keeps the good values beside a bad one', () => {
      const { config, problems } = parseSettings({ network: 'mainnet', scheme: 'gopher', maxRequestsPerSecond: 50 });
      assert.strictEqual(config.network, 'mainnet');
      assert.strictEqual(config.maxRequestsPerSecond, 50);
      assert.strictEqual(config.mirrorBaseUrl, 'https://mainnet.mirrornode.hedera.com');
      assert.deepStrictEqual(
        problems.map(p => p.key),
        ['ledgerLens.scheme'],
      );
    });
  });

  it('accepts the bounds of the numeric settings', () => {
    assert.deepStrictEqual(problemKeys({ requestTimeoutMs: 1000, maxRequestsPerSecond: 1 }), []);
    assert.deepStrictEqual(problemKeys({ requestTimeoutMs: 120_000, maxRequestsPerSecond: 50 }), []);
    const { config } = parseSettings({ requestTimeoutMs: 120_000, maxRequestsPerSecond: 1 });
    assert.strictEqual(config.requestTimeoutMs, 120_000);
    assert.strictEqual(config.maxRequestsPerSecond, 1);
  });

  it('reads accounts as strings or { id, label }, reporting each bad entry by index', () => {
    const { config, problems } = parseSettings({
      accounts: [' 0.0.2 ', { id: '0.0.98', label: ' fees ' }, {}, { id: '0.0.800', label: '' }, 7, '   '],
    });
    assert.deepStrictEqual(config.accounts, [{ id: '0.0.2' }, { id: '0.0.98', label: 'fees' }, { id: '0.0.800' }]);
    assert.deepStrictEqual(
      problems.map(p => p.key),
      ['ledgerLens.accounts[2]', 'ledgerLens.accounts[4]', 'ledgerLens.accounts[5]'],
    );
  });

  it('rebuilds the mirror client only for the settings it depends on', () => {
    const base = parseSettings({}).config;
    assert.strictEqual(mirrorClientChanged(base, parseSettings({}).config), false);
    assert.strictEqual(mirrorClientChanged(base, parseSettings({ network: 'mainnet' }).config), true);
    assert.strictEqual(
      mirrorClientChanged(base, parseSettings({ mirrorNodeUrl: 'http://localhost:5551' }).config),
      true,
    );
    assert.strictEqual(mirrorClientChanged(base, parseSettings({ requestTimeoutMs: 2000 }).config), true);
    assert.strictEqual(mirrorClientChanged(base, parseSettings({ maxRequestsPerSecond: 5 }).config), true);
    assert.strictEqual(mirrorClientChanged(base, parseSettings({ 'hover.enabled': false }).config), false);
    assert.strictEqual(
      mirrorClientChanged(base, parseSettings({ statusUrl: 'https://status.example.com' }).config),
      false,
    );
  });
});

describe('settings: where each network is asked (the user endpoint wins)', () => {
  const urlsOf = (raw: RawSettings) => {
    const { endpoints } = parseSettings(raw).config;
    return Object.fromEntries(NETWORKS.map(n => [n, endpoints[n].url]));
  };

  it('a set mirrorNodeUrl serves every network, under auto and with a network set', () => {
    for (const network of ['auto', 'testnet', 'mainnet'] as const) {
      const { config, problems } = parseSettings({ network, mirrorNodeUrl: 'http://127.0.0.1:8081/' });
      assert.deepStrictEqual(problems, []);
      for (const n of NETWORKS) {
        assert.strictEqual(config.endpoints[n].url, 'http://127.0.0.1:8081', `${network}: ${n}`);
        assert.strictEqual(config.endpoints[n].setting, 'mirrorNodeUrl');
      }
    }
  });

  it('what a mirrorNodeUrl serves is known only from the user: a network set, a same-URL entry, a public host', () => {
    const serves = (raw: RawSettings) => parseSettings(raw).config.endpoints['mainnet-public'].serves;
    assert.strictEqual(serves({ mirrorNodeUrl: 'http://127.0.0.1:8081' }), undefined, 'auto: nothing says');
    assert.strictEqual(serves({ mirrorNodeUrl: 'http://127.0.0.1:8081', network: 'mainnet' }), 'mainnet');
    assert.strictEqual(
      serves({ mirrorNodeUrl: 'http://127.0.0.1:8081', mirrorNodeUrls: { testnet: 'http://127.0.0.1:8081/' } }),
      'testnet',
    );
    assert.strictEqual(serves({ mirrorNodeUrl: 'https://previewnet.mirrornode.hedera.com' }), 'previewnet');
    // The status bar: a status page only for an endpoint known to serve a public network.
    const endpoints = (raw: RawSettings) => parseSettings(raw).config.endpoints;
    assert.strictEqual(statusPageNetworkOf(endpoints({ mirrorNodeUrl: 'http://127.0.0.1:8081' }).mainnet), undefined);
    assert.strictEqual(statusPageNetworkOf(endpoints({}).mainnet), 'mainnet');
    assert.strictEqual(statusPageNetworkOf(endpoints({}).local), undefined, 'a local node reports its own health');
    assert.strictEqual(
      statusPageNetworkOf(endpoints({ mirrorNodeUrls: { testnet: 'http://127.0.0.1:9' } }).testnet),
      'testnet',
    );
  });

  it('mirrorNodeUrls: each entry serves its own network; the others keep their own mirror node', () => {
    const { config, problems } = parseSettings({
      mirrorNodeUrls: {
        'mainnet-public': 'https://mainnet.example.com/',
        testnet: ' http://127.0.0.1:9001 ',
        local: '',
      },
    });
    assert.deepStrictEqual(problems, []);
    assert.deepStrictEqual(urlsOf({ mirrorNodeUrls: {} }), urlsOf({}), 'an empty object: the defaults');
    assert.deepStrictEqual(
      Object.fromEntries(NETWORKS.map(n => [n, [config.endpoints[n].url, config.endpoints[n].setting]])),
      {
        'mainnet-public': ['https://mainnet.example.com', 'mirrorNodeUrls'],
        mainnet: ['https://mainnet.mirrornode.hedera.com', undefined],
        previewnet: ['https://previewnet.mirrornode.hedera.com', undefined],
        testnet: ['http://127.0.0.1:9001', 'mirrorNodeUrls'],
        local: ['http://localhost:5551', undefined],
      },
    );
    assert.strictEqual(config.mirrorBaseUrl, 'http://127.0.0.1:9001', 'testnet, the network under auto');
    assert.strictEqual(config.customMirror, true);
    assert.strictEqual(config.endpoints.testnet.serves, 'testnet');
  });

  it('mirrorNodeUrls: a bad entry is reported and left out; the others stand', () => {
    const { config, problems } = parseSettings({
      mirrorNodeUrls: { testnet: 'ftp://x', devnet: 'http://127.0.0.1:1', previewnet: 'http://127.0.0.1:2' },
    });
    assert.deepStrictEqual(
      problems.map(p => p.key),
      ['ledgerLens.mirrorNodeUrls.testnet', 'ledgerLens.mirrorNodeUrls.devnet'],
    );
    assert.strictEqual(config.endpoints.testnet.url, 'https://testnet.mirrornode.hedera.com');
    assert.strictEqual(config.endpoints.previewnet.url, 'http://127.0.0.1:2');
    assert.deepStrictEqual(problemKeys({ mirrorNodeUrls: ['http://127.0.0.1:1'] }), ['ledgerLens.mirrorNodeUrls']);
    assert.deepStrictEqual(problemKeys({ mirrorNodeUrls: 'http://127.0.0.1:1' }), ['ledgerLens.mirrorNodeUrls']);
  });

  it('with mirrorNodeUrl set, an entry that names another URL is said to be unused', () => {
    const { config, problems } = parseSettings({
      mirrorNodeUrl: 'http://127.0.0.1:8081',
      mirrorNodeUrls: { testnet: 'http://127.0.0.1:9001', mainnet: 'http://127.0.0.1:8081' },
    });
    assert.deepStrictEqual(
      problems.map(p => [p.key, p.message]),
      [
        [
          'ledgerLens.mirrorNodeUrls.testnet',
          'not used: ledgerLens.mirrorNodeUrl (http://127.0.0.1:8081) takes every request',
        ],
      ],
    );
    assert.strictEqual(config.endpoints.testnet.url, 'http://127.0.0.1:8081');
    assert.strictEqual(config.endpoints.testnet.serves, 'mainnet', 'the same-URL entry names what it serves');
  });

  it('a change of any network endpoint needs new clients', () => {
    const a = parseSettings({}).config;
    const b = parseSettings({ mirrorNodeUrls: { previewnet: 'http://127.0.0.1:2' } }).config;
    assert.strictEqual(mirrorClientChanged(a, b), true);
    assert.strictEqual(
      mirrorClientChanged(b, parseSettings({ mirrorNodeUrls: { previewnet: 'http://127.0.0.1:2/' } }).config),
      false,
    );
  });
});

describe('settings: what an untrusted workspace may not set', () => {
  const manifest = () =>
    JSON.parse(fs.readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as {
      capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
      contributes: { configuration: { properties: Record<string, { properties?: Record<string, unknown> }> } };
    };

  it("package.json's restrictedConfigurations is the one list in src (RESTRICTED_SETTING_KEYS)", () => {
    assert.deepStrictEqual(
      [...manifest().capabilities.untrustedWorkspaces.restrictedConfigurations].sort(),
      RESTRICTED_SETTING_KEYS.map(k => `ledgerLens.${k}`).sort(),
    );
  });

  it('every endpoint setting is restricted: each URL setting and the scheme', () => {
    const props = manifest().contributes.configuration.properties;
    const urls = Object.keys(props).filter(k => /Url|Urls$/.test(k));
    for (const key of [...urls, 'ledgerLens.scheme'])
      assert.ok((RESTRICTED_SETTING_KEYS as readonly string[]).includes(key.slice('ledgerLens.'.length)), key);
  });

  it('ledgerLens.mirrorNodeUrls is keyed by every network of the one table, and nothing else', () => {
    const entry = manifest().contributes.configuration.properties['ledgerLens.mirrorNodeUrls'];
    assert.deepStrictEqual(Object.keys(entry?.properties ?? {}).sort(), [...NETWORKS].sort());
  });
});
