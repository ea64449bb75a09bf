// Which extension host Ledger Lens runs in: VS Code's Node extension host (the desktop, a remote,
// code-server's server side) or the web worker extension host of a browser (vscode.dev, github.dev,
// code-server serving a web extension). The entry sets it before anything else runs
// (src/extension.ts: Node; src/extension.web.ts: the browser), and the few places whose behaviour
// depends on it read it here rather than probing globals (a web worker may have a `process` shim).
// Pure: no `vscode`, so the net layer and the unit tests can read it.

export type HostKind = 'node' | 'web';

export interface Platform {
  /** The extension host this copy of the code was started by. */
  readonly host: HostKind;
  /** How HTTP requests are made: undici's pooled client (Node) or the platform's fetch (a browser). */
  readonly transport: 'undici' | 'fetch';
  /**
   * Whether work can move to a worker thread (artifact indexing, build-info, deployment records, a
   * replay). A browser does not: VS Code's server cannot start workers from a remotely installed web
   * extension (microsoft/vscode#168942), so that work runs in time slices on the extension host's
   * thread.
   */
  readonly workerThreads: boolean;
  /** The words the log and messages use for the host ("the web worker extension host"). */
  readonly hostName: string;
}

export const NODE_PLATFORM: Platform = {
  host: 'node',
  transport: 'undici',
  workerThreads: true,
  hostName: 'the Node extension host',
};

export const WEB_PLATFORM: Platform = {
  host: 'web',
  transport: 'fetch',
  workerThreads: false,
  hostName: 'the web worker extension host',
};

let current: Platform = NODE_PLATFORM;

/** The platform the entry chose (Node until an entry says otherwise, as in the unit tests). */
export function platform(): Platform {
  return current;
}

/** Called once by an entry, before the services are built; tests call it and restore NODE_PLATFORM. */
export function usePlatform(chosen: Platform): void {
  current = chosen;
}

/** True in a browser's web worker extension host. */
export function inBrowser(): boolean {
  return current.host === 'web';
}

/**
 * Node's `process` in the Node extension host; undefined in a browser. The one place our code reads
 * the global (test/unit/shipping/webBuild.test.ts checks no other module of the browser build does).
 */
export function nodeProcess(): NodeJS.Process | undefined {
  return current.host === 'node' ? (globalThis as { process?: NodeJS.Process }).process : undefined;
}

/**
 * The process environment where there is one (Node); an empty one in a browser, which has no
 * HTTPS_PROXY of its own (the browser applies its proxy itself).
 */
export function processEnv(): Readonly<Record<string, string | undefined>> {
  return nodeProcess()?.env ?? {};
}

/** Loads a part of the browser build by name (src/web/parts.ts); absent in Node. */
type PartLoader = (name: string) => Promise<void>;
let partLoader: PartLoader | undefined;

/** Called by the browser entry: how `partReady` loads a part. */
export function usePartLoader(loader: PartLoader | undefined): void {
  partLoader = loader;
}

/**
 * Resolves once the part `name` (a file of the browser build, e.g. `lazy-replay-engine`) can be
 * required. In Node every part is a synchronous require away: resolved at once. Only the parts the
 * build leaves out of every feature's needs (build/web-build.mjs, ON_DEMAND) must be asked for.
 */
export function partReady(name: string): Promise<void> {
  return partLoader ? partLoader(name) : Promise.resolve();
}
