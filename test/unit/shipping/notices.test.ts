// Third-party notices: every package that ends up in a bundle has its licence text in
// THIRD-PARTY-NOTICES.md (written by build/notices.mjs at build time, shipped in the .vsix).
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildMetafiles, noticesModule, type Bundles, type Metafile } from '../../support/bundles';
import { projectRoot } from '../ledger/paths';

const notices = noticesModule();

function metafileOf(...inputs: string[]): Metafile {
  return { inputs: Object.fromEntries(inputs.map(i => [i, { bytes: 1 }])), outputs: {} };
}

describe('third-party notices', function () {
  this.timeout(60_000);
  let bundles: Bundles;

  before(async () => {
    bundles = await buildMetafiles();
  });

  it('finds a licence text for every package bundled into the extension and the webviews', () => {
    const { packages, missing } = notices.collectNotices([bundles.extension, bundles.webviews], projectRoot());
    assert.deepStrictEqual(missing, [], `bundled without a licence text: ${missing.join(', ')}`);
    const names = packages.map(p => p.name);
    for (const expected of ['undici', 'zod', '@vscode/webview-ui-toolkit'])
      assert.ok(names.includes(expected), expected);
    for (const p of packages) {
      assert.match(p.text ?? '', /permission|licen[cs]e|copyright/i, `${p.name}'s text looks like a licence`);
      assert.notStrictEqual(p.version, 'unknown', `${p.name} has a version`);
    }
  });

  it('names every bundled package, and only bundled ones, in the rendered file', () => {
    const { packages } = notices.collectNotices([bundles.extension, bundles.webviews], projectRoot());
    const text = notices.renderNotices(packages);
    const bundled = new Set(
      [bundles.extension, bundles.webviews].flatMap(m =>
        Object.keys(m.inputs).flatMap(i => notices.packageOf(i)?.name ?? []),
      ),
    );
    for (const name of bundled) assert.ok(text.includes(`## ${name} `), `${name} has a section`);
    const sections = [...text.matchAll(/^## (\S+) /gm)].map(m => m[1]);
    for (const s of sections) assert.ok(bundled.has(s), `${s} is bundled`);
    assert.ok(!text.includes('MISSING'));
  });

  it('reports a bundled package that ships no licence and is in no notices file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-notices-'));
    try {
      const pkg = path.join(dir, 'node_modules', '@acme', 'bare');
      fs.mkdirSync(pkg, { recursive: true });
      fs.writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name: '@acme/bare', version: '1.0.0' }));
      fs.writeFileSync(path.join(pkg, 'index.js'), 'module.exports = 1;');
      const withLicence = path.join(dir, 'node_modules', 'ok');
      fs.mkdirSync(withLicence, { recursive: true });
      fs.writeFileSync(
        path.join(withLicence, 'package.json'),
        JSON.stringify({ name: 'ok', version: '2.0.0', license: 'MIT' }),
      );
      fs.writeFileSync(path.join(withLicence, 'LICENSE.md'), 'MIT License\n\nCopyright (c) Someone\n');
      const meta = metafileOf('src/a.ts', 'node_modules/@acme/bare/index.js', 'node_modules/ok/lib/x.js');
      const r = notices.collectNotices([meta], dir);
      assert.deepStrictEqual(r.missing, ['@acme/bare']);
      assert.strictEqual(r.packages.find(p => p.name === 'ok')?.text, 'MIT License\n\nCopyright (c) Someone');

      // Once a bundled package's NOTICES has an entry for it, it is covered.
      fs.writeFileSync(
        path.join(withLicence, 'NOTICES'),
        'Header\r\n\r\n---\r\n\r\n@acme/bare 0.9.0 - MIT\r\nhttps://example.invalid\r\n\r\nMIT License text\r\n\r\n---\r\n',
      );
      const again = notices.collectNotices([meta], dir);
      assert.deepStrictEqual(again.missing, []);
      const bare = again.packages.find(p => p.name === '@acme/bare');
      assert.strictEqual(bare?.text, 'https://example.invalid\n\nMIT License text');
      assert.match(bare?.source ?? '', /@acme\/bare 0\.9\.0 in ok's NOTICES/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('maps input paths to their innermost package', () => {
    assert.deepStrictEqual(notices.packageOf('node_modules/zod/v4/core/x.js'), {
      name: 'zod',
      dir: 'node_modules/zod',
    });
    assert.deepStrictEqual(notices.packageOf('node_modules/@a/b/node_modules/tslib/tslib.es6.js'), {
      name: 'tslib',
      dir: 'node_modules/@a/b/node_modules/tslib',
    });
    assert.deepStrictEqual(notices.packageOf('node_modules/@scope/pkg/index.js')?.name, '@scope/pkg');
    assert.strictEqual(notices.packageOf('src/extension.ts'), undefined);
    assert.strictEqual(notices.packageOf('node_modules/@scope'), undefined);
  });

  it('ships THIRD-PARTY-NOTICES.md in the .vsix', () => {
    const ignore = fs.readFileSync(path.join(projectRoot(), '.vscodeignore'), 'utf8').split('\n');
    assert.ok(ignore.includes('!THIRD-PARTY-NOTICES.md'));
  });
});
