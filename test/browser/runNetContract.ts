// The net layer's contract suite inside Chromium: the cases (test/unit/net/contract/cases.ts) and
// src/net bundled for the browser (browserBundle.ts, which also checks that no Node module and no
// global `Buffer` reach the bundle), served from a loopback page on one origin and run against the
// contract server on another, so every request is a cross-origin fetch under CORS, as on
// vscode.dev. Prints each case, then `net contract in Chromium: N passed, N failed`; exit 1 on a
// failure.
//
//   node out/test/browser/runNetContract.js
//
// The browser: LEDGER_LENS_CHROMIUM (or CHROMIUM), else /usr/bin/chromium.
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { Browser } from 'playwright-core';
import { closeBrowser, launchBrowser } from '../harness/browser';
import { onInterrupt } from '../harness/proc';
import { projectRoot } from '../support/paths';
import { bundleForBrowser, type BrowserBundle } from './browserBundle';
import type { NetContractResult } from './netContract';
import { startNetContractServer, type NetContractServer } from '../support/netContractServer';

const LABEL = 'net contract in Chromium';
const PAGE_ENTRY = 'test/browser/netContract.ts';
/** A module with what the checks must catch: they are shown to fail on it before they pass. */
const NODE_ONLY_ENTRY = 'test/browser/fixtures/nodeOnly.ts';
/** The whole page run; each case is bounded inside the page too (netContract.ts). */
const RUN_LIMIT_MS = 120_000;

interface PageServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The page's own origin: the HTML and the bundle, under a CSP that allows scripts only from here
 * (fetches may go anywhere over http(s): the cases choose where, refused ports included).
 */
async function startPageServer(bundle: string): Promise<PageServer> {
  const html =
    '<!doctype html><meta charset="utf-8"><title>net contract</title><script src="/netContract.js"></script>';
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://page').pathname;
    if (pathname === '/') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; script-src 'self'; connect-src http: https:",
      });
      res.end(html);
    } else if (pathname === '/netContract.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' });
      res.end(bundle);
    } else res.writeHead(404).end();
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function isResult(value: unknown): value is NetContractResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r['name'] === 'string' &&
    typeof r['ok'] === 'boolean' &&
    typeof r['message'] === 'string' &&
    typeof r['ms'] === 'number' &&
    (r['differs'] === undefined || typeof r['differs'] === 'string')
  );
}

/** The bundle's own checks, as results beside the cases'. */
function bundleChecks(bundle: BrowserBundle, nodeOnly: BrowserBundle): NetContractResult[] {
  const caught = {
    builtin: nodeOnly.nodeModules.some(m => / imports zlib$/.test(m)),
    undici: nodeOnly.nodeModules.some(m => / imports undici$/.test(m)),
    buffer: nodeOnly.bufferReads.some(f => f.startsWith(NODE_ONLY_ENTRY)),
  };
  return [
    {
      name: 'the bundle checks catch a Node built-in, undici and a global Buffer',
      ok: caught.builtin && caught.undici && caught.buffer,
      message: `caught ${JSON.stringify(caught)} in ${NODE_ONLY_ENTRY}`,
      ms: 0,
    },
    {
      name: 'the browser bundle has no Node built-in and no undici',
      ok: bundle.nodeModules.length === 0,
      message: bundle.nodeModules.join('; '),
      ms: 0,
    },
    {
      name: 'the browser bundle reads no global Buffer',
      ok: bundle.bufferReads.length === 0,
      message: bundle.bufferReads.join(', '),
      ms: 0,
    },
  ];
}

async function runInChromium(browser: Browser, pageUrl: string, server: string): Promise<NetContractResult[]> {
  const page = await browser.newPage();
  page.on('console', m => {
    // Chromium logs every answer that is not a 2xx as an error: the cases ask for many on purpose.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource:'))
      console.log(`page console: ${m.text()}`);
  });
  // An error thrown while the bundle loads means no case will ever run: say so now rather than
  // waiting out the run's limit. A later page error is printed and the cases go on.
  const brokenAtLoad = new Promise<never>((_, reject) =>
    page.on('pageerror', e => {
      console.log(`page error: ${e.message}`);
      void page
        .evaluate(() => (globalThis as { __results?: unknown }).__results === undefined)
        .then(notStarted => notStarted && reject(new Error(`the page's script failed: ${e.message}`)))
        .catch(() => undefined);
    }),
  );
  await page.goto(`${pageUrl}/?server=${encodeURIComponent(server)}`);
  const done = page.waitForFunction(() => (globalThis as { __done?: boolean }).__done === true, undefined, {
    timeout: RUN_LIMIT_MS,
  });
  // Unfinished, the cases that did end are still reported, and the run fails beside them.
  const unfinished = await Promise.race([done, brokenAtLoad]).then(
    () => undefined,
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  const raw: unknown = await page.evaluate(() => (globalThis as { __results?: unknown }).__results);
  const results = (Array.isArray(raw) ? raw : []).map((r: unknown, i) =>
    isResult(r) ? r : { name: `result #${i}`, ok: false, message: `malformed: ${JSON.stringify(r)}`, ms: 0 },
  );
  if (unfinished) results.push({ name: 'the page run', ok: false, message: unfinished, ms: 0 });
  else if (!Array.isArray(raw)) results.push({ name: 'the page run', ok: false, message: 'no results', ms: 0 });
  return results;
}

function print(result: NetContractResult): void {
  const differs = result.differs ? ` [differs in a browser: ${result.differs}]` : '';
  if (result.ok) console.log(`ok   ${result.name} (${result.ms} ms)${differs}`);
  else console.log(`FAIL ${result.name} (${result.ms} ms)${differs}: ${result.message}`);
}

async function main(): Promise<number> {
  let browser: Browser | undefined;
  let pageServer: PageServer | undefined;
  let contractServer: NetContractServer | undefined;
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await pageServer?.close();
    await contractServer?.close();
  };
  const unregister = onInterrupt(cleanup);
  const results: NetContractResult[] = [];
  try {
    const t0 = Date.now();
    const bundle = await bundleForBrowser(projectRoot(), PAGE_ENTRY);
    console.log(`bundle: ${(bundle.code.length / 1024).toFixed(0)} KB in ${Date.now() - t0} ms`);
    results.push(...bundleChecks(bundle, await bundleForBrowser(projectRoot(), NODE_ONLY_ENTRY)));
    if (bundle.processReads.length)
      console.log(`note: the bundle reads the global process (none in a browser) in ${bundle.processReads.join(', ')}`);
    contractServer = await startNetContractServer();
    pageServer = await startPageServer(bundle.code);
    console.log(`page ${pageServer.url}, contract server ${contractServer.url}`);
    browser = await launchBrowser(
      process.env['LEDGER_LENS_CHROMIUM'] || process.env['CHROMIUM'] || '/usr/bin/chromium',
    );
    results.push(...(await runInChromium(browser, pageServer.url, contractServer.url)));
  } catch (e) {
    results.push({ name: 'the run', ok: false, message: e instanceof Error ? e.message : String(e), ms: 0 });
  } finally {
    await cleanup();
    unregister();
  }
  results.forEach(print);
  const failed = results.filter(r => !r.ok).length;
  console.log(`${LABEL}: ${results.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

void main().then(code => process.exit(code));
