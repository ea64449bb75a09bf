// Every command a feature behind the lazy seam registers has its stub at activation: the stubs are
// listed by hand in src/lazyWiring.ts (`commands: [...]`), and a command the feature registers but
// the list forgets would be "not found" until something else loaded the feature. Read from the
// sources: the `registerCommand(Commands.x` calls under src/features/<name>/ (or the module the
// spec requires) against the spec's list.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from '../ledger/paths';

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const registered = (files: readonly string[]): string[] =>
  files.flatMap(f => [...fs.readFileSync(f, 'utf8').matchAll(/registerCommand\(\s*Commands\.(\w+)/g)].map(m => m[1]));

/** Each lazy spec in lazyWiring.ts: its name, its stub list, and the module its load() requires. */
function specs(text: string): { name: string; commands: string[]; requires: string }[] {
  const out: { name: string; commands: string[]; requires: string }[] = [];
  const starts = [...text.matchAll(/name: '(\w+)',/g)];
  starts.forEach((m, i) => {
    const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
    const list = /commands: \[([^\]]*)\]/.exec(body)?.[1] ?? '';
    const requires = /require\('\.\/([\w/]+)'\)/.exec(body)?.[1] ?? '';
    out.push({ name: m[1], commands: [...list.matchAll(/Commands\.(\w+)/g)].map(c => c[1]), requires });
  });
  return out;
}

describe('lazy seam: every command of a lazy feature has its stub', () => {
  const root = projectRoot();
  const wiring = fs.readFileSync(path.join(root, 'src', 'lazyWiring.ts'), 'utf8');
  const all = specs(wiring);

  it('finds the lazy features (accounts, blocks, transactions, contracts, hover and the rest)', () => {
    const names = all.map(s => s.name);
    for (const name of ['accounts', 'blocks', 'transactions', 'contracts', 'hover', 'common', 'decode'])
      assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  });

  for (const spec of all) {
    it(`${spec.name}: the stubs list what ${spec.requires || 'its module'} registers`, () => {
      const source = path.join(root, 'src', spec.requires);
      const files = fs.existsSync(source) && fs.statSync(source).isDirectory() ? tsFiles(source) : [`${source}.ts`];
      const own = [...new Set(registered(files.filter(f => fs.existsSync(f))))].sort();
      assert.deepStrictEqual([...new Set(spec.commands)].sort(), own);
    });
  }
});
