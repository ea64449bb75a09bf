// Helpers for integration tests (they run inside the extension host, with the real vscode API).
// Feature suites reuse these: activate the extension and reach its exports, change settings the way
// a user does, and wait for something asynchronous with a bound.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { LedgerLensExports } from '../../src/features/context';
import { freePort, PortBlocks } from '../harness/ports';
import { contractCallRoutes } from '../support/contractCallRoutes';
import { startMirrorReplay, type MirrorReplay } from '../support/mirrorReplay';
import { patient } from '../support/patience';
import { startStatusServer, type StatusServer } from '../support/statusServer';

export const EXTENSION_ID = 'ledger-lens.ledger-lens';

/** Activates Ledger Lens (if it is not yet) and returns what `activate` returned. */
export async function activateLedgerLens(): Promise<LedgerLensExports> {
  const ext = vscode.extensions.getExtension<LedgerLensExports>(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is not installed in this extension host`);
  const api = await ext.activate();
  assert.ok(api && typeof api === 'object' && 'services' in api, 'activate() returned the Ledger Lens exports');
  return api;
}

/**
 * Sets a setting in the user (global) scope, the scope the e2e tests and users use; `undefined`
 * removes it. The key is the full key, e.g. `ledgerLens.network`.
 */
export async function setSetting(key: string, value: unknown): Promise<void> {
  const dot = key.lastIndexOf('.');
  const section = key.slice(0, dot);
  const name = key.slice(dot + 1);
  await vscode.workspace.getConfiguration(section).update(name, value, vscode.ConfigurationTarget.Global);
}

/** Removes the user values of `keys` (after a test that changed them). */
export async function resetSettings(...keys: string[]): Promise<void> {
  for (const key of keys) await setSetting(key, undefined);
}

/**
 * Polls `predicate` until it returns a truthy value (returned) or `timeoutMs` (a quiet machine's
 * wait, scaled by the patience factor) passes (throws, naming `what`). The predicate may be async; exceptions it throws count as "not yet".
 */
export async function waitFor<T>(
  predicate: () => T | Promise<T>,
  timeoutMs = 5000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + patient(timeoutMs);
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() > deadline) {
      const detail = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what} not reached within ${patient(timeoutMs)} ms${detail}`);
    }
    await new Promise(resolve => setTimeout(resolve, 25));
  }
}

