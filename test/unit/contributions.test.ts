// Every setting key the code reads is declared in package.json and every one declared is read, and
// every ledgerLens.* id written in src/ is declared: checked from the sources and package.json,
// without an extension host. Who claims each command, view and panel: featureManifests.test.ts.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { SETTING_KEYS as KEYS } from '../../src/app/settings';
import { projectRoot } from './ledger/paths';

interface Manifest {
  activationEvents?: string[];
  contributes: {
    commands: { command: string }[];
    configuration: { properties: Record<string, unknown> };
    views: Record<string, { id: string }[]>;
    viewsContainers: Record<string, { id: string }[]>;
    viewsWelcome?: { view: string }[];
    menus: Record<string, { command?: string; when?: string }[]>;
    colors?: { id: string }[];
    walkthroughs?: {
      description: string;
      steps: {
        title: string;
        description: string;
        completionEvents?: string[];
        media: { markdown?: string; image?: string | Record<string, string>; altText?: string };
      }[];
    }[];
  };
}

const root = projectRoot();
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const c = manifest.contributes;
const declaredCommands = c.commands.map(x => x.command).sort();
const declaredSettings = Object.keys(c.configuration.properties).sort();
const declaredViews = Object.values(c.views)
  .flat()
  .map(v => v.id)
  .sort();
const declaredContainers = Object.values(c.viewsContainers)
  .flat()
  .map(v => v.id)
  .sort();

/** Ids that are ours but are not contributions (a status bar item's id). */
const NOT_CONTRIBUTED = new Set(['ledgerLens.status']);

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('package.json contributions match the code', () => {
  it('the settings the code reads and the declared settings are the same set', () => {
    assert.deepStrictEqual(KEYS.map(k => `ledgerLens.${k}`).sort(), declaredSettings);
  });

  it('the views sit in the one view container (test/unit/shipping/featureManifests.test.ts: who claims each)', () => {
    assert.deepStrictEqual(Object.keys(c.views), declaredContainers);
    assert.deepStrictEqual(['ledgerLens'], declaredContainers);
  });

  it('menus and welcome content name only declared commands and views', () => {
    for (const [menu, items] of Object.entries(c.menus)) {
      for (const item of items) {
        if (item.command) assert.ok(declaredCommands.includes(item.command), `${menu}: ${item.command}`);
        for (const m of (item.when ?? '').matchAll(/\bview == ([\w.]+)/g))
          assert.ok(declaredViews.includes(m[1]), `${menu}: ${m[1]}`);
      }
    }
    for (const w of c.viewsWelcome ?? []) assert.ok(declaredViews.includes(w.view), w.view);
  });

  it('every ledgerLens.* id written in src/ is a declared command, setting or view', () => {
    // Webview panel types are declared by their activation events (`onWebviewPanel:<type>`).
    const panelTypes = (manifest.activationEvents ?? [])
      .filter(e => e.startsWith('onWebviewPanel:'))
      .map(e => e.slice('onWebviewPanel:'.length));
    // Context keys are declared by the when clauses that read them (set by the manifests).
    // and by the walkthrough steps that complete on them (`onContext:<key>`).
    const contextKeys = [
      ...Object.values(c.menus).flatMap(items =>
        items.flatMap(i => [...(i.when ?? '').matchAll(/\b(ledgerLens\.[A-Za-z]+)\b/g)].map(m => m[1])),
      ),
      ...(c.walkthroughs ?? []).flatMap(w =>
        w.steps.flatMap(st =>
          (st.completionEvents ?? []).filter(e => e.startsWith('onContext:')).map(e => e.slice('onContext:'.length)),
        ),
      ),
    ];
    const known = new Set([
      ...contextKeys,
      ...declaredCommands,
      ...declaredSettings,
      ...declaredViews,
      ...declaredContainers,
      ...panelTypes,
      // Theme colours (a decoration's ThemeColor) are declared in contributes.colors.
      ...(c.colors ?? []).map(x => x.id),
    ]);
    const unknown: string[] = [];
    for (const file of tsFiles(path.join(root, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/['"`](ledgerLens\.[A-Za-z0-9_.]*[A-Za-z0-9_])/g)) {
        if (!known.has(m[1]) && !NOT_CONTRIBUTED.has(m[1])) unknown.push(`${path.relative(root, file)}: ${m[1]}`);
      }
    }
    assert.deepStrictEqual(unknown, []);
  });

  it('walkthrough text has no code spans: the Welcome page shows their backticks as they are', () => {
    const texts = (c.walkthroughs ?? []).flatMap(w => [
      w.description,
      ...w.steps.flatMap(st => [st.title, st.description]),
    ]);
    assert.ok(texts.length >= 5, `${texts.length} texts`);
    assert.deepStrictEqual(
      texts.filter(t => t.includes('`')),
      [],
    );
  });

  it("the walkthrough's pictures and pages are in the package, each picture with its words", () => {
    const steps = (c.walkthroughs ?? []).flatMap(w => w.steps);
    const problems: string[] = [];
    for (const st of steps) {
      const { markdown, image, altText } = st.media;
      const files = [markdown, ...(typeof image === 'string' ? [image] : Object.values(image ?? {}))].filter(
        (f): f is string => f !== undefined,
      );
      if (!files.length) problems.push(`${st.title}: no media`);
      for (const f of files) if (!fs.existsSync(path.join(root, f))) problems.push(`${st.title}: ${f} is missing`);
      if (image !== undefined && !(altText ?? '').trim()) problems.push(`${st.title}: a picture without altText`);
      if (typeof image === 'object')
        for (const theme of ['light', 'dark', 'hc'])
          if (!(theme in image)) problems.push(`${st.title}: no picture for the ${theme} theme`);
      if (!(st.completionEvents ?? []).length) problems.push(`${st.title}: never completes`);
    }
    assert.deepStrictEqual(problems, []);
  });
});
