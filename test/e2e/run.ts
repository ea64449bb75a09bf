// The e2e runner: ONE code-server (with ledger-lens.vsix installed), ONE Chromium and ONE pair of
// replay servers for the whole run; each scenario gets its settings, its status scenario and a
// fresh page (so a fresh workbench and extension host).
//
//   node out/test/e2e/run.js [scenario names...] [--keep]
// Prints each step, each scenario's counts, and `e2e: N passed, N failed`; exit 1 if any failed.
// Screenshots: test-results/screenshots/<scenario>/NN-<step>.png
import * as fs from 'fs';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../harness/browser';
import { startCodeServer, type CodeServer } from '../harness/codeServer';
import { PortBlocks } from '../harness/ports';
import { onInterrupt, withTimeout } from '../harness/proc';
import { projectRoot } from '../support/paths';
import { everyNetworkAt, startReplayProcess, type ReplayProcess } from '../harness/replay';
import { Steps } from '../harness/step';
import { ensureTools } from '../harness/tools';
import { createDriver, type Scenario } from './driver';
import { patient } from '../support/patience';

const SCENARIO_TIMEOUT_MS = Number(process.env['LEDGER_LENS_SCENARIO_TIMEOUT_MS'] || patient(180_000));

/**
 * Every scenario file of `dir` (each exports `scenario`), `first` ahead of the rest (if that fails,
 * the others will tell less), or only those named in `only`.
 */
export function loadScenarios(dir: string, first: string, only: readonly string[]): Scenario[] {
  const scenarios: Scenario[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.js'))
    .sort()) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(path.join(dir, file)) as { scenario?: Scenario };
    if (!mod.scenario || typeof mod.scenario.run !== 'function') {
      throw new Error(`${file} does not export \`scenario = { name, run(driver) }\``);
    }
    scenarios.push(mod.scenario);
  }
  scenarios.sort((a, b) => (a.name === first ? -1 : b.name === first ? 1 : 0));
  if (!only.length) return scenarios;
  const unknown = only.filter(n => !scenarios.some(s => s.name === n));
  if (unknown.length)
    throw new Error(`no such scenario: ${unknown.join(', ')} (have: ${scenarios.map(s => s.name).join(', ')})`);
  return scenarios.filter(s => only.includes(s.name));
}

export interface E2eResult {
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly string[];
}

export async function runE2e(only: readonly string[] = [], keep = false): Promise<E2eResult> {
  const t0 = Date.now();
  const root = projectRoot();
  const vsix = path.join(root, 'ledger-lens.vsix');
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run package first`);
  // The workbench scenario first: if that fails, the rest will tell less.
  const scenarios = loadScenarios(path.join(__dirname, 'scenarios'), 'workbench', only);
  const tools = ensureTools();
  const shots = path.join(root, 'test-results', 'screenshots');
  fs.rmSync(shots, { recursive: true, force: true });

  let replay: ReplayProcess | undefined;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await server?.stop({ keep });
    await replay?.stop();
  };
  const unregister = onInterrupt(cleanup);
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  try {
    replay = await startReplayProcess({
      portBlock: PortBlocks.e2e,
      scenario: scenarios[0]?.statusScenario ?? 'all-operational',
    });
    // Every network's own entry, so each scenario reads the status page of the network it means.
    const base = {
      'ledgerLens.mirrorNodeUrls': everyNetworkAt(replay.mirrorUrl),
      'ledgerLens.statusUrl': replay.statusUrl,
    };
    const workspace = path.join(root, 'test', 'workspace');
    server = await startCodeServer({ tools, workspace, portBlock: PortBlocks.e2e, vsix, settings: base });
    console.log(
      `replay: mirror ${replay.mirrorUrl}, status ${replay.statusUrl}; code-server ${server.url} (ready in ${server.readyMs} ms)`,
    );
    browser = await launchBrowser(tools.chromium);
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });

    for (const scenario of scenarios) {
      const s0 = Date.now();
      console.log(`scenario ${scenario.name}`);
      let settings: Record<string, unknown> = { ...base, ...scenario.settings };
      server.writeSettings(settings);
      let page: Page | undefined;
      const steps = new Steps(path.join(shots, scenario.name), () => page);
      const pageErrors: string[] = [];
      try {
        // A scenario must not run against the previous one's faults.
        await replay.control.reset(scenario.statusScenario ?? 'all-operational');
        if (scenario.records) await replay.control.addRecords(scenario.records());
        page = await context.newPage();
        page.setDefaultTimeout(patient(20_000));
        page.on('pageerror', e => pageErrors.push(e.message));
        const opened = page;
        const ready = await steps.step('workbench opens', async () => {
          await opened.goto(server!.workbenchUrl(), { timeout: patient(60_000) });
          await opened.locator('.monaco-workbench').waitFor({ timeout: patient(60_000) });
          // Ledger Lens's view container is there once the extension host has read the
          // extension's contributions: from then on its commands are in the palette too.
          await opened
            .locator(
              '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]',
            )
            .first()
            .waitFor({ timeout: patient(60_000) });
          return true;
        });
        if (ready) {
          const srv = server;
          const driver = createDriver({
            page: opened,
            step: steps.step,
            workspace,
            urls: { mirror: replay.mirrorUrl, status: replay.statusUrl },
            control: replay.control,
            writeSetting: (key, value) => {
              settings = { ...settings };
              if (value === undefined) delete settings[key];
              else settings[key] = value;
              srv.writeSettings(settings);
            },
          });
          await withTimeout(scenario.run(driver), SCENARIO_TIMEOUT_MS, `scenario ${scenario.name}`);
        }
      } catch (e) {
        steps.counts.failed++;
        const message = e instanceof Error ? e.message.split('\n')[0] : String(e);
        steps.failures.push(`${scenario.name}: ${message}`);
        console.log(`  FAIL ${scenario.name} stopped: ${message}`);
      } finally {
        await page?.close().catch(() => undefined);
      }
      passed += steps.counts.passed;
      failed += steps.counts.failed;
      failures.push(...steps.failures.map(f => `${scenario.name}: ${f}`));
      if (pageErrors.length && steps.counts.failed)
        console.log(`  (page errors: ${pageErrors.length}; first: ${pageErrors[0].slice(0, 200)})`);
      console.log(
        `  ${scenario.name}: ${steps.counts.passed} passed, ${steps.counts.failed} failed (${((Date.now() - s0) / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    await cleanup();
    unregister();
  }
  console.log(`e2e took ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${path.relative(root, shots)}/`);
  return { passed, failed, failures };
}

if (require.main === module) {
  const args = process.argv.slice(2);
  runE2e(
    args.filter(a => !a.startsWith('--')),
    args.includes('--keep'),
  )
    .then(r => {
      for (const f of r.failures) console.log(`failed: ${f}`);
      console.log(`e2e: ${r.passed} passed, ${r.failed} failed`);
      process.exit(r.failed ? 1 : 0);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      console.log('e2e: 0 passed, 1 failed');
      process.exit(1);
    });
}
