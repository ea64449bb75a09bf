// The frame of the two `npm start` checks (offline and real mirror node): a fresh state folder and
// port, `npm start` launched as a step that reads the URLs it prints, Chromium on the workbench for
// the caller's own steps, then Ctrl+C as the last step, which must stop everything it started.
// Whatever happens, the browser, npm start and the state folder are cleaned up, also on an interrupt.
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import type { Browser, Page } from 'playwright-core';
import { projectRoot } from '../support/paths';
import { closeBrowser, launchBrowser } from './browser';
import { launchStart, type StartUrls } from './launchStart';
import { freePort, PortBlocks } from './ports';
import { onInterrupt, withTimeout, type GroupProcess } from './proc';
import { Steps, type StepCounts } from './step';
import { ensureTools } from './tools';

export interface StartCheckOptions {
  /** The temporary state folder's name prefix (LEDGER_LENS_START_STATE). */
  readonly statePrefix: string;
  /** The folder under test-results/screenshots. */
  readonly screenshots: string;
  readonly launch: {
    readonly step: string;
    /** start.mjs's mode arguments; `--no-build --port N` follow them. */
    readonly args: readonly string[];
    /** The line naming the mirror node; its first group is the URL. */
    readonly mirrorLine: RegExp;
    readonly timeoutMs: number;
    readonly label: string;
  };
  readonly stop: {
    readonly step: string;
    /** How long npm start may take to exit after SIGINT. */
    readonly exitMs: number;
    /** After it exited, none of these may answer (each asked with probeMs to answer). */
    readonly silent: (urls: StartUrls) => readonly string[];
    readonly probeMs: number;
    /** The clean-up's grace for the process group when a step failed before Ctrl+C. */
    readonly cleanupMs: number;
  };
}

export interface StartedWorkbench {
  readonly steps: Steps;
  readonly urls: StartUrls;
  /** Chromium on a fresh 1400×900 page, `defaultTimeoutMs` for its waits; closed before Ctrl+C. */
  readonly openPage: (defaultTimeoutMs: number) => Promise<Page>;
}

/** Ledger Lens's icon in the activity bar (a link inside the item, or the item itself). */
export const LEDGER_LENS_ACTIVITY =
  '.part.activitybar .action-item a[aria-label^="Ledger Lens"], .part.activitybar .action-item[aria-label^="Ledger Lens"]';

/** Whether anything answers HTTP at `url` within `timeoutMs`. */
export function answers(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise(resolve => {
    const req = http.get(url, { timeout: timeoutMs }, res => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Runs `npm start` as `options` says, the caller's steps against it, then Ctrl+C; the step counts. */
export async function runStartCheck(
  options: StartCheckOptions,
  body: (started: StartedWorkbench) => Promise<void>,
): Promise<StepCounts> {
  const root = projectRoot();
  const tools = ensureTools();
  const state = fs.mkdtempSync(path.join(os.tmpdir(), options.statePrefix));
  const port = await freePort(PortBlocks.startOffline);
  let start: GroupProcess | undefined;
  let browser: Browser | undefined;
  let page: Page | undefined;
  const steps = new Steps(path.join(root, 'test-results', 'screenshots', options.screenshots), () => page);
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await start?.stop(options.stop.cleanupMs);
    fs.rmSync(state, { recursive: true, force: true });
  };
  const unregister = onInterrupt(cleanup);
  try {
    const { launch, stop } = options;
    const urls = await steps.step(launch.step, async () => {
      const launched = launchStart({
        root,
        args: [...launch.args, '--no-build', '--port', String(port)],
        state,
        mirrorLine: launch.mirrorLine,
        timeoutMs: launch.timeoutMs,
        label: launch.label,
      });
      start = launched.process;
      return launched.urls;
    });
    if (!urls) return steps.counts;

    const openPage = async (defaultTimeoutMs: number): Promise<Page> => {
      browser = await launchBrowser(tools.chromium);
      page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
      page.setDefaultTimeout(defaultTimeoutMs);
      return page;
    };
    await body({ steps, urls, openPage });
    await closeBrowser(browser);
    browser = undefined;
    page = undefined;

    await steps.step(stop.step, async () => {
      const proc = start!;
      const exited = new Promise<number | null>(resolve => {
        if (proc.child.exitCode !== null) resolve(proc.child.exitCode);
        else proc.child.on('exit', code => resolve(code));
      });
      process.kill(proc.pid, 'SIGINT');
      await withTimeout(exited, stop.exitMs, 'npm start after SIGINT');
      for (const url of stop.silent(urls)) {
        if (await answers(url, stop.probeMs)) throw new Error(`${url} still answers after npm start stopped`);
      }
    });
  } finally {
    await cleanup();
    unregister();
  }
  return steps.counts;
}
