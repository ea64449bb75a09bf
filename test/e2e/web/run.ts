// The browser e2e runner: the same workbench as test/e2e/run.ts (one code-server, one Chromium, one
// pair of replay servers), but the extension installed from a WEB-ONLY package (ledger-lens.vsix
// with `main` removed from its manifest, test/harness/webVsix.ts), so code-server runs Ledger Lens
// in the browser's web worker extension host from dist/web/extension.js, never in Node. The
// scenarios (test/e2e/web/scenarios/) use the same driver; the `host` scenario runs first and
// proves where the extension runs.
//
//   node out/test/e2e/web/run.js [scenario names...] [--keep] [--pictures] [--vsix=file]
// Prints each step, each scenario's counts, and `e2e-web: N passed, N failed`; exit 1 if any
// failed. Screenshots: test-results/screenshots/web/<scenario>/. `--pictures` copies the README's
// picture (web-hover.png) into media/screenshots/. When a scenario fails, the page's console
// errors and the tail of code-server's log are printed: a web extension that does not activate
// says why only there.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../../harness/browser';
import { startCodeServer, type CodeServer } from '../../harness/codeServer';
import { freePorts, PortBlocks } from '../../harness/ports';
import { onInterrupt, spawnGroup, withTimeout } from '../../harness/proc';
import { everyNetworkAt, ReplayControl, type ReplayProcess } from '../../harness/replay';
import { Steps } from '../../harness/step';
import { ensureTools } from '../../harness/tools';
import { makeWebOnlyVsix } from '../../harness/webVsix';
import { patient } from '../../support/patience';
import { projectRoot } from '../../support/paths';
import { createDriver } from '../driver';
import { loadScenarios, type E2eResult } from '../run';
import { WEB_PICTURE, webScreenshots } from './webDriver';

const SCENARIO_TIMEOUT_MS = Number(process.env['LEDGER_LENS_SCENARIO_TIMEOUT_MS'] || patient(180_000));
const LABEL = 'e2e-web';
/** What the workbench logs when an extension's activate() threw (or its file failed to load). */
const ACTIVATION_FAILED = /Activating extension 'ledger-lens\.ledger-lens' failed/;
const LEDGER_LENS_ACTIVITY =
  '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]';

/**
 * The replay servers of this build: out/…/test/support/serve.js beside this runner (the Node
 * runner's startReplayProcess takes out/test/support/serve.js, whichever build wrote it).
 */
