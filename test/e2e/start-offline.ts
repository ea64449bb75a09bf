// Checks `npm start -- --offline` the way a newcomer uses it: runs test/start.mjs (without its
// build step; run-all has just built and packaged), opens the URL it prints in Chromium, and checks
// that the workbench has Ledger Lens active and pointed at the bundled replay. Then Ctrl+C (SIGINT)
// must stop everything it started.
//
//   node out/test/e2e/start-offline.js
// Prints its steps and `start-offline: N passed, N failed`.
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../harness/browser';
import { freePort, PortBlocks } from '../harness/ports';
import { launchStart } from '../harness/launchStart';
import { onInterrupt, projectRoot, withTimeout, type GroupProcess } from '../harness/proc';
import { Steps } from '../harness/step';
import { ensureTools } from '../harness/tools';
import { expectIncludes } from './driver';
import { patient } from '../support/patience';

function answers(url: string): Promise<boolean> {
  return new Promise(resolve => {
    const req = http.get(url, { timeout: 2000 }, res => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

export async function checkStartOffline(): Promise<{ passed: number; failed: number }> {
  const root = projectRoot();
  const tools = ensureTools();
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'll-start-'));
  const port = await freePort(PortBlocks.startOffline);
  let start: GroupProcess | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const steps = new Steps(path.join(root, 'test-results', 'screenshots', 'start-offline'), () => page);
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await start?.stop(10_000);
    fs.rmSync(state, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    const printed = await steps.step('npm start -- --offline prints a 127.0.0.1 URL', async () => {
      const launched = launchStart({
        root,
        args: ['--offline', '--no-build', '--port', String(port)],
        state,
        mirrorLine: /mirror node replay at (http:\/\/127\.0\.0\.1:\d+)/,
        timeoutMs: patient(120_000),
        label: 'npm start',
      });
      start = launched.process;
      return launched.urls;
    });
    if (!printed) return steps.counts;

    browser = await launchBrowser(tools.chromium);
    page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    page.setDefaultTimeout(patient(20_000));
    const p = page;

    const opened = await steps.step('the URL serves a workbench with the sample workspace', async () => {
      await p.goto(printed.workbench, { timeout: patient(60_000) });
      await p.locator('.monaco-workbench').waitFor({ timeout: patient(60_000) });
      await p
        .locator('.explorer-folders-view .monaco-list-row', { hasText: 'contracts' })
        .first()
        .waitFor({ timeout: patient(30_000) });
      return { url: printed.workbench };
    });
    if (opened) {
      await steps.step('Ledger Lens is in the activity bar', async () => {
        await p
          .locator(
            '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
          )
          .first()
          .waitFor();
      });
      await steps.step('Ledger Lens is active and uses the offline replay', async () => {
        await p.keyboard.press('F1');
        const input = p.locator('.quick-input-widget .quick-input-box input');
        await input.waitFor({ state: 'visible' });
        await input.fill('>Ledger Lens: Show log');
        await p
          .locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Ledger Lens: Show log' })
          .first()
          .click();
        const log = p.locator('.part.panel .view-lines', { hasText: 'mirror node:' }).first();
        await log.waitFor({ timeout: patient(30_000) });
        const text = (await log.innerText()).replace(/\u00a0/g, ' ');
        expectIncludes(text, printed.mirror, 'the log names the offline mirror node');
        return { mirror: printed.mirror };
      });
      await steps.step('the replay answers a workspace account', async () => {
        const body = await new Promise<string>((resolve, reject) => {
          http
            .get(`${printed.mirror}/api/v1/accounts/0.0.2001`, res => {
              let text = '';
              res.setEncoding('utf8').on('data', (c: string) => (text += c));
              res.on('end', () =>
                res.statusCode === 200 ? resolve(text) : reject(new Error(`status ${res.statusCode}`)),
              );
            })
            .on('error', reject);
        });
        expectIncludes(body, '"account":"0.0.2001"', 'the offline record');
      });
    }
    await closeBrowser(browser);
    browser = undefined;
    page = undefined;

    await steps.step('Ctrl+C stops npm start and everything it started', async () => {
      const proc = start!;
      const exited = new Promise<number | null>(resolve => {
        if (proc.child.exitCode !== null) resolve(proc.child.exitCode);
        else proc.child.on('exit', code => resolve(code));
      });
      process.kill(proc.pid, 'SIGINT');
      await withTimeout(exited, 20_000, 'npm start after SIGINT');
      const workbenchOrigin = new URL(printed.workbench).origin;
      for (const url of [`${workbenchOrigin}/healthz`, `${printed.mirror}/api/v1/blocks`]) {
        if (await answers(url)) throw new Error(`${url} still answers after npm start stopped`);
      }
    });
  } finally {
    await cleanup();
    unregister();
  }
  return steps.counts;
}

if (require.main === module) {
  checkStartOffline()
    .then(r => {
      console.log(`start-offline: ${r.passed} passed, ${r.failed} failed`);
      process.exit(r.failed ? 1 : 0);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      console.log('start-offline: 0 passed, 1 failed');
      process.exit(1);
    });
}
