// The feature manifests against package.json: every contribution (commands, views, menus,
// keybindings, `onWebviewPanel:*` activation events, the commands the walkthrough and the welcome
// content run) is claimed by exactly one manifest, and every claim is contributed. And the
// entrance knows no feature: the root and the build find the features by folder, so adding one
// (docs/ARCHITECTURE.md's worked example) touches no shared file.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { parseSettings } from '../../../src/app/settings';
import { PANEL_KINDS } from '../../../webview/panelKinds';
import { extensionBuild } from '../../support/bundles';
import { featureManifests } from '../../support/manifests';
import { projectRoot } from '../../support/paths';

interface Contributes {
  commands?: { command: string }[];
  views?: Record<string, { id: string }[]>;
  menus?: Record<string, { command?: string; when?: string }[]>;
  keybindings?: { command: string }[];
  viewsWelcome?: { contents: string }[];
  walkthroughs?: { steps: { description: string }[] }[];
}

const root = projectRoot();
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  activationEvents?: string[];
  contributes: Contributes;
};
const c = pkg.contributes;
const found = featureManifests();
const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

/** Each claim (a command id, view id or panel type) with the features that claim it. */
function claims(of: (m: (typeof found)[number]['manifest']) => readonly string[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { manifest } of found) for (const id of of(manifest)) out.set(id, [...(out.get(id) ?? []), manifest.name]);
  return out;
}

/** `command:ledgerLens.x` links in Markdown (the walkthrough steps, the views' welcome content). */
function linkedCommands(texts: readonly string[]): string[] {
  return texts.flatMap(t => [...t.matchAll(/\(command:(ledgerLens\.[A-Za-z]+)/g)].map(m => m[1]));
}

describe('feature manifests', () => {
  it('are found by folder, each named as its folder', () => {
    assert.ok(found.length >= 10, `${found.length} manifests`);
    for (const { folder, manifest } of found) assert.strictEqual(manifest.name, folder);
  });

  it('claim each contributed command exactly once, and claim no other', () => {
    const claimed = claims(m => m.commands);
    const twice = [...claimed].filter(([, by]) => by.length > 1).map(([id, by]) => `${id}: ${by.join(', ')}`);
    assert.deepStrictEqual(twice, []);
    assert.deepStrictEqual(sorted(claimed.keys()), sorted((c.commands ?? []).map(x => x.command)));
  });

  it('claim each contributed view exactly once, and claim no other', () => {
    const claimed = claims(m => (m.view ? [m.view.id] : []));
    assert.ok([...claimed.values()].every(by => by.length === 1));
    const views = Object.values(c.views ?? {}).flatMap(list => list.map(v => v.id));
    assert.deepStrictEqual(sorted(claimed.keys()), sorted(views));
  });

  it('claim each panel kind exactly once, each with its onWebviewPanel activation event', () => {
    const claimed = claims(m => (m.panels ?? []).map(p => p.viewType));
    assert.ok([...claimed.values()].every(by => by.length === 1));
    const events = (pkg.activationEvents ?? []).filter(e => e.startsWith('onWebviewPanel:'));
    assert.deepStrictEqual(sorted(events), sorted([...claimed.keys()].map(t => `onWebviewPanel:${t}`)));
    // The kinds the shared protocol serves (webview/panelKinds.ts) are among them.
    for (const kind of Object.values(PANEL_KINDS)) assert.ok(claimed.has(kind), kind);
  });

  it('claim every command the menus, keybindings, walkthrough and welcome content run', () => {
    const claimed = claims(m => m.commands);
    const used = [
      ...Object.values(c.menus ?? {}).flatMap(items => items.flatMap(i => (i.command ? [i.command] : []))),
      ...(c.keybindings ?? []).map(k => k.command),
      ...linkedCommands((c.walkthroughs ?? []).flatMap(w => w.steps.map(s => s.description))),
      ...linkedCommands((c.viewsWelcome ?? []).map(w => w.contents)),
    ];
    assert.ok(used.length > 10, `${used.length} uses`);
    assert.deepStrictEqual(
      used.filter(id => claimed.get(id)?.length !== 1),
      [],
    );
  });

  it('set each ledgerLens.* context key a when clause reads exactly once, and set no other', () => {
    const views = new Set(Object.values(c.views ?? {}).flatMap(list => list.map(v => v.id)));
    const read = new Set(
      Object.values(c.menus ?? {})
        .flatMap(items => items.flatMap(i => [...(i.when ?? '').matchAll(/\b(ledgerLens\.[A-Za-z]+)\b/g)]))
        .map(m => m[1])
        .filter(key => !views.has(key)),
    );
    assert.ok(read.has('ledgerLens.hashscan'), 'Open in HashScan is offered only where it can work');
    const { config } = parseSettings({});
    const set = claims(m => Object.keys(m.contextKeys?.(config) ?? {}));
    assert.ok([...set.values()].every(by => by.length === 1));
    assert.deepStrictEqual(sorted(set.keys()), sorted(read));
  });

  it('are the only place a feature is named: the root and the build find them by folder', () => {
    const build = extensionBuild();
    assert.deepStrictEqual(
      build.featureFolders(root),
      found.map(f => f.folder),
    );
    const parts = build.lazyParts(root);
    for (const { folder, manifest } of found) {
      const part = parts[`src/features/${folder}/index.ts`];
      assert.strictEqual(part, manifest.start === 'activation' ? undefined : `lazy-${folder}`, folder);
    }
    const entrance = [
      'src/extension.ts',
      'src/extension.web.ts',
      'src/composition.ts',
      'src/lazyFeature.ts',
      'src/web/parts.ts',
      'build/extension-build.mjs',
      'build/web-build.mjs',
      'esbuild.mjs',
    ];
    for (const file of entrance) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const { folder } of found) {
        const named = new RegExp(`features/${folder}(/index|/manifest)?['"]|['"\`]${folder}['"\`]`);
        assert.ok(!named.test(text), `${file} names the ${folder} feature`);
      }
    }
  });

  it('leave the composition root at most 250 lines', () => {
    const lines = ['src/composition.ts', 'src/lazyFeature.ts']
      .map(f => fs.readFileSync(path.join(root, f), 'utf8').split('\n').length)
      .reduce((a, b) => a + b, 0);
    assert.ok(lines <= 250, `${lines} lines`);
  });

  it('docs/ARCHITECTURE.md lists the files a new feature touches, none of them shared', () => {
    const doc = fs.readFileSync(path.join(root, 'docs', 'ARCHITECTURE.md'), 'utf8');
    const block = /<!-- files a new feature touches -->\s*```text\n([\s\S]*?)```/.exec(doc);
    assert.ok(block, 'the worked example names its files');
    const files = block[1]
      .split('\n')
      .map(l => l.replace(/\s+#.*$/, '').trim())
      .filter(Boolean);
    const own = /^(src\/features\/topics\/|webview\/topics\/|test\/|package\.json$|CHANGELOG\.md$)/;
    assert.deepStrictEqual(
      files.filter(f => !own.test(f)),
      [],
    );
    assert.ok(files.includes('src/features/topics/manifest.ts') && files.includes('package.json'), files.join(', '));
  });
});