/** Resolves with the next value of `event` (bounded), e.g. `nextEvent(services.onDidChangeMirrorClient)`. */
export function nextEvent<T>(event: vscode.Event<T>, timeoutMs = 5000, what = 'event'): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`${what} did not fire within ${patient(timeoutMs)} ms`));
    }, patient(timeoutMs));
    const sub = event(value => {
      clearTimeout(timer);
      sub.dispose();
      resolve(value);
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Loopback replay servers, started inside the extension host (this process), with the extension
// pointed at them through its user settings.

export interface Replay {
  /** The mirror node replaying ../shared/fixtures/mirror-node/responses.jsonl. */
  readonly mirror: MirrorReplay;
  /** The status page serving one scenario of ../shared/fixtures/statuspage. */
  readonly status: StatusServer;
}

export interface ReplayOptions {
  /** Status page scenario (default `all-operational`). */
  readonly scenario?: string;
  /** Another responses.jsonl (default: the shared recordings). */
  readonly recordsFile?: string;
}

/** Binds the first port of the integration block that works (other runs may hold some). */
async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  const [first, last] = PortBlocks.integration;
  let lastError: unknown;
  for (let port = first; port <= last; port++) {
    try {
      return await start(port);
    } catch (e) {
      lastError = e;
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    }
  }
  throw new Error(`no free port in ${first}-${last}: ${String(lastError)}`);
}

/**
 * The networks the replay serves through `ledgerLens.mirrorNodeUrls`: testnet (the network under
 * `auto` when the code says nothing), mainnet (a `network: mainnet` test) and the local node. Public
 * mainnet and previewnet keep their own mirror node, which usePublicReplay stands in for: a
 * forMainnet() file reaches that one. A set `mirrorNodeUrl` would take every request instead, and
 * the status item would then ask the replay for its own health rather than read the status page.
 */
const REPLAY_NETWORKS = ['testnet', 'mainnet', 'local'] as const;

/**
 * Starts both servers and points `ledgerLens.mirrorNodeUrls` (REPLAY_NETWORKS) and
 * `ledgerLens.statusUrl` at them; resolves once the extension's settings snapshot shows the new
 * URLs. `stop()` resets the settings and closes the servers.
 */
export async function startReplay(options: ReplayOptions = {}): Promise<Replay & { stop(): Promise<void> }> {
  const mirror = await onFreePort(port =>
    // The contract routes answer calls and storage from the EVM world (made on the first such request).
    startMirrorReplay({
      port,
      routes: contractCallRoutes(),
      ...(options.recordsFile ? { recordsFile: options.recordsFile } : {}),
    }),
  );
  let status: StatusServer;
  try {
    status = await onFreePort(port => startStatusServer({ port, scenario: options.scenario ?? 'all-operational' }));
  } catch (e) {
    await mirror.close();
    throw e;
  }
  const api = await activateLedgerLens();
  await setSetting('ledgerLens.mirrorNodeUrls', Object.fromEntries(REPLAY_NETWORKS.map(n => [n, mirror.url])));
  await setSetting('ledgerLens.statusUrl', status.url);
  await waitFor(
    () =>
      api.services.config.current.mirrorBaseUrl === mirror.url && api.services.config.current.statusUrl === status.url,
    5000,
    'the extension reading the replay URLs',
  );
  return {
    mirror,
    status,
    async stop() {
      // mirrorNodeUrl too: a test may have set it over the replay's entries.
      await resetSettings('ledgerLens.mirrorNodeUrl', 'ledgerLens.mirrorNodeUrls', 'ledgerLens.statusUrl');
      await Promise.all([mirror.close(), status.close()]);
    },
  };
}

/** Runs `fn` with the replay servers up and the extension pointed at them; always cleans up. */
export async function withReplay<T>(fn: (replay: Replay) => Promise<T>, options: ReplayOptions = {}): Promise<T> {
  const replay = await startReplay(options);
  try {
    return await fn(replay);
  } finally {
    await replay.stop();
  }
}

/**
 * For a whole `describe` block: starts the servers in `before`, stops them in `after`, and returns
 * a getter for them (valid inside the tests). After each test the mirror's fault, record choices
 * and added records are cleared.
 *
 * Every feature of the extension shares these servers while the block runs (the Blocks view polls
 * `/api/v1/blocks` when visible, the status bar polls the status page): a test that checks
 * `mirror.requests` should look only at the paths it caused.
 *
 *   describe('hover', () => {
 *     const replay = useReplay();
 *     it('...', async () => { replay().mirror.setFault(...); ... });
 *   });
 */
export function useReplay(options: ReplayOptions = {}): () => Replay {
  let current: (Replay & { stop(): Promise<void> }) | undefined;
  before(async () => {
    current = await startReplay(options);
  });
  afterEach(() => {
    // Each test starts from the plain recordings.
    current?.mirror.setFault(undefined);
    current?.mirror.clearSelections();
    current?.mirror.clearAddedRecords();
  });
  after(async () => {
    await current?.stop();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('useReplay(): the servers run only inside the tests of its describe block');
    return current;
  };
}

/**
 * A loopback replay standing in for the public mainnet mirror node for one describe block, and for
 * previewnet too: "found elsewhere" asks it, and a test never reaches a real network.
 */
export function usePublicReplay(options: { sparePort?: boolean } = {}): () => MirrorReplay {
  let current: MirrorReplay | undefined;
  before(async () => {
    // The same EVM world answers contract calls and storage on every network (contractCallRoutes.ts).
    current = await startMirrorReplay({
      routes: contractCallRoutes(),
      ...(options.sparePort ? { port: await freePort(PortBlocks.spare) } : {}),
    });
    const api = await activateLedgerLens();
    api.services.overrideMirrorUrlForTests('mainnet-public', current.url);
    api.services.overrideMirrorUrlForTests('previewnet', current.url);
  });
  after(async () => {
    const api = await activateLedgerLens();
    api.services.overrideMirrorUrlForTests('mainnet-public', undefined);
    api.services.overrideMirrorUrlForTests('previewnet', undefined);
    await current?.close();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error('usePublicReplay(): the server runs only inside the tests of its describe block');
    return current;
  };
}

/** Every hover's markdown at the first `needle` in the document (two characters in), joined. */
export async function hoverMarkdown(doc: vscode.TextDocument, needle: string): Promise<string> {
  const offset = doc.getText().indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in the document`);
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    doc.uri,
    doc.positionAt(offset + 2),
  );
  return hovers
    .flatMap(h => h.contents)
    .map(c => (c instanceof vscode.MarkdownString ? c.value : typeof c === 'string' ? c : c.value))
    .join('\n');
}

/** The same with Markdown's escapes removed: the text as the user reads it. */
export async function hoverText(doc: vscode.TextDocument, needle: string): Promise<string> {
  return (await hoverMarkdown(doc, needle)).replace(/\\(.)/g, '$1');
}
