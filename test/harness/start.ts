// `npm start`'s second half (test/start.mjs builds first): serves the sample workspace in a local
// VS Code (code-server) with the freshly packaged Ledger Lens installed, and prints the URL.
//   --offline            point Ledger Lens at a local replay of recorded mirror node responses
//                        (test/support/offline-fixtures) and status pages, instead of testnet
//   --scenario <name>    the status page scenario of the offline replay (default all-operational)
//   --port <n>           the port to serve on (default: the first free one of 18500-18509)
//   --real-mirror        point Ledger Lens at the real mirror node REST server, run here on a local
//                        PostgreSQL with the "demo" set of its own spec data (realMirror.ts; the
//                        first run installs it), and at the offline status page replay
//   --fresh              forget the UI state kept in .vscode-test/start from earlier runs
import * as fs from 'fs';
import * as path from 'path';
import { startCodeServer, type CodeServer } from './codeServer';
import { freePort, PortBlocks } from './ports';
import { onInterrupt } from './proc';
import { projectRoot } from '../support/paths';
import { startRealMirror, type RealMirror } from './realMirror';
import { everyNetworkAt, startReplayProcess, type ReplayProcess } from './replay';
import { startTimingLine, type StartPhase } from './startTiming';
import { ensureTools } from './tools';

export interface StartOptions {
  readonly offline: boolean;
  readonly realMirror?: boolean;
  readonly scenario?: string;
  readonly port?: number;
  readonly fresh?: boolean;
}

export interface Started {
  readonly url: string;
  readonly offline: { readonly mirror: string; readonly status: string } | undefined;
  /** With --real-mirror: the real server's URL and its log. */
  readonly realMirror?: { readonly url: string; readonly log: string };
  /** How long each part took, and what was installed or built once on the way. */
  readonly phases: readonly StartPhase[];
  readonly firstUse: readonly string[];
  stop(): Promise<void>;
}

/** What test/start.mjs did before it handed over: when the command started, its phases, what it installed. */
export interface StartBefore {
  readonly startedAt: number;
  readonly phases: readonly StartPhase[];
  readonly firstUse: readonly string[];
}

const ENDPOINT_KEYS = ['ledgerLens.mirrorNodeUrl', 'ledgerLens.mirrorNodeUrls', 'ledgerLens.statusUrl'] as const;

/** The user's own settings from an earlier run (edited in the UI), without our endpoint overrides. */
function previousSettings(file: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const copy: Record<string, unknown> = { ...(parsed as Record<string, unknown>) };
    for (const key of ENDPOINT_KEYS) delete copy[key];
    return copy;
  } catch {
    return {}; // none yet, or JSON with comments we cannot merge: start from ours
  }
}

