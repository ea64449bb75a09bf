// `npm start -- --real-mirror` as a user meets it, in Chromium: the command prints a workbench URL
// and the real server's URL; the workbench's Accounts view shows the demo accounts with the balance
// the real server holds; a hover in an editor reads it too; Ctrl+C stops the workbench, the
// server and PostgreSQL.
//
//   node out/test/real-mirror/e2e.js      prints its steps and `real-mirror e2e: N passed, N failed`
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../harness/browser';
import { freePort, PortBlocks } from '../harness/ports';
import { launchStart } from '../harness/launchStart';
import { onInterrupt, projectRoot, withTimeout, type GroupProcess } from '../harness/proc';
import { Steps, type StepCounts } from '../harness/step';
import { ensureTools } from '../harness/tools';

function get(url: string): Promise<{ status: number; text: string } | undefined> {
  return new Promise(resolve => {
    const req = http.get(url, { timeout: 3000 }, res => {
      let text = '';
      res.setEncoding('utf8').on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}

const ACTIVITY =
  '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]';

export async function checkStartRealMirror(): Promise<StepCounts> {
  const root = projectRoot();
  const tools = ensureTools();
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'll-start-rm-'));
  const port = await freePort(PortBlocks.startOffline);
  let start: GroupProcess | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const steps = new Steps(path.join(root, 'test-results', 'screenshots', 'real-mirror-start'), () => page);
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await start?.stop(15_000);
    fs.rmSync(state, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    const printed = await steps.step(
      'npm start -- --real-mirror prints the workbench and the real server',
      async () => {
        const launched = launchStart({
          root,
          args: ['--real-mirror', '--no-build', '--port', String(port)],
          state,
          mirrorLine: /REST server itself at (http:\/\/127\.0\.0\.1:\d+)/,
          timeoutMs: 240_000,
          label: 'npm start -- --real-mirror',
        });
        start = launched.process;
        return launched.urls;
      },
    );
    if (!printed) return steps.counts;

    await steps.step('the real server answers for a demo account', async () => {
      const r = await get(`${printed.mirror}/api/v1/accounts/0.0.8`);
      if (r?.status !== 200 || !r.text.includes('"balance":80')) throw new Error(`got ${JSON.stringify(r)}`);
    });

    browser = await launchBrowser(tools.chromium);
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.setDefaultTimeout(30_000);
    const p = page;
    const opened = await steps.step('the URL serves a workbench with Ledger Lens', async () => {
      await p.goto(printed.workbench, { timeout: 60_000 });
      await p.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
      await p.locator(ACTIVITY).first().waitFor({ timeout: 60_000 });
      return true;
    });
    if (opened) {
      await steps.step("the Accounts view shows 0.0.8 with the real server's balance", async () => {
        await p.locator(ACTIVITY).first().click();
        await p
          .locator('.pane-body .monaco-list-row', { hasText: '0.0.8' })
          .filter({ hasText: '0.00000080 ℏ' })
          .first()
          .waitFor({ timeout: 60_000 });
      });
      await steps.step('the Blocks view lists the demo blocks 11 and 10', async () => {
        await p.locator('.pane-body .monaco-list-row', { hasText: '#11' }).first().waitFor({ timeout: 60_000 });
        await p.locator('.pane-body .monaco-list-row', { hasText: '#10' }).first().waitFor({ timeout: 10_000 });
      });
    }
    await closeBrowser(browser);
    browser = undefined;
    page = undefined;

    await steps.step('Ctrl+C stops the workbench, the real server and PostgreSQL', async () => {
      const proc = start!;
      const exited = new Promise<number | null>(resolve => {
        if (proc.child.exitCode !== null) resolve(proc.child.exitCode);
        else proc.child.on('exit', code => resolve(code));
      });
      process.kill(proc.pid, 'SIGINT');
      await withTimeout(exited, 30_000, 'npm start after SIGINT');
      for (const url of [`${new URL(printed.workbench).origin}/healthz`, `${printed.mirror}/health/liveness`]) {
        if (await get(url)) throw new Error(`${url} still answers after npm start stopped`);
      }
    });
  } finally {
    await cleanup();
    unregister();
  }
  return steps.counts;
}

if (require.main === module) {
  checkStartRealMirror()
    .then(r => {
      console.log(`real-mirror e2e: ${r.passed} passed, ${r.failed} failed`);
      process.exit(r.failed ? 1 : 0);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      console.log('real-mirror e2e: 0 passed, 1 failed');
      process.exit(1);
    });
}
