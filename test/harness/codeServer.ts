// Starts a throw-away code-server (VS Code 1.139 as a web server) on 127.0.0.1 for the tests and for
// `npm start`, with private HOME, TMPDIR, user data and extensions folders, and stops it with all of
// its helpers (file watcher, extension hosts, pty host) by process group.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { freePort, PortBlocks } from './ports';
import { sleep, spawnGroup, type GroupProcess } from './proc';
import type { Tools } from './tools';

/** User settings that keep an offline, headless workbench quiet and deterministic. */
export const QUIET_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'chat.disableAIFeatures': true,
  'extensions.autoCheckUpdates': false,
  // The value this VS Code wants: it migrates `false` to "off" by writing settings.json as a window
  // starts, which raced with the runner's own writes (a dirty settings.json, then every setting
  // written by the extension refused).
  'extensions.autoUpdate': 'off',
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'window.restoreWindows': 'none',
  'editor.hover.delay': 150,
};

export interface CodeServerOptions {
  readonly tools: Tools;
  /** The folder the workbench opens. */
  readonly workspace: string;
  readonly port?: number;
  readonly portBlock?: readonly [number, number];
  /** Extra user settings on top of QUIET_SETTINGS. */
  readonly settings?: Readonly<Record<string, unknown>>;
  /** A .vsix (or several) installed before the server starts. */
  readonly vsix?: string | readonly string[];
  /** `--vscode-option enable-smoke-test-driver`: needed for payload's extension test keys. */
  readonly smokeTestDriver?: boolean;
  readonly env?: Readonly<Record<string, string>>;
  /** Keep user data and extensions here across runs (npm start); a fresh temp folder otherwise. */
  readonly stateDir?: string;
  /** Bounded wait for /healthz. */
  readonly readyTimeoutMs?: number;
  /**
   * Workspace trust on (default off): the folder opens in Restricted Mode unless trusted, with no
   * startup prompt. For the untrusted-workspace tests.
   */
  readonly workspaceTrust?: boolean;
}

/** User settings that turn workspace trust on without a modal prompt (the folder stays untrusted). */
export const TRUST_SETTINGS: Readonly<Record<string, unknown>> = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.emptyWindow': false,
};

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly dir: string;
  readonly logFile: string;
  readonly readyMs: number;
  readonly settingsFile: string;
  /** The workbench URL for `folder`, with an optional `payload` (development path, tests path). */
  workbenchUrl(folder?: string, payload?: ReadonlyArray<readonly [string, string]>): string;
  /** Replaces the user settings (QUIET_SETTINGS are always kept); the workbench picks them up live. */
  writeSettings(settings: Readonly<Record<string, unknown>>): void;
  stop(options?: { keep?: boolean }): Promise<void>;
}

function healthy(port: number): Promise<boolean> {
  return new Promise(resolve => {
    const req = http.get({ host: '127.0.0.1', port, path: '/healthz', timeout: 2000 }, res => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Remote URI of a server-side path; in code-server the remote authority is the word `remote`. */
export function remoteUri(p: string): string {
  return `vscode-remote://remote${p}`;
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const { tools } = options;
  const temporary = !options.stateDir;
  // Short paths: VS Code puts unix sockets under TMPDIR, and those must stay under ~107 characters.
  const dir = options.stateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'll-cs-'));
  const userData = path.join(dir, 'ud');
  const extensionsDir = path.join(dir, 'ext');
  const sockets = fs.mkdtempSync(path.join(os.tmpdir(), 'll-t-'));
  const home = path.join(dir, 'home');
  for (const d of [path.join(userData, 'User'), extensionsDir, home]) fs.mkdirSync(d, { recursive: true });
  const settingsFile = path.join(userData, 'User', 'settings.json');
  const writeSettings = (settings: Readonly<Record<string, unknown>>): void => {
    const trust = options.workspaceTrust ? TRUST_SETTINGS : {};
    fs.writeFileSync(settingsFile, JSON.stringify({ ...QUIET_SETTINGS, ...trust, ...settings }, null, 2) + '\n');
  };
  writeSettings(options.settings ?? {});

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    TMPDIR: sockets,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    ...options.env,
  };
  // The harness's own flags must not leak into the extension host's Node.
  delete env.NODE_OPTIONS;
  const common = [
    '--config',
    path.join(dir, 'config.yaml'),
    '--user-data-dir',
    userData,
    '--extensions-dir',
    extensionsDir,
  ];

  const packages = typeof options.vsix === 'string' ? [options.vsix] : (options.vsix ?? []);
  if (packages.length > 0) {
    const install = packages.flatMap(p => ['--install-extension', p]);
    const r = spawnSync(tools.node24, [tools.codeServer, ...common, ...install, '--force'], {
      env,
      encoding: 'utf8',
      timeout: 120_000,
    });
    if (r.status !== 0) {
      throw new Error(
        `installing ${packages.join(', ')} into code-server failed (${r.error?.message ?? `exit ${r.status}`}):\n${r.stdout}\n${r.stderr}`,
      );
    }
  }

  const logFile = path.join(dir, 'code-server.log');
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  let server: GroupProcess | undefined;
  let port = 0;
  const t0 = Date.now();
  // A port that was free when checked can be taken before code-server binds it: try another.
  for (let attempt = 0; attempt < 3 && !server; attempt++) {
    port = options.port ?? (await freePort(options.portBlock ?? PortBlocks.e2e));
    const out = fs.openSync(logFile, 'a');
    const proc = spawnGroup(
      tools.node24,
      [
        tools.codeServer,
        '--auth',
        'none',
        '--bind-addr',
        `127.0.0.1:${port}`,
        '--disable-telemetry',
        '--disable-update-check',
        ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
        // A closed tab must not keep its extension host alive for hours.
        '--reconnection-grace-time',
        '5',
        ...common,
        ...(options.smokeTestDriver ? ['--vscode-option', 'enable-smoke-test-driver'] : []),
        options.workspace,
      ],
      { env, stdio: ['ignore', out, out] },
    );
    fs.closeSync(out);
    const deadline = Date.now() + readyTimeoutMs;
    let ok = false;
    while (Date.now() < deadline) {
      if (proc.child.exitCode !== null || proc.child.signalCode !== null) break;
      if (await healthy(port)) {
        ok = true;
        break;
      }
      await sleep(150);
    }
    if (ok) {
      server = proc;
      break;
    }
    await proc.stop(1000);
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
    if (options.port !== undefined || !/EADDRINUSE/.test(log)) {
      if (temporary) fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(sockets, { recursive: true, force: true });
      throw new Error(`code-server did not answer /healthz within ${readyTimeoutMs} ms; its log:\n${log.slice(-4000)}`);
    }
  }
  if (!server) throw new Error('code-server could not bind a port');
  const readyMs = Date.now() - t0;
  const running = server;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    dir,
    logFile,
    readyMs,
    settingsFile,
    writeSettings,
    workbenchUrl(folder = options.workspace, payload) {
      // Slashes left readable: the printed URL is for people too, and code-server accepts them.
      let u = `${url}/?folder=${encodeURIComponent(folder).replace(/%2F/g, '/')}`;
      if (payload?.length) u += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
      return u;
    },
    async stop({ keep = false } = {}) {
      await running.stop(5000);
      fs.rmSync(sockets, { recursive: true, force: true });
      if (temporary && !keep) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
