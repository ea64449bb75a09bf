// Runs the integration suite (test/integration, compiled to out/test/integration) INSIDE
// code-server's Node extension host: the equivalent of `code --extensionDevelopmentPath=<project>
// --extensionTestsPath=out/test/integration`, which code-server has no switch for.
//
// How: the web workbench reads VS Code's `payload` URL parameter (extensionDevelopmentPath,
// extensionTestsPath) when the server runs with `--vscode-option enable-smoke-test-driver`. A
// headless browser must load the page (the client starts the remote extension host) but nothing is
// clicked. The extension host's console arrives through window.codeAutomationLog, and when run()
// settles the workbench calls window.codeAutomationExit(code). index.ts also writes its counts to
// the file named by LEDGER_LENS_TEST_RESULT, which reaches the extension host through the server's
// environment.
//
//   node out/test/harness/exthost.js [--grep <regexp>] [--keep] [--untrusted]
// --untrusted runs test/integration/untrusted instead, in a workspace that is NOT trusted (workspace
// trust on, Restricted Mode) whose .vscode/settings.json points every endpoint setting at a loopback
// server started here ("elsewhere"); the suite reads what that server received from
// LEDGER_LENS_ELSEWHERE_URL + /__requests.
// Env: LEDGER_LENS_EXTHOST_TIMEOUT_MS (default 600000), LEDGER_LENS_SHOW_ALL_LOGS=1
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import * as util from 'util';
import type { Browser } from 'playwright-core';
import { closeBrowser, launchBrowser } from './browser';
import { remoteUri, startCodeServer, type CodeServer } from './codeServer';
import { freePort, PortBlocks } from './ports';
import { onInterrupt, withTimeout } from './proc';
import { projectRoot } from '../support/paths';
import { ensureTools } from './tools';
import { NETWORKS } from '../../src/ledger/networks';

// Workbench chatter of an offline, headless run that is not the suite's output.
const NOISE =
  /open-vsx|ENOTFOUND|ERR_NAME_NOT_RESOLVED|EAI_AGAIN|AgentHost|AccountPolicyGate|connection token|Creating a socket|reconnection-grace-time|Service Worker|builtin extensions cache|ChatModelSelection|vsda|workbench\.js:\d+|marketplace|gallery/i;

export interface ExtHostResult {
  readonly exitCode: number;
  readonly passed: number;
  readonly failed: number;
  readonly pending: number;
  readonly ms: number;
}

interface ResultFile {
  passes?: number;
  failures?: number;
  pending?: number;
}

/** The server an untrusted workspace's settings point at: it records every request it gets. */
interface Elsewhere {
  readonly url: string;
  readonly workspace: string;
  close(): Promise<void>;
}