export async function startWorkbench(options: StartOptions): Promise<Started> {
  const root = projectRoot();
  const vsix = path.join(root, 'ledger-lens.vsix');
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run package first`);
  const tools = ensureTools();
  // LEDGER_LENS_START_STATE: the e2e check of npm start keeps its state apart from the user's.
  const stateDir = process.env['LEDGER_LENS_START_STATE'] || path.join(root, '.vscode-test', 'start');
  if (options.fresh) fs.rmSync(stateDir, { recursive: true, force: true });
  const settings = previousSettings(path.join(stateDir, 'ud', 'User', 'settings.json'));

  // The workbench's port first, so a plain `npm start` is at 18500, the replay beside it.
  const port = options.port ?? (await freePort(PortBlocks.start));
  let replay: ReplayProcess | undefined;
  let real: RealMirror | undefined;
  const phases: StartPhase[] = [];
  const tReplay = Date.now();
  if (options.realMirror) {
    const tReal = Date.now();
    real = await startRealMirror({ sets: ['demo'], log: line => console.log(`real mirror node: ${line}`) });
    const t = real.timings;
    phases.push({
      name: 'real mirror node',
      ms: Date.now() - tReal,
      parts: [
        { name: 'install', ms: t.installMs },
        { name: 'database', ms: t.databaseMs },
        { name: 'data', ms: t.loadMs },
        { name: 'server', ms: t.serversMs },
      ],
    });
    try {
      // The status page stays offline too: the replay's, with nothing wrong.
      replay = await startReplayProcess({ portBlock: PortBlocks.start, scenario: 'all-operational' });
    } catch (e) {
      await real.stop();
      throw e;
    }
    settings['ledgerLens.mirrorNodeUrls'] = everyNetworkAt(real.sets['demo'].url);
    settings['ledgerLens.statusUrl'] = replay.statusUrl;
    // Accounts of the demo data, unless the user listed their own in an earlier run.
    settings['ledgerLens.accounts'] ??= ['0.0.8', '0.0.98'];
  } else if (options.offline) {
    replay = await startReplayProcess({
      portBlock: PortBlocks.start,
      scenario: options.scenario ?? 'all-operational',
      recordsFile: path.join(root, 'test', 'support', 'offline-fixtures', 'responses.jsonl'),
    });
    settings['ledgerLens.mirrorNodeUrls'] = everyNetworkAt(replay.mirrorUrl);
    settings['ledgerLens.statusUrl'] = replay.statusUrl;
  }
  if (replay) phases.push({ name: real ? 'status page' : 'replay', ms: Date.now() - tReplay - (phases[0]?.ms ?? 0) });
  const tWorkbench = Date.now();
  let server: CodeServer;
  try {
    server = await startCodeServer({
      tools,
      workspace: path.join(root, 'test', 'workspace'),
      port,
      vsix,
      settings,
      stateDir,
    });
  } catch (e) {
    await replay?.stop();
    await real?.stop();
    throw e;
  }
  phases.push({ name: 'workbench', ms: Date.now() - tWorkbench });
  const demo = real?.sets['demo'];
  return {
    phases,
    firstUse: real?.firstUse ?? [],
    url: server.workbenchUrl(),
    offline: replay && !real ? { mirror: replay.mirrorUrl, status: replay.statusUrl } : undefined,
    ...(demo ? { realMirror: { url: demo.url, log: demo.logFile } } : {}),
    async stop() {
      await server.stop();
      await replay?.stop();
      await real?.stop();
    },
  };
}

function parseArgs(argv: readonly string[]): StartOptions {
  let offline = false;
  let realMirror = false;
  let fresh = false;
  let scenario: string | undefined;
  let port: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--offline') offline = true;
    else if (a === '--real-mirror') realMirror = true;
    else if (a === '--fresh') fresh = true;
    else if (a === '--scenario') scenario = argv[++i];
    else if (a === '--port') {
      port = Number(argv[++i]);
      if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port needs a port number');
    } else if (a === '--no-build') {
      // handled by test/start.mjs
    } else
      throw new Error(
        `unknown option ${a} (known: --offline, --real-mirror, --scenario <name>, --port <n>, --fresh, --no-build)`,
      );
  }
  if (offline && realMirror) throw new Error('--offline and --real-mirror are two different mirror nodes: pick one');
  return { offline, realMirror, fresh, ...(scenario ? { scenario } : {}), ...(port !== undefined ? { port } : {}) };
}

export async function main(argv: readonly string[], before?: StartBefore): Promise<void> {
  const options = parseArgs(argv);
  const t0 = Date.now();
  const started = await startWorkbench(options);
  onInterrupt(() => started.stop());
  console.log('');
  console.log(
    startTimingLine({
      totalMs: Date.now() - (before?.startedAt ?? t0),
      phases: [...(before?.phases ?? []), ...started.phases],
      firstUse: [...(before?.firstUse ?? []), ...started.firstUse],
    }),
  );
  console.log('Ledger Lens is running in VS Code (code-server). Open this in a browser:');
  console.log('');
  console.log(`  ${started.url}`);
  console.log('');
  if (started.realMirror) {
    console.log(
      `Real mirror node: the REST server itself at ${started.realMirror.url} (log ${started.realMirror.log})`,
    );
    console.log('(its own spec data; hover 0.0.8 or 0.0.10-1234567890-000000001, open the Accounts and Blocks views)');
  } else if (started.offline) {
    console.log(`Offline: mirror node replay at ${started.offline.mirror}, status page at ${started.offline.status}`);
    console.log('(recorded responses; hover 0.0.8, 0.0.2001 or 0.0.10-1234567890-000000001 in the sample files)');
  } else {
    console.log('Talking to the configured network (testnet by default). No internet? Use: npm start -- --offline');
  }
  console.log('Press Ctrl+C to stop.');
  // Stays up until a signal: proc.ts stops the server and the replay, then exits.
  setInterval(() => undefined, 60_000);
  await new Promise<never>(() => undefined);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
}
