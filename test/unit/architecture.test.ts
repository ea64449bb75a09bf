// The rooms of the project (issue 12): a feature folder imports only its own files, the common
// pieces and the pure core, never another feature. Read from the sources, like the no-vscode test.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from './ledger/paths';

// Static imports and re-exports, side-effect imports, dynamic import() and require().
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"`])([^'"`]+)\1/g;

/**
 * Temporary: cross-feature imports still waiting for their owner to move them. Each entry names
 * the owner; remove it when the import is gone (the test fails on a stale entry too).
 */
const PENDING: Record<string, string> = {};

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The feature folder a path is in (`accounts`), or undefined outside src/features/<x>/. */
function featureOf(file: string, root: string): string | undefined {
  const rel = path.relative(path.join(root, 'src', 'features'), file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0] : undefined;
}

/** Every `from '<spec>'` of a source text that is a relative path. */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(IMPORT)].map(m => m[2]).filter(spec => spec.startsWith('.'));
}

/** "file -> src/features/<y>" for each import of another feature (common and the file's own excepted). */
function crossFeatureImports(root: string): string[] {
  const found = new Set<string>();
  for (const file of tsFiles(path.join(root, 'src', 'features'))) {
    const own = featureOf(file, root);
    if (own === undefined) continue; // features/context.ts: the host every feature is handed
    for (const spec of relativeImports(fs.readFileSync(file, 'utf8'))) {
      const target = path.resolve(path.dirname(file), spec);
      const other = featureOf(target, root);
      if (other !== undefined && other !== own && other !== 'common')
        found.add(`${path.relative(root, file).split(path.sep).join('/')} -> src/features/${other}`);
    }
  }
  return [...found].sort();
}

describe('architecture: features do not import each other', () => {
  it('the matcher finds every kind of import and only relative ones count', () => {
    const text = [
      "import { a } from '../transactions/model';",
      "import type { B } from './b';",
      "export * from '../common/nodes';",
      "import 'zod';",
      "const x = await import('../hover/content');",
      "const y = require('../status');",
    ].join('\n');
    assert.deepStrictEqual(relativeImports(text), [
      '../transactions/model',
      './b',
      '../common/nodes',
      '../hover/content',
      '../status',
    ]);
  });

  it('no feature folder imports another (common and the pure core are open to all)', () => {
    const root = projectRoot();
    const found = crossFeatureImports(root);
    const unexpected = found.filter(f => !(f in PENDING));
    assert.deepStrictEqual(unexpected, [], 'a feature imports another feature folder');
    const stale = Object.keys(PENDING).filter(k => !found.includes(k));
    assert.deepStrictEqual(stale, [], 'an allow-list entry no longer applies: remove it');
  });
});

describe('architecture: one HTTP stack', () => {
  it('only src/net imports undici (the mirror and status clients go through it)', () => {
    const root = projectRoot();
    const importsUndici = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)(['"`])undici(?:\/[^'"`]*)?\1/;
    const offenders = tsFiles(path.join(root, 'src'))
      .filter(f => !path.relative(root, f).startsWith(path.join('src', 'net') + path.sep))
      .filter(f => importsUndici.test(fs.readFileSync(f, 'utf8')))
      .map(f => path.relative(root, f));
    assert.deepStrictEqual(offenders, []);
    // The check itself sees an import when there is one.
    assert.ok(importsUndici.test("import { request } from 'undici';"));
    assert.ok(importsUndici.test("const a = require('undici/lib/dispatcher/agent');"));
  });
});
