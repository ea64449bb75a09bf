// Ledger Lens's activation time in the web worker extension host, as that host measures it
// (codeLoadingTime + activateCallTime in "Developer: Show Running Extensions", read by
// test/harness/activation.ts's readActivationMs): code-server with the web-only package
// (test/harness/webVsix.ts), `samples` fresh pages, each a fresh web worker extension host. Each
// sample's row must say "web worker", so the figure is never the Node host's.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Page } from 'playwright-core';
import { paletteCommand, readActivationMs } from '../../harness/activation';
import { closeBrowser, launchBrowser } from '../../harness/browser';
import { startCodeServer } from '../../harness/codeServer';
import { PortBlocks } from '../../harness/ports';
import { ensureTools } from '../../harness/tools';
import { makeWebOnlyVsix } from '../../harness/webVsix';
import { projectRoot } from '../../support/paths';
import { WEB_WORKER_LABEL } from './webDriver';

/**
 * Nowhere to go: the browser does not use VS Code's http.proxy, so the endpoints themselves point
 * at a closed loopback port (the figure is activation, not the first requests, and nothing may
 * leave the machine).
 */
const DEAD_END = 'http://127.0.0.1:9';
const SETTINGS = { 'ledgerLens.mirrorNodeUrl': DEAD_END, 'ledgerLens.statusUrl': DEAD_END };

/** The browser entry's own account of the parts activate() reads (src/extension.web.ts). */
const PARTS_READ = /(\d+) parts \(([\d.]+) KB\) read in ([\d.]+) ms while activating/;

export interface WebActivation {
  /** The host's figure (codeLoadingTime + activateCallTime), per workbench. */
  readonly samples: number[];
  /** What activate() then awaits: the parts it reads, per workbench, from Ledger Lens's log. */
  readonly partsReadMs: number[];
  /** That log line of the first workbench. */
  readonly partsLine: string | undefined;
}

/** The first line of Ledger Lens's log that matches PARTS_READ (the view shows the first lines). */
async function partsLine(page: Page): Promise<string | undefined> {
  const editor = page.locator('.part.panel .monaco-editor').first();
  // A palette row clicked while the fresh window still fills the list can close it without running
  // the command: up to three tries.
  for (let attempt = 1; ; attempt++) {
    await paletteCommand(page, 'Ledger Lens: Show log');
    const shown = await editor.waitFor({ timeout: 7000 }).then(
      () => true,
      () => false,
    );
    if (shown) break;
    if (attempt >= 3) throw new Error('the Ledger Lens log did not show');
  }
  const deadline = Date.now() + 20_000;
  for (;;) {
    await editor.click();
    await page.keyboard.press('Control+Home');
    const text = (await editor.locator('.view-lines').innerText()).replace(/\s+/g, ' ');
    const m = PARTS_READ.exec(text);
    if (m) return m[0];
    if (Date.now() > deadline) return undefined;
    await page.waitForTimeout(500);
  }
}

/**
 * Activation in `samples` fresh web worker extension hosts, with the web-only package made from
 * `vsix` (default: ledger-lens.vsix at the project root).
 */
export async function measureWebActivation(
  samples = 3,
  vsix = path.join(projectRoot(), 'ledger-lens.vsix'),
): Promise<WebActivation> {
  const root = projectRoot();
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run package first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-webact-'));
  const tools = ensureTools();
  let server: Awaited<ReturnType<typeof startCodeServer>> | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    server = await startCodeServer({
      tools,
      workspace: path.join(root, 'test', 'workspace'),
      portBlock: PortBlocks.spare,
      vsix: makeWebOnlyVsix(vsix, path.join(dir, 'ledger-lens-web.vsix')),
      settings: SETTINGS,
    });
    browser = await launchBrowser(tools.chromium);
    const context = await browser.newContext({ viewport: { width: 1400, height: 3000 } });
    const out: number[] = [];
    const partsReadMs: number[] = [];
    let first: string | undefined;
    for (let i = 0; i < samples; i++) {
      const page = await context.newPage();
      try {
        await page.goto(server.workbenchUrl(), { timeout: 60_000 });
        await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
        // The log first: the palette does not open from the Running Extensions editor's list.
        const line = await partsLine(page);
        first ??= line;
        const m = line === undefined ? null : PARTS_READ.exec(line);
        if (m) partsReadMs.push(Number(m[3]));
        const ms = await readActivationMs(page, title => paletteCommand(page, title));
        const row = await page
          .locator('.runtime-extensions-editor .monaco-list-row', { hasText: 'Ledger Lens' })
          .first()
          .innerText();
        if (!row.includes(WEB_WORKER_LABEL))
          throw new Error(`Ledger Lens is not in the web worker extension host: ${row.replace(/\s+/g, ' ')}`);
        out.push(ms);
      } finally {
        await page.close().catch(() => undefined);
      }
    }
    return { samples: out, partsReadMs, partsLine: first };
  } finally {
    await closeBrowser(browser);
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
