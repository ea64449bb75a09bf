import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { projectRoot } from '../support/paths';

// The pure layers must run in plain mocha and in the benchmarks, where no `vscode` module exists.
const PURE_DIRS = [
  'src/ledger',
  'src/mirror',
  'src/status',
  'src/net',
  'src/present',
  'src/infer',
  'src/abi',
  'src/source',
  'src/trace',
  'src/deploy',
  'src/debug',
  'src/topics',
];

// Static imports and re-exports (`from 'vscode'`), side-effect imports, `require`, dynamic
// `import()` and `import x = require()`, of `vscode` or a subpath of it.
const VSCODE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"`])vscode(?:\/[^'"`]*)?\1/;

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(full);
    return entry.isFile() && entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('pure layers do not import vscode', () => {
  it('the matcher recognises every way of importing vscode, and nothing else', () => {
    const imports = [
      "import * as vscode from 'vscode';",
      'import { window } from "vscode";',
      "import type { Uri } from 'vscode';",
      "import 'vscode';",
      "export { Disposable } from 'vscode';",
      "const vscode = require('vscode');",
      "const v = await import('vscode');",
      "import vscode = require('vscode');",
      "import { x } from 'vscode/lib/thing';",
      'const v = require(`vscode`);',
    ];
    for (const line of imports) assert.ok(VSCODE_IMPORT.test(line), line);
    const others = [
      "import { z } from 'zod';",
      "import { x } from './vscode-free';",
      "import { x } from '@vscode/webview-ui-toolkit';",
      "import { x } from 'vscode-uri';",
      '// the vscode API is not used here',
    ];
    for (const line of others) assert.ok(!VSCODE_IMPORT.test(line), line);
  });

  for (const dir of PURE_DIRS) {
    it(`${dir}/**/*.ts`, () => {
      const root = path.join(projectRoot(), dir);
      const files = tsFiles(root);
      assert.ok(files.length > 0, `${dir} has no TypeScript files to check`);
      const offenders = files
        .filter(f => VSCODE_IMPORT.test(fs.readFileSync(f, 'utf8')))
        .map(f => path.relative(projectRoot(), f));
      assert.deepStrictEqual(offenders, []);
    });
  }
});
