// The rooms of the project: a feature folder imports only its own files, the common
// pieces and the pure core, never another feature. Read from the sources, like the no-vscode test.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
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

// ---------------------------------------------------------------------------------------------
// Layers: no arrow runs up, and the top-level folders of src/ form no cycle.

/** The root files (`src/*.ts`) are one node of the folder graph. */
const ROOT = '(root)';

/**
 * Imports left out of the folder graph, each with the reason it cannot go yet. `from -> to` names an
 * edge of the folder graph; `-> src/<file>` names a root file every folder may import. Keep this
 * minimal: the test fails on an entry that no longer applies.
 */
const ALLOWED_CYCLE_EDGES: Record<string, string> = {
  // A leaf (it imports only zod itself) that happens to sit at the root: the boundary schemas of
  // abi, infer, mirror and status import it, so it closes a cycle with each of them.
  '-> src/zod.ts': 'the configured zod, a leaf kept at the root; moving it renames twenty-odd imports',
};

/** Every module specifier a source imports: static, type-only, re-exports, import(), require(), import types. */
export function moduleSpecifiers(text: string, fileName = 'x.ts'): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier !== undefined &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      const e = node.moduleReference.expression;
      if (ts.isStringLiteral(e)) found.push(e.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    )
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The top-level folder of src/ a path is in, ROOT for src/*.ts, undefined outside src/. */
function layerOf(file: string, src: string): string | undefined {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === '..' || path.isAbsolute(rel[0])) return undefined;
  if (rel.length > 1) return rel[0];
  // `./abi` from a root file is the folder's index; `../zod` is a root file.
  return fs.existsSync(file) && fs.statSync(file).isDirectory() ? rel[0] : ROOT;
}

interface LayerImport {
  readonly from: string;
  readonly to: string;
  /** `src/mirror/tokens.ts -> ../present/amounts` */
  readonly site: string;
  /** `src/zod.ts` when the target is a root file. */
  readonly rootFile?: string;
}

/** Each relative import of src/ that crosses from one top-level folder to another. */
function layerImports(root: string): LayerImport[] {
  const src = path.join(root, 'src');
  const found: LayerImport[] = [];
  for (const file of tsFiles(src)) {
    const from = layerOf(file, src);
    if (from === undefined) continue;
    for (const spec of moduleSpecifiers(fs.readFileSync(file, 'utf8'), file)) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      const to = layerOf(target, src);
      if (to === undefined || to === from) continue;
      const site = `${path.relative(root, file).split(path.sep).join('/')} -> ${spec}`;
      const rootFile = to === ROOT ? `src/${path.basename(target).replace(/\.js$/, '')}.ts` : undefined;
      found.push({ from, to, site, ...(rootFile ? { rootFile } : {}) });
    }
  }
  return found;
}

/** The cycles of a directed graph as its strongly connected components of two or more nodes (Tarjan). */
export function cyclesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap(s => [...s])]);
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) connect(v);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

describe('architecture: no arrow runs up', () => {
  it('the parser finds every kind of import, type-only and dynamic ones too', () => {
    const text = [
      "import { a } from '../present/amounts';",
      "import type { B } from './b';",
      "export * from '../common/nodes';",
      "export { c } from '../present/text';",
      "import 'zod';",
      'const x = await import(`../hover/content`);',
      "const y = require('../status');",
      "type Z = import('../present/errors').Z;",
      "import q = require('../net');",
      "// import { no } from '../present/comment';",
      'const s = "from \'../present/string\'";',
    ].join('\n');
    assert.deepStrictEqual(moduleSpecifiers(text), [
      '../present/amounts',
      './b',
      '../common/nodes',
      '../present/text',
      'zod',
      '../hover/content',
      '../status',
      '../present/errors',
      '../net',
    ]);
  });

  it('finds the cycles of a graph', () => {
    const g = new Map<string, Set<string>>([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set(['e'])],
      ['e', new Set(['d'])],
      ['f', new Set(['a'])],
    ]);
    assert.deepStrictEqual(cyclesOf(g), [
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    assert.deepStrictEqual(cyclesOf(new Map([['a', new Set(['b'])]])), []);
  });

  it('src/ledger and src/mirror import nothing from src/present', () => {
    const up = layerImports(projectRoot())
      .filter(i => (i.from === 'ledger' || i.from === 'mirror') && i.to === 'present')
      .map(i => i.site);
    assert.deepStrictEqual(up, [], 'the pure core and the mirror layer reach up into present');
  });

  it('the top-level folders of src/ import each other without a cycle', () => {
    const used = new Set<string>();
    const counted = layerImports(projectRoot()).filter(i => {
      const allowed = [i.rootFile !== undefined ? `-> ${i.rootFile}` : '', `${i.from} -> ${i.to}`].find(
        k => k in ALLOWED_CYCLE_EDGES,
      );
      if (allowed !== undefined) used.add(allowed);
      return allowed === undefined;
    });
    const edges = new Map<string, Set<string>>();
    for (const i of counted) edges.set(i.from, (edges.get(i.from) ?? new Set()).add(i.to));
    const cycles = cyclesOf(edges).map(component => {
      const sites = counted.filter(i => component.includes(i.from) && component.includes(i.to)).map(i => i.site);
      return `${component.join(' <-> ')}: ${[...new Set(sites)].join(', ')}`;
    });
    assert.deepStrictEqual(cycles, [], 'folders of src/ import each other in a cycle');
    const stale = Object.keys(ALLOWED_CYCLE_EDGES).filter(k => !used.has(k));
    assert.deepStrictEqual(stale, [], 'an allowed edge is no longer imported: remove it');
  });
});
