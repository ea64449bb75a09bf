// `npm run test:vscode`: the same integration suite in a desktop VS Code that @vscode/test-electron
// downloads (needs access to update.code.visualstudio.com; here and in CI the suite runs in
// code-server instead, through test/harness/exthost.ts).
import * as path from 'path';
import { runTests } from '@vscode/test-electron';
import { projectRoot } from '../support/paths';

async function main(): Promise<void> {
  const root = projectRoot();
  try {
    await runTests({
      version: process.env['LEDGER_LENS_VSCODE_VERSION'] ?? '1.139.1',
      extensionDevelopmentPath: root,
      extensionTestsPath: path.join(__dirname),
      launchArgs: [
        path.join(root, 'test', 'workspace'),
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
      ],
      extensionTestsEnv: process.env['LEDGER_LENS_GREP'] ? { LEDGER_LENS_GREP: process.env['LEDGER_LENS_GREP'] } : {},
    });
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}

void main();
