// The integration suite's entry point, loaded by the extension host through extensionTestsPath
// (code-server via test/harness/exthost.ts, or VS Code via runTestElectron.ts). It runs every
// `suite/*.test.js` with mocha's BDD interface (describe/it, like the unit tests); the promise
// rejects when a test failed, which makes the extension host exit with code 1.
//
// Env (set on code-server or runTests, they reach the extension host):
//   LEDGER_LENS_GREP          run only the tests whose full title matches this regular expression
//   LEDGER_LENS_TEST_RESULT   write {"passes","failures","pending"} to this file for the harness
//   LEDGER_LENS_SUITE         `untrusted`: run untrusted/*.test.js instead of suite/*.test.js
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';
import { patient } from '../support/patience';

export function run(): Promise<void> {
  const grep = process.env['LEDGER_LENS_GREP'];
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    reporter: 'spec',
    timeout: patient(30_000),
    ...(grep ? { grep } : {}),
  });
  // LEDGER_LENS_SUITE=untrusted: the tests that need a workspace in Restricted Mode (harness --untrusted).
  const dir = path.join(__dirname, process.env['LEDGER_LENS_SUITE'] === 'untrusted' ? 'untrusted' : 'suite');
  for (const file of fs.readdirSync(dir).sort()) {
    if (file.endsWith('.test.js')) mocha.addFile(path.join(dir, file));
  }
  return new Promise((resolve, reject) => {
    let runner: Mocha.Runner;
    try {
      runner = mocha.run(failures => {
        const passes = runner.stats?.passes ?? 0;
        const pending = runner.stats?.pending ?? 0;
        const summary = `integration: ${passes} passed, ${failures} failed${pending ? `, ${pending} pending` : ''}`;
        console.log(summary);
        const resultFile = process.env['LEDGER_LENS_TEST_RESULT'];
        if (resultFile) fs.writeFileSync(resultFile, JSON.stringify({ passes, failures, pending }) + '\n');
        if (failures > 0) reject(new Error(summary));
        else resolve();
      });
    } catch (e) {
      // A suite file that throws while loading (a bad import) lands here.
      console.error(e);
      const resultFile = process.env['LEDGER_LENS_TEST_RESULT'];
      if (resultFile) fs.writeFileSync(resultFile, JSON.stringify({ passes: 0, failures: 1, pending: 0 }) + '\n');
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
