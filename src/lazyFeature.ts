// The lazy seam at the registration boundary: a feature whose code is not needed before its first
// use (a command, a restored panel, a terminal line) is registered at activation with small stubs
// only, and its module is required (dist/lazy-<feature>.js, see build/extension-build.mjs) the
// first time one of them is used. The feature's own registerX then runs unchanged:
//   - commands: a stub per command id stays registered (through the host, with its error
//     handling); the feature's own registration of that id is captured and the stub calls it;
//   - hand-overs (a webview panel serializer, a terminal link provider): a stub VS Code calls; on
//     its first call every hand-over stub is disposed before the feature registers its own (VS Code
//     accepts one serializer per view type), and the call is forwarded to the feature's;
//   - `exports.features[name]` (what the integration tests read) loads the feature when read.
import * as vscode from 'vscode';
import type { CommandId } from './commands';
import type { FeatureHost } from './features/context';

/** A stub VS Code calls before the feature is loaded; `forward` hands the call to the loaded feature. */
export type HandOver = (forward: <T>(use: (feature: unknown) => T) => T) => vscode.Disposable;

export interface LazyFeatureSpec {
  /** Its key in `exports.features` (what the feature's registerX stores there). */
  readonly name: string;
  /** The command ids the feature registers (package.json's); each gets a stub at activation. */
  readonly commands: readonly CommandId[];
  /** Stubs registered in VS Code until the feature is loaded. */
  readonly handOvers?: readonly HandOver[];
  /** Requires the feature's module and runs its registerX with the host it is given. */
  readonly load: (host: FeatureHost) => vscode.Disposable;
}

/** The feature behind its stubs; `load()` loads it now (a no-op once loaded). */
export interface LazyFeature extends vscode.Disposable {
  load(): void;
}

export function lazyFeature(host: FeatureHost, spec: LazyFeatureSpec, onLoad?: (ms: number) => void): LazyFeature {
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const features: Record<string, unknown> = {};
  let registered: vscode.Disposable | undefined;
  let disposed = false;
  const handOvers: vscode.Disposable[] = [];

  const realize = (): unknown => {
    if (!registered) {
      if (disposed) throw new Error(`Ledger Lens: ${spec.name} is no longer available`);
      const started = performance.now();
      for (const h of handOvers.splice(0)) h.dispose();
      const inner: FeatureHost = {
        extension: host.extension,
        exports: { ...host.exports, features },
        registerCommand: (id, handler) => {
          if (!spec.commands.includes(id)) return host.registerCommand(id, handler);
          handlers.set(id, handler);
          return { dispose: () => handlers.delete(id) };
        },
      };
      registered = spec.load(inner);
      // The feature's exports replace the loading accessor (a plain property from now on).
      Object.defineProperty(host.exports.features, spec.name, {
        value: features[spec.name],
        writable: true,
        enumerable: true,
        configurable: true,
      });
      onLoad?.(performance.now() - started);
    }
    return features[spec.name];
  };
  const forward = <T>(use: (feature: unknown) => T): T => use(realize());

  Object.defineProperty(host.exports.features, spec.name, {
    get: realize,
    enumerable: true,
    configurable: true,
  });
  const stubs = spec.commands.map(id =>
    host.registerCommand(id, (...args: unknown[]) => {
      realize();
      const handler = handlers.get(id);
      if (!handler) throw new Error(`${id} is not available`);
      return handler(...args);
    }),
  );
  for (const make of spec.handOvers ?? []) handOvers.push(make(forward));
  return {
    load: () => void realize(),
    dispose: () => {
      disposed = true;
      for (const d of [...stubs, ...handOvers.splice(0)]) d.dispose();
      registered?.dispose();
    },
  };
}

/** A webview panel serializer stub: the panel goes to the loaded feature's `revive`. */
export function serializerHandOver(
  viewType: string,
  revive: (feature: unknown, panel: vscode.WebviewPanel, state: unknown) => Promise<void>,
): HandOver {
  return forward =>
    vscode.window.registerWebviewPanelSerializer(viewType, {
      deserializeWebviewPanel: (panel, state: unknown) => forward(feature => revive(feature, panel, state)),
    });
}
