// What every feature is handed by the composition root.
//
// NARROW INPUTS: the pattern every feature follows.
//   A feature exports `registerX(host: FeatureHost, inputs: XInputs): vscode.Disposable`, where
//   `XInputs` (declared in the feature's own index.ts) lists only the typed pieces it uses:
//     - a client getter, `mirror: () => MirrorClient` (read at call time: the client is replaced
//       when the network or endpoint changes), or `status: () => StatusClient`;
//     - its slice of the settings, `settings: Setting<XSettings>`: `current` and an `onDidChange`
//       that fires only when that slice changed, with the previous and current slice;
//     - the events it reacts to (`onDidChangeMirrorClient: vscode.Event<unknown>`...), a `log`,
//       and writers (`config: SettingsWriter`) when it changes settings.
//   Its manifest (manifest.ts in its folder; the shape is features/manifest.ts) builds those inputs from the services, with
//   the slice `settingsSlice` picks, so the feature's own code never reads the settings nor sees
//   the Services bag, which keeps it testable with fakes and what it depends on visible in its
//   signature.
import * as vscode from 'vscode';
import type { ConfigService } from '../app/config';
import type { Services } from '../app/services';
import type { LedgerLensConfig } from '../app/settings';
import { errorNotice } from './common/notices';
import { notify } from '../app/notifications';
import { errorMessage } from '../util/errorMessage';

/**
 * What the extension's `activate` returns. Integration tests read the features' providers from
 * here (a feature stores its testable parts under its own key); nothing else should depend on it.
 */
export interface LedgerLensExports {
  readonly services: Services;
  readonly features: Record<string, unknown>;
  /** The context keys the manifests set, as last set (the integration suite reads them). */
  contextKeys?: Record<string, boolean>;
  /** How long activation took, as measured by extension.ts (the integration suite reads it). */
  activation?: ActivationTiming;
}

/** Milliseconds from `performance` marks (see src/extension.ts). */
export interface ActivationTiming {
  /**
   * Evaluating the bundle: from its first statement (a banner esbuild.mjs adds) to the end of
   * extension.ts's module body; undefined when not run from the bundle (unit tests).
   */
  readonly loadMs: number | undefined;
  /** activate() from its call to its return. */
  readonly activateMs: number;
  /** Of which: building the services, then each feature's registration, by name. */
  readonly steps: Readonly<Record<string, number>>;
  /** CPU time (user + system) of this process while evaluating the bundle; undefined outside it. */
  readonly loadCpuMs?: number | undefined;
  /** CPU time of activate(): unlike the wall-clock figures, not stretched by other processes. */
  readonly activateCpuMs?: number;
}

/** A command's id: `ledgerLens.` and a name package.json contributes (test/unit/contributions.test.ts checks every one). */
export type CommandId = `ledgerLens.${string}`;

/** What every feature gets whatever it does: the extension, the exports, and command registration. */
export interface FeatureHost {
  readonly extension: vscode.ExtensionContext;
  readonly exports: LedgerLensExports;
  /**
   * Registers a command whose failures reach the user as an error message (and the log), never as
   * an unhandled rejection. The handler's return value is passed through to `executeCommand`.
   */
  registerCommand(id: CommandId, handler: (...args: unknown[]) => unknown): vscode.Disposable;
}

/** The log a feature writes to. */
export interface FeatureLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  show(preserveFocus?: boolean): void;
}

export interface SettingChange<T> {
  readonly previous: T;
  readonly current: T;
}

/** A feature's slice of the settings: the current value, and a change event for that slice only. */
export interface Setting<T> {
  readonly current: T;
  readonly onDidChange: vscode.Event<SettingChange<T>>;
}

/**
 * A slice of the settings, recomputed when the settings change; its event fires only when the
 * slice differs (compared by value), so a feature hears about its own settings and no others.
 * The slice object stays the same between changes (callers may memoise on it).
 */
export function settingsSlice<T>(
  config: ConfigService,
  pick: (config: LedgerLensConfig) => T,
): Setting<T> & vscode.Disposable {
  const emitter = new vscode.EventEmitter<SettingChange<T>>();
  // Read through to the settings snapshot, so a slice read while a change is being announced
  // (by a listener that ran first) is already the new one.
  let seen = config.current;
  let value = pick(seen);
  let announced = value;
  const read = (): T => {
    const c = config.current;
    if (c !== seen) {
      seen = c;
      const next = pick(c);
      if (!sameValue(next, value)) value = next;
    }
    return value;
  };
  const sub = config.onDidChange(() => {
    const current = read();
    if (current === announced) return;
    const previous = announced;
    announced = current;
    emitter.fire({ previous, current });
  });
  return {
    get current() {
      return read();
    },
    onDidChange: emitter.event,
    dispose() {
      sub.dispose();
      emitter.dispose();
    },
  };
}

/** Structural equality of plain setting values (strings, numbers, booleans, arrays, objects). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    k =>
      Object.prototype.hasOwnProperty.call(b, k) &&
      sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

// EntityTarget moved to the pure core (src/ledger/target.ts). Re-exported here until helper
// "panels" has switched its imports; then this line goes.

export function createFeatureHost(
  extension: vscode.ExtensionContext,
  exports: LedgerLensExports,
  log: FeatureLog,
): FeatureHost {
  return {
    extension,
    exports,
    registerCommand(id, handler) {
      return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await handler(...args);
        } catch (e) {
          if (e instanceof vscode.CancellationError) return undefined;
          const message = errorMessage(e);
          log.error(`${id}: ${message}`);
          // Not awaited: the promise settles only when the user dismisses the message.
          void notify('error', errorNotice(message), 'Show log').then(pick => {
            if (pick) log.show(true);
          });
          return undefined;
        }
      });
    },
  };
}
