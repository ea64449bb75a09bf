// Ledger Lens's activation time as the extension host itself measures it: the workbench's
// "Developer: Show Running Extensions" editor shows, per extension, codeLoadingTime +
// activateCallTime (loading the main module, then running activate() until it returns), the
// figures VS Code's extension host records when it activates an extension.
//
// readActivationMs(page, runCommand) reads it in an open workbench (the e2e walkthrough uses it);
// measureActivation() starts code-server with ledger-lens.vsix and an empty baseline extension
// (test/bench/baseline-extension, packaged on the fly) and opens `samples` fresh pages (each a
// fresh extension host), reading both rows in each: the baseline is what the host charges any
// extension, so Ledger Lens's own share is the difference, free of the machine's load.
import { createVSIX } from '@vscode/vsce';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './browser';
import { startCodeServer } from './codeServer';
import { PortBlocks } from './ports';
import { projectRoot } from '../support/paths';
import { ensureTools } from './tools';

export const EXTENSION_NAME = 'Ledger Lens';
/** The display name of test/bench/baseline-extension. */
export const BASELINE_NAME = 'Activation Baseline';

/** Opens Show Running Extensions and returns Ledger Lens's activation time in ms. */
export async function readActivationMs(page: Page, runCommand: (title: string) => Promise<void>): Promise<number> {
  await runCommand('Developer: Show Running Extensions');
  return activationMsOf(page, EXTENSION_NAME);
}

/** The activation time of the extension `name` in an open Running Extensions editor. */
async function activationMsOf(page: Page, name: string): Promise<number> {
  const row = page.locator('.runtime-extensions-editor .monaco-list-row', { hasText: name }).first();
  const time = row.locator('.activation-time, .activationTime').first();
  // A virtual list, slowest first: rows out of view are not in the page. In a short window (the
  // editor may open as a modal) the row can be below the fold: scroll down until it is rendered.
  const list = page.locator('.runtime-extensions-editor .monaco-list').first();
  await list.waitFor({ timeout: 20_000 });
  for (let scrolled = 0; (await row.count()) === 0 && scrolled < 40; scrolled++) {
    await list.hover();
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(100);
  }
  await time.waitFor({ timeout: 20_000 });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const text = (await time.innerText()).trim();
    const m = /(\d+)\s*ms/.exec(text);
    if (m) return Number(m[1]);
    if (Date.now() > deadline) throw new Error(`no activation time for ${name}: "${text}"`);
    await page.waitForTimeout(250);
  }
}

/** Runs `title` from the command palette (reopened until the command is listed, at most 30 s). */
export async function paletteCommand(page: Page, title: string): Promise<void> {
  const box = page.locator('.quick-input-widget .quick-input-box input');
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: title }).first();
  const deadline = Date.now() + 30_000;
  for (;;) {
    await page.keyboard.press('F1');
    await box.waitFor({ state: 'visible', timeout: 10_000 });
    await box.fill('>' + title);
    try {
      await row.waitFor({ timeout: 5000 });
      break;
    } catch (e) {
      if (Date.now() > deadline) throw new Error(`no command ${title} in the palette`, { cause: e });
      await page.keyboard.press('Escape');
    }
  }
  await row.click();
}

export interface ActivationSamples {
  readonly samples: number[];
  /** The empty baseline extension's figure in the same workbenches, sample for sample. */
  readonly baseline: number[];
  /** Ledger Lens's own account of each activation (its log): 'activated in … ms (…); bundle evaluated in … ms'. */
  readonly logLines: string[];
}

/** The 'activated in' lines of every Ledger Lens log under a code-server's folder. */
function activationLogLines(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(`${EXTENSION_NAME}.log`))
        out.push(
          ...fs
            .readFileSync(p, 'utf8')
            .split('\n')
            .filter(l => l.includes('activated in')),
        );
    }
  };
  walk(dir);
  return out.map(l => l.replace(/^.*?activated in/, 'activated in'));
}

/** Packages test/bench/baseline-extension into a temporary .vsix (vsce's own API, offline). */
async function baselineVsix(): Promise<string> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'll-baseline-')), 'activation-baseline.vsix');
  const cwd = path.join(projectRoot(), 'test', 'bench', 'baseline-extension');
  await createVSIX({ cwd, packagePath: out, dependencies: false, allowMissingRepository: true });
  return out;
}

/**
 * The settings a workbench is measured with. Nothing may leave the machine either way.
 * - `defaults`: a fresh install, no `ledgerLens.*` setting; VS Code's `http.proxy` (which Ledger
 *   Lens's HTTP layer and the extension host both honour) points at a closed loopback port, so the
 *   first requests after activation (the status page) fail at once instead of reaching the internet.
 * - `endpoints`: `ledgerLens.mirrorNodeUrl` and `statusUrl` set (to that closed port): a user's value
 *   to check, so the settings' schemas and zod load during activation.
 */
export type ActivationProfile = 'defaults' | 'endpoints';
const DEAD_END = 'http://127.0.0.1:9';
const PROFILE_SETTINGS: Record<ActivationProfile, Record<string, unknown>> = {
  defaults: { 'http.proxy': DEAD_END, 'http.proxySupport': 'override' },
  endpoints: { 'ledgerLens.mirrorNodeUrl': DEAD_END, 'ledgerLens.statusUrl': DEAD_END },
};

/**
 * Fresh workbenches with the packaged extension and the empty baseline beside it; both activation
 * times in each.
 */
export async function measureActivation(
  samples = 3,
  profile: ActivationProfile = 'defaults',
): Promise<ActivationSamples> {
  const root = projectRoot();
  const vsix = path.join(root, 'ledger-lens.vsix');
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run package first`);
  const tools = ensureTools();
  const baseline = await baselineVsix();
  const server = await startCodeServer({
    tools,
    workspace: path.join(root, 'test', 'workspace'),
    portBlock: PortBlocks.spare,
    vsix: [vsix, baseline],
    // Nowhere to go: the figure is activation, not the first requests.
    settings: PROFILE_SETTINGS[profile],
  });
  const browser = await launchBrowser(tools.chromium);
  try {
    // Tall enough for every row of Running Extensions (a virtual list: rows out of view are not in
    // the page, and the baseline sorts near the bottom).
    const context = await browser.newContext({ viewport: { width: 1400, height: 3000 } });
    const out: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < samples; i++) {
      const page = await context.newPage();
      try {
        await page.goto(server.workbenchUrl(), { timeout: 60_000 });
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        out.push(await readActivationMs(page, title => paletteCommand(page, title)));
        floor.push(await activationMsOf(page, BASELINE_NAME));
      } finally {
        await page.close().catch(() => undefined);
      }
    }
    return { samples: out, baseline: floor, logLines: activationLogLines(server.dir) };
  } finally {
    await closeBrowser(browser);
    await server.stop();
    fs.rmSync(path.dirname(baseline), { recursive: true, force: true });
  }
}
