// The mirror response schemas are built on the first request (src/mirror/lazySchemas.ts), not when
// the extension loads. One value import of the schemas module anywhere in src/ would make esbuild
// build them at startup again; type imports are erased and do not count.
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { schemas } from '../../../src/mirror/lazySchemas';
import { projectRoot } from '../../support/paths';

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

// `import {…} from '…/schemas'` or `export {…} from …` / `export * from …`, `import type` excepted.
const STATEMENT = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;

/** "file: statement" for each statement that loads src/mirror/schemas.ts for its values. */
export function valueImportsOfSchemas(root: string): string[] {
  const target = path.join(root, 'src', 'mirror', 'schemas');
  const found: string[] = [];
  for (const file of tsFiles(path.join(root, 'src'))) {
    if (path.basename(file) === 'lazySchemas.ts') continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(STATEMENT)) {
      const [, , typeOnly, names, spec] = m;
      if (!spec.startsWith('.') || path.resolve(path.dirname(file), spec) !== target) continue;
      if (typeOnly) continue;
      // `import { type A, type B }` loads nothing either.
      const inner = /^\{([\s\S]*)\}$/.exec(names.trim());
      const allTypes =
        inner !== null &&
        inner[1]
          .split(',')
          .map(s => s.trim())
          .filter(s => s !== '')
          .every(s => s.startsWith('type '));
      if (!allTypes) found.push(`${path.relative(root, file)}: ${m[0].trim().split('\n')[0]}`);
    }
  }
  return found;
}

describe('mirror schemas load on first use', () => {
  it('no module of src/ imports the schemas module for its values (only lazySchemas.ts loads it)', () => {
    assert.deepStrictEqual(valueImportsOfSchemas(projectRoot()), []);
  });

  it('the scan finds a value import and lets type imports pass', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'll-lazy-'));
    try {
      fs.mkdirSync(path.join(root, 'src', 'mirror'), { recursive: true });
      fs.writeFileSync(path.join(root, 'src', 'mirror', 'a.ts'), "import type { X } from './schemas';\n");
      fs.writeFileSync(path.join(root, 'src', 'mirror', 'b.ts'), "import { type X, type Y } from './schemas';\n");
      fs.writeFileSync(
        path.join(root, 'src', 'c.ts'),
        "import {\n  BlockSchema,\n  type X,\n} from './mirror/schemas';\n",
      );
      assert.deepStrictEqual(valueImportsOfSchemas(root), ['src/c.ts: import {']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('schemas() loads the module once and hands out its schemas', () => {
    const first = schemas();
    assert.strictEqual(schemas(), first);
    assert.strictEqual(first.BlockSchema.safeParse({}).success, false);
  });
});
