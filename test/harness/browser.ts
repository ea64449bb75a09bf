// Debian's Chromium driven by playwright-core (never `playwright install`: that downloads browsers).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium, type Browser } from 'playwright-core';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(executablePath: string): Promise<Browser> {
  // A private HOME keeps Chromium's crash reports and caches out of the user's home.
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'll-chr-'));
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ARGS,
    timeout: 60_000,
    // We handle signals ourselves (proc.ts), so the browser process is not orphaned.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    env: {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
    },
  });
  browser.on('disconnected', () => fs.rmSync(home, { recursive: true, force: true }));
  return browser;
}

/** Closes the browser within a bound; a hung close must not hang the run. */
export async function closeBrowser(browser: Browser | undefined): Promise<void> {
  if (!browser) return;
  await Promise.race([browser.close().catch(() => undefined), new Promise(r => setTimeout(r, 10_000))]);
}
