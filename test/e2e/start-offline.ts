// Checks `npm start -- --offline` the way a newcomer uses it: runs test/start.mjs (without its
// build step; run-all has just built and packaged), opens the URL it prints in Chromium, and checks
// that the workbench has Ledger Lens active and pointed at the bundled replay. Then Ctrl+C (SIGINT)
// must stop everything it started.
//
//   node out/test/e2e/start-offline.js
// Prints its steps and `start-offline: N passed, N failed`.
import * as http from 'http';
import { LEDGER_LENS_ACTIVITY, runStartCheck } from '../harness/startCheck';
import type { StepCounts } from '../harness/step';
import { expectIncludes } from './driver';
import { patient } from '../support/patience';

export function checkStartOffline(): Promise<StepCounts> {
  return runStartCheck(
    {
      statePrefix: 'll-start-',
      screenshots: 'start-offline',
      launch: {
        step: 'npm start -- --offline prints a 127.0.0.1 URL',
        args: ['--offline'],
        mirrorLine: /mirror node replay at (http:\/\/127\.0\.0\.1:\d+)/,
        timeoutMs: patient(120_000),
        label: 'npm start',
      },
      stop: {
        step: 'Ctrl+C stops npm start and everything it started',
        exitMs: 20_000,
        silent: urls => [`${new URL(urls.workbench).origin}/healthz`, `${urls.mirror}/api/v1/blocks`],
        probeMs: 2000,
        cleanupMs: 10_000,
      },
    },
    async ({ steps, urls: printed, openPage }) => {
      const p = await openPage(patient(20_000));

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
          await p.locator(LEDGER_LENS_ACTIVITY).first().waitFor();
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
    },
  );
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
