// The manifest as a user meets it: settings typed and scoped so the Settings UI validates them
// right (no "URI expected" on an emptied URL, whole numbers typed integer), the first-run
// walkthrough and the empty Accounts view's welcome content pointing at commands that exist, and
// the README's pictures shipped with the package.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from '../ledger/paths';

interface Setting {
  type?: string | string[];
  default?: unknown;
  format?: string;
  pattern?: string;
  scope?: string;
  minimum?: number;
  maximum?: number;
}

interface Manifest {
  contributes: {
    configuration: { properties: Record<string, Setting> };
    commands: Array<{ command: string }>;
    viewsWelcome?: Array<{ view: string; contents: string }>;
    walkthroughs?: Array<{
      id: string;
      steps: Array<{
        id: string;
        description: string;
        media: { markdown?: string; image?: string | Readonly<Record<string, string>> };
        completionEvents?: string[];
      }>;
    }>;
  };
}

const root = projectRoot();
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const settings = manifest.contributes.configuration.properties;
const commands = new Set(manifest.contributes.commands.map(c => c.command));
// Built-in commands the walkthrough and the welcome content may link to.
const BUILT_IN = new Set(['workbench.action.openSettings', 'workbench.action.openWalkthrough']);

/** Every `command:<id>` link in a Markdown text. */
function commandLinks(text: string): string[] {
  return [...text.matchAll(/\(command:([\w.]+)/g)].map(m => m[1]);
}

describe('manifest: settings, walkthrough, welcome content, pictures', () => {
  it('types every whole-number setting as integer', () => {
    for (const [key, s] of Object.entries(settings)) {
      assert.notStrictEqual(s.type, 'number', `${key} is a whole number: type it integer`);
      if (s.type === 'integer') assert.ok(Number.isInteger(s.default), `${key}'s default is whole`);
    }
    assert.ok(Object.values(settings).filter(s => s.type === 'integer').length >= 5);
  });

  it('lets a URL setting be emptied without "URI expected" and still checks what is typed', () => {
    for (const [key, s] of Object.entries(settings)) {
      if (s.default === '') assert.notStrictEqual(s.format, 'uri', `${key} may be empty: no format uri`);
    }
    const mirror = settings['ledgerLens.mirrorNodeUrl'];
    assert.ok(mirror.pattern, 'mirrorNodeUrl has a pattern');
    const re = new RegExp(mirror.pattern);
    for (const ok of ['', 'http://localhost:5551', 'https://testnet.mirrornode.hedera.com']) assert.ok(re.test(ok), ok);
    for (const bad of ['localhost:5551', 'ftp://x', 'http://a b']) assert.ok(!re.test(bad), bad);
  });

  it('gives every setting a scope VS Code knows', () => {
    const scopes = new Set([
      'application',
      'machine',
      'machine-overridable',
      'window',
      'resource',
      'language-overridable',
    ]);
    for (const [key, s] of Object.entries(settings)) assert.ok(s.scope && scopes.has(s.scope), `${key} has a scope`);
  });

  it('contributes a setting for every key the extension reads', () => {
    const source = fs.readFileSync(path.join(root, 'src', 'app', 'settings.ts'), 'utf8');
    const keys = /export const SETTING_KEYS = \[([^\]]*)\]/.exec(source)?.[1] ?? '';
    const read = [...keys.matchAll(/'([\w.]+)'/g)].map(m => `ledgerLens.${m[1]}`);
    assert.ok(read.length > 10);
    for (const key of read) assert.ok(settings[key], `${key} is read but not contributed`);
    for (const key of Object.keys(settings)) assert.ok(read.includes(key), `${key} is never read`);
  });

  it('walks a first-time user through network, account, hover and lookup with working links', () => {
    const walkthrough = manifest.contributes.walkthroughs?.[0];
    assert.ok(walkthrough, 'a walkthrough');
    assert.deepStrictEqual(
      walkthrough.steps.map(s => s.id),
      ['network', 'account', 'hover', 'lookup'],
    );
    for (const step of walkthrough.steps) {
      // A page, or a picture (one file, or one per theme).
      const { markdown, image } = step.media;
      const files = [markdown, ...(typeof image === 'object' ? Object.values(image) : [image])].filter(
        (f): f is string => f !== undefined,
      );
      assert.ok(files.length > 0, `${step.id} has media`);
      for (const f of files) assert.ok(fs.existsSync(path.join(root, f)), `${step.id}'s media ${f} exists`);
      const links = commandLinks(step.description);
      assert.ok(links.length > 0, `${step.id} offers a command`);
      for (const id of links) assert.ok(commands.has(id) || BUILT_IN.has(id), `${step.id} links ${id}`);
      for (const event of step.completionEvents ?? []) {
        const m = /^onCommand:(.+)$/.exec(event);
        if (m) assert.ok(commands.has(m[1]), `${step.id} completes on ${m[1]}, a contributed command`);
      }
      assert.ok(step.completionEvents?.length, `${step.id} can complete`);
    }
  });

  it('welcomes an empty Accounts view with Add account and Select network', () => {
    const welcome = manifest.contributes.viewsWelcome?.find(w => w.view === 'ledgerLens.accounts');
    assert.ok(welcome);
    const links = commandLinks(welcome.contents);
    for (const id of ['ledgerLens.addAccount', 'ledgerLens.selectNetwork']) assert.ok(links.includes(id), id);
    for (const id of links) assert.ok(commands.has(id) || BUILT_IN.has(id), id);
  });

  it('ships every picture the README shows, small, under media/', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map(m => m[1]);
    assert.ok(images.length >= 5, 'the README shows the features');
    // vsce rewrites relative links to the repository's raw URLs unless told not to: inside the
    // .vsix (VS Code's extension page, offline) the pictures must resolve to the packaged files.
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    assert.match(scripts['package'] ?? '', /--no-rewrite-relative-links/);
    const ignore = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8');
    assert.ok(ignore.split('\n').includes('!media/**'), 'media/ is packaged');
    for (const image of images) {
      assert.ok(!/^https?:/.test(image), `${image} is relative, so it resolves inside the .vsix`);
      assert.ok(image.startsWith('media/'), `${image} is under media/`);
      const file = path.join(root, image);
      assert.ok(fs.existsSync(file), `${image} exists`);
      assert.ok(fs.statSync(file).size <= 200_000, `${image} is small (≤ 200 KB)`);
    }
  });
});