async function startElsewhere(): Promise<Elsewhere> {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/__requests') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(received));
      return;
    }
    received.push(`${req.method ?? '?'} ${req.url ?? ''}`);
    // Answer like a mirror node would, so a leak would look like success and not be retried away.
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"links":{"next":null}}');
  });
  const port = await freePort(PortBlocks.spare);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${port}`;
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'll-untrusted-'));
  fs.mkdirSync(path.join(workspace, '.vscode'));
  fs.writeFileSync(
    path.join(workspace, '.vscode', 'settings.json'),
    JSON.stringify(
      {
        'ledgerLens.mirrorNodeUrl': url,
        // Every network's own entry too: none of them may reach this server either.
        'ledgerLens.mirrorNodeUrls': Object.fromEntries(NETWORKS.map(n => [n, url])),
        'ledgerLens.statusUrl': url,
        'ledgerLens.scheme': 'http',
      },
      null,
      2,
    ) + '\n',
  );
  fs.writeFileSync(path.join(workspace, 'ids.ts'), "export const account = '0.0.8';\n");
  return {
    url,
    workspace,
    async close() {
      server.closeAllConnections();
      await new Promise<void>(resolve => server.close(() => resolve()));
      fs.rmSync(workspace, { recursive: true, force: true });
    },
  };
}

export interface ExtHostOptions {
  readonly grep?: string;
  readonly keep?: boolean;
  readonly timeoutMs?: number;
  /** Another compiled suite entry (a folder with index.js exporting run()); default out/test/integration. */
  readonly testsPath?: string;
  /** More environment for the extension host (e.g. the URLs of servers the suite talks to). */
  readonly env?: Readonly<Record<string, string>>;
  /** Run in an untrusted workspace whose settings point the endpoints at a recording server. */
  readonly untrusted?: boolean;
}

export async function runExtensionHostTests(options: ExtHostOptions = {}): Promise<ExtHostResult> {
  const t0 = Date.now();
  const root = projectRoot();
  const testsPath = options.testsPath ?? path.join(root, 'out', 'test', 'integration');
  if (!fs.existsSync(path.join(testsPath, 'index.js')))
    throw new Error(`${testsPath}/index.js is missing: run npx tsc -p test/tsconfig.json first`);
  if (!fs.existsSync(path.join(root, 'dist', 'extension.js')))
    throw new Error('dist/extension.js is missing: run npm run build first');
  const timeoutMs = options.timeoutMs ?? Number(process.env.LEDGER_LENS_EXTHOST_TIMEOUT_MS || 600_000);
  const resultFile = path.join(os.tmpdir(), `ll-integration-${process.pid}.json`);
  fs.rmSync(resultFile, { force: true });
  const tools = ensureTools();

  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let elsewhere: Elsewhere | undefined;
  let finished = false;
  const cleanup = async (): Promise<void> => {
    await closeBrowser(browser);
    await server?.stop({ keep: options.keep ?? false });
    await elsewhere?.close();
  };
  const unregister = onInterrupt(cleanup);
  try {
    if (options.untrusted) elsewhere = await startElsewhere();
    server = await startCodeServer({
      tools,
      workspace: elsewhere?.workspace ?? path.join(root, 'test', 'workspace'),
      portBlock: PortBlocks.exthost,
      smokeTestDriver: true,
      workspaceTrust: options.untrusted ?? false,
      env: {
        ...options.env,
        LEDGER_LENS_TEST_RESULT: resultFile,
        ...(options.grep ? { LEDGER_LENS_GREP: options.grep } : {}),
        ...(elsewhere ? { LEDGER_LENS_SUITE: 'untrusted', LEDGER_LENS_ELSEWHERE_URL: elsewhere.url } : {}),
      },
    });
    console.log(`code-server ready on ${server.url} in ${server.readyMs} ms`);
    browser = await launchBrowser(tools.chromium);
    const page = await browser.newPage();
    const showAll = process.env.LEDGER_LENS_SHOW_ALL_LOGS === '1';
    await page.exposeFunction('codeAutomationLog', (level: unknown, args: unknown) => {
      if (finished) return; // shutdown chatter after run() settled
      const line = util.format(...(Array.isArray(args) ? (args as unknown[]) : [args]));
      if (showAll || !NOISE.test(line)) (level === 'error' ? console.error : console.log)(line);
    });
    const exited = new Promise<number>(resolve => {
      void page.exposeFunction('codeAutomationExit', (code: unknown) => {
        finished = true;
        resolve(typeof code === 'number' ? code : 1);
      });
    });
    const url = server.workbenchUrl(undefined, [
      ['extensionDevelopmentPath', remoteUri(root)],
      ['extensionTestsPath', remoteUri(testsPath)],
      ['skipWelcome', 'true'],
    ]);
    await page.goto(url, { timeout: 60_000 });
    let exitCode: number;
    try {
      exitCode = await withTimeout(exited, timeoutMs, 'the integration suite');
    } catch (e) {
      console.error(e instanceof Error ? e.message : String(e));
      exitCode = 3;
    }
    let counts: ResultFile = {};
    try {
      counts = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as ResultFile;
    } catch {
      // the suite never got to write it (crash, timeout): counted as one failure below
    }
    fs.rmSync(resultFile, { force: true });
    const passed = counts.passes ?? 0;
    const failed = counts.failures ?? (exitCode === 0 ? 0 : 1);
    return {
      exitCode,
      passed,
      failed: exitCode !== 0 && failed === 0 ? 1 : failed,
      pending: counts.pending ?? 0,
      ms: Date.now() - t0,
    };
  } finally {
    await cleanup();
    unregister();
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const grepAt = args.indexOf('--grep');
  const grep = grepAt >= 0 ? args[grepAt + 1] : undefined;
  runExtensionHostTests({
    ...(grep ? { grep } : {}),
    keep: args.includes('--keep'),
    untrusted: args.includes('--untrusted'),
  })
    .then(r => {
      console.log(`extension host exited with code ${r.exitCode} after ${r.ms} ms`);
      console.log(`integration: ${r.passed} passed, ${r.failed} failed${r.pending ? `, ${r.pending} pending` : ''}`);
      process.exit(r.exitCode === 0 && r.failed === 0 ? 0 : 1);
    })
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : String(e));
      console.log('integration: 0 passed, 1 failed');
      process.exit(1);
    });
}