async function startReplay(): Promise<ReplayProcess> {
  const serve = path.join(__dirname, '..', '..', 'support', 'serve.js');
  if (!fs.existsSync(serve)) throw new Error(`${serve} is missing: compile the tests first`);
  const [mirrorPort, statusPort, controlPort] = await freePorts(PortBlocks.e2e, 3);
  const args = [serve, '--mirror-port', `${mirrorPort}`, '--status-port', `${statusPort}`];
  args.push('--control-port', `${controlPort}`, '--scenario', 'all-operational');
  const proc = spawnGroup(process.execPath, args, { cwd: projectRoot(), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.child.stderr?.setEncoding('utf8').on('data', (c: string) => (stderr = (stderr + c).slice(-4000)));
  const lines = readline.createInterface({ input: proc.child.stdout! });
  try {
    const ready = await withTimeout(
      new Promise<{ mirror: string; status: string; control: string }>((resolve, reject) => {
        lines.on('line', line => {
          if (!line.startsWith('{')) return;
          const parsed = JSON.parse(line) as { mirror?: unknown; status?: unknown; control?: unknown };
          if (typeof parsed.mirror === 'string' && typeof parsed.status === 'string')
            resolve({ mirror: parsed.mirror, status: parsed.status, control: String(parsed.control) });
        });
        proc.child.on('exit', code => reject(new Error(`serve.js exited with ${code}: ${stderr}`)));
      }),
      20_000,
      'the replay servers',
    );
    proc.child.stdout?.resume();
    return {
      mirrorUrl: ready.mirror,
      statusUrl: ready.status,
      controlUrl: ready.control,
      control: new ReplayControl(ready.control),
      stop: () => proc.stop(3000),
    };
  } catch (e) {
    await proc.stop(1000);
    throw e;
  }
}

/** What the browser said: errors and warnings of the page and its workers (the extension host's). */
function consoleLine(m: ConsoleMessage): string | undefined {
  const type = m.type();
  if (type !== 'error' && type !== 'warning') return undefined;
  return `[${type}] ${m.text().replace(/\s+/g, ' ').slice(0, 400)}`;
}

function printEvidence(consoleLines: readonly string[], server: CodeServer | undefined): void {
  if (consoleLines.length) {
    console.log(`  browser console (${consoleLines.length} errors and warnings; the last 15):`);
    for (const l of consoleLines.slice(-15)) console.log(`    ${l}`);
  }
  if (server && fs.existsSync(server.logFile)) {
    const log = fs.readFileSync(server.logFile, 'utf8').trim().split('\n').slice(-10);
    console.log(`  code-server log (the last ${log.length} lines):`);
    for (const l of log) console.log(`    ${l.slice(0, 300)}`);
  }
}

export interface WebE2eOptions {
  readonly keep?: boolean;
  /** Copy the README's picture into media/ after the run. */
  readonly pictures?: boolean;
  /** The package to make the web-only one from (default: ledger-lens.vsix at the project root). */
  readonly vsix?: string;
}

export async function runWebE2e(only: readonly string[] = [], options: WebE2eOptions = {}): Promise<E2eResult> {
  const { keep = false, pictures = false } = options;
  const t0 = Date.now();
  const root = projectRoot();
  const vsix = options.vsix ?? path.join(root, 'ledger-lens.vsix');
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run package first`);
  // Where the extension runs first: if it is not the web worker, the rest proves nothing.
  const scenarios = loadScenarios(path.join(__dirname, 'scenarios'), 'host', only);
  const tools = ensureTools();
  const shots = webScreenshots();
  fs.rmSync(shots, { recursive: true, force: true });
  const packageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-web-'));
  const webVsix = makeWebOnlyVsix(vsix, path.join(packageDir, 'ledger-lens-web.vsix'));

  let replay: ReplayProcess | undefined;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await server?.stop({ keep });
    await replay?.stop();
    fs.rmSync(packageDir, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  let passed = 0;
  let failed = 0;
  const failures: string[] = [];
  try {
    replay = await startReplay();
    const base = {
      'ledgerLens.mirrorNodeUrls': everyNetworkAt(replay.mirrorUrl),
      'ledgerLens.statusUrl': replay.statusUrl,
    };
    const workspace = path.join(root, 'test', 'workspace');
    server = await startCodeServer({ tools, workspace, portBlock: PortBlocks.e2e, vsix: webVsix, settings: base });
    console.log(
      `replay: mirror ${replay.mirrorUrl}, status ${replay.statusUrl}; code-server ${server.url} (ready in ${server.readyMs} ms); web-only package ${path.basename(webVsix)}`,
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
      const consoleLines: string[] = [];
      // A failed activation ends the scenario at once: every step would wait for it in vain.
      let activationFailed: (e: Error) => void = () => undefined;
      const failure = new Promise<never>((_, reject) => (activationFailed = reject));
      failure.catch(() => undefined);
      try {
        await replay.control.reset(scenario.statusScenario ?? 'all-operational');
        if (scenario.records) await replay.control.addRecords(scenario.records());
        page = await context.newPage();
        page.setDefaultTimeout(patient(20_000));
        page.on('pageerror', e => consoleLines.push(`[pageerror] ${e.message.slice(0, 400)}`));
        page.on('console', m => {
          const line = consoleLine(m);
          if (line) consoleLines.push(line);
          if (ACTIVATION_FAILED.test(m.text()))
            activationFailed(new Error(`Ledger Lens did not activate in the web worker: ${m.text().slice(0, 300)}`));
        });
        const opened = page;
        const ready = await steps.step('workbench opens', async () => {
          await opened.goto(server!.workbenchUrl(), { timeout: patient(60_000) });
          await opened.locator('.monaco-workbench').waitFor({ timeout: patient(60_000) });
          await opened
            .locator(LEDGER_LENS_ACTIVITY)
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
          await withTimeout(
            Promise.race([scenario.run(driver), failure]),
            SCENARIO_TIMEOUT_MS,
            `scenario ${scenario.name}`,
          );
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
      if (steps.counts.failed) printEvidence(consoleLines, server);
      console.log(
        `  ${scenario.name}: ${steps.counts.passed} passed, ${steps.counts.failed} failed (${((Date.now() - s0) / 1000).toFixed(1)} s)`,
      );
    }
  } finally {
    await cleanup();
    unregister();
  }
  if (pictures) copyPicture(root, shots);
  console.log(
    `${LABEL} took ${((Date.now() - t0) / 1000).toFixed(1)} s; screenshots in ${path.relative(root, shots)}/`,
  );
  return { passed, failed, failures };
}

/** The README's picture, once the hover scenario took it. */
function copyPicture(root: string, shots: string): void {
  const source = path.join(shots, WEB_PICTURE.source);
  if (!fs.existsSync(source)) {
    console.log(`no ${WEB_PICTURE.source} to copy (did the hover scenario pass?)`);
    return;
  }
  const target = path.join(root, WEB_PICTURE.target);
  fs.copyFileSync(source, target);
  console.log(`${WEB_PICTURE.target} <- ${WEB_PICTURE.source} (${Math.round(fs.statSync(target).size / 1024)} KB)`);
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const vsix = args.find(a => a.startsWith('--vsix='))?.slice('--vsix='.length);
  runWebE2e(
    args.filter(a => !a.startsWith('--')),
    {
      keep: args.includes('--keep'),
      pictures: args.includes('--pictures'),
      ...(vsix ? { vsix: path.resolve(vsix) } : {}),
    },
  )
    .then(r => {
      for (const f of r.failures) console.log(`failed: ${f}`);
      console.log(`${LABEL}: ${r.passed} passed, ${r.failed} failed`);
      process.exit(r.failed ? 1 : 0);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      console.log(`${LABEL}: 0 passed, 1 failed`);
      process.exit(1);
    });
}
