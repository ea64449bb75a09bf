// `npm start -- --real-mirror` as a user meets it, in Chromium: the command prints a workbench URL
// and the real server's URL; the workbench's Accounts view shows the demo accounts with the balance
// the real server holds; a hover in an editor reads it too; Ctrl+C stops the workbench, the
// server and PostgreSQL.
//
//   node out/test/real-mirror/e2e.js      prints its steps and `real-mirror e2e: N passed, N failed`
import * as http from 'http';
import { LEDGER_LENS_ACTIVITY, runStartCheck } from '../harness/startCheck';
import { parseStartTimingLine } from '../harness/startTiming';
import type { StepCounts } from '../harness/step';

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

export function checkStartRealMirror(): Promise<StepCounts> {
  return runStartCheck(
    {
      statePrefix: 'll-start-rm-',
      screenshots: 'real-mirror-start',
      launch: {
        step: 'npm start -- --real-mirror prints the workbench and the real server',
        args: ['--real-mirror'],
        mirrorLine: /REST server itself at (http:\/\/127\.0\.0\.1:\d+)/,
        timeoutMs: 240_000,
        label: 'npm start -- --real-mirror',
      },
      stop: {
        step: 'Ctrl+C stops the workbench, the real server and PostgreSQL',
        exitMs: 30_000,
        silent: urls => [`${new URL(urls.workbench).origin}/healthz`, `${urls.mirror}/health/liveness`],
        probeMs: 3000,
        cleanupMs: 15_000,
      },
    },
    async ({ steps, urls: printed, openPage }) => {
      await steps.step('it prints how long it took to be ready, cold or warm, phase by phase', () => {
        const timing = printed.ready === undefined ? undefined : parseStartTimingLine(printed.ready);
        if (!timing || !/real mirror node [\d.]+ s|real mirror node \d+ min/.test(printed.ready ?? ''))
          throw new Error(`no "Ready in …" line with the real mirror node's phase: ${JSON.stringify(printed.ready)}`);
        return Promise.resolve(printed.ready);
      });
      await steps.step('the real server answers for a demo account', async () => {
        const r = await get(`${printed.mirror}/api/v1/accounts/0.0.8`);
        if (r?.status !== 200 || !r.text.includes('"balance":80')) throw new Error(`got ${JSON.stringify(r)}`);
      });

      const p = await openPage(30_000);
      const opened = await steps.step('the URL serves a workbench with Ledger Lens', async () => {
        await p.goto(printed.workbench, { timeout: 60_000 });
        await p.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        await p.locator(LEDGER_LENS_ACTIVITY).first().waitFor({ timeout: 60_000 });
        return true;
      });
      if (opened) {
        await steps.step("the Accounts view shows 0.0.8 with the real server's balance", async () => {
          await p.locator(LEDGER_LENS_ACTIVITY).first().click();
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
        await steps.step('the first screen shows no error: no error row, no error notification', async () => {
          // The second demo account's row has arrived too, so every request of the first screen is in.
          await p.locator('.pane-body .monaco-list-row', { hasText: '0.0.98' }).first().waitFor({ timeout: 30_000 });
          const rows = await p.locator('.pane-body .monaco-list-row').allInnerTexts();
          const wrong = rows.filter(r => /error|refused|cannot reach|not found|failed|invalid/i.test(r));
          const toasts = await p.locator('.notification-toast .notification-list-item-message').allInnerTexts();
          const errors = toasts.filter(t => /error|refused|cannot|failed|invalid/i.test(t));
          if (wrong.length || errors.length)
            throw new Error(`on screen: ${JSON.stringify({ rows: wrong, notifications: errors })}`);
          return { rows: rows.length };
        });
      }
    },
  );
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
