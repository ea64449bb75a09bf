import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from './ledger/paths';
import { NETWORKS, mirrorClientChanged, networkLabel, parseSettings, type RawSettings } from '../../src/settings';

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
          assert.strictEqual(networkLabel(config), network);
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
    assert.strictEqual(networkLabel(solo), '127.0.0.1:8081');
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
        assert.strictEqual(networkLabel(config), label);
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
