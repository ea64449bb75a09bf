// The real-mirror suite's entry point, loaded by the extension host through extensionTestsPath
// (test/real-mirror/run.ts starts the real server and code-server). Runs every `suite/*.test.js`
// with mocha's BDD interface. The sets' URLs arrive in LEDGER_LENS_REAL_MIRROR (JSON: set -> URL).
//
// Env: LEDGER_LENS_GREP (only matching titles), LEDGER_LENS_TEST_RESULT (counts for the harness)
import * as fs from 'fs';
import * as path from 'path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const grep = process.env['LEDGER_LENS_GREP'];
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 30_000, ...(grep ? { grep } : {}) });
  const dir = path.join(__dirname, 'suite');
  for (const file of fs.readdirSync(dir).sort()) if (file.endsWith('.test.js')) mocha.addFile(path.join(dir, file));
  const report = (passes: number, failures: number, pending: number): void => {
    const resultFile = process.env['LEDGER_LENS_TEST_RESULT'];
    if (resultFile) fs.writeFileSync(resultFile, JSON.stringify({ passes, failures, pending }) + '\n');
  };
  return new Promise((resolve, reject) => {
    try {
      const runner: Mocha.Runner = mocha.run(failures => {
        const passes = runner.stats?.passes ?? 0;
        const pending = runner.stats?.pending ?? 0;
        const summary = `real-mirror integration: ${passes} passed, ${failures} failed${pending ? `, ${pending} pending` : ''}`;
        console.log(summary);
        report(passes, failures, pending);
        if (failures > 0) reject(new Error(summary));
        else resolve();
      });
      // One line per failure, without its stack: the harness drops multi-line workbench chatter,
      // and a failure must never be lost with it.
      runner.on('fail', (test, err: unknown) => {
        const message = (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 400);
        console.log(`real-mirror FAILED: ${test.fullTitle()}: ${message}`);
      });
    } catch (e) {
      console.error(e);
      report(0, 1, 0);
      reject(e instanceof Error ? e : new Error(String(e)));
    }
  });
}
