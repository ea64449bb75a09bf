// What every feature is handed by the composition root.
import * as vscode from 'vscode';
import type { CommandId } from '../commands';
import type { Services } from '../services';
import { errorNotice } from './common/notices';

/**
 * What the extension's `activate` returns. Integration tests read the features' providers from
 * here (a feature stores its testable parts under its own key); nothing else should depend on it.
 */
export interface LedgerLensExports {
  readonly services: Services;
  readonly features: Record<string, unknown>;
}

export interface FeatureContext {
  readonly services: Services;
  readonly extension: vscode.ExtensionContext;
  readonly exports: LedgerLensExports;
  /**
   * Registers a command whose failures reach the user as an error message (and the log), never as
   * an unhandled rejection. The handler's return value is passed through to `executeCommand`.
   */
  registerCommand(id: CommandId, handler: (...args: unknown[]) => unknown): vscode.Disposable;
}

/** The kinds of thing a command can act on: tree nodes, hover links and panels all pass these. */
export type EntityKind = 'account' | 'contract' | 'token' | 'topic' | 'schedule' | 'transaction' | 'block';

export interface EntityTarget {
  readonly kind: EntityKind;
  /** `0.0.x` for entities, the `-` form for transactions, the number or hash for blocks. */
  readonly id: string;
  readonly evmAddress?: string;
}

/** Something (a tree node, say) that stands for an entity. */
export interface HasTarget {
  readonly target: EntityTarget;
}

export function createFeatureContext(
  services: Services,
  extension: vscode.ExtensionContext,
  exports: LedgerLensExports,
): FeatureContext {
  return {
    services,
    extension,
    exports,
    registerCommand(id, handler) {
      return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
        try {
          return await handler(...args);
        } catch (e) {
          if (e instanceof vscode.CancellationError) return undefined;
          const message = e instanceof Error ? e.message : String(e);
          services.log.error(`${id}: ${message}`);
          // Not awaited: the promise settles only when the user dismisses the message.
          void vscode.window.showErrorMessage(errorNotice(message), 'Show log').then(pick => {
            if (pick) services.log.show(true);
          });
          return undefined;
        }
      });
    },
  };
}
